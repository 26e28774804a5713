import { isApiError, messageOf } from '../../auth/apiClient';
import { useJudgingSetup, useJudgingWrites, useStaffGallery } from './judgingApi';

/**
 * The console's data: the setup (which says whether the viewer is the organiser), the submitted
 * projects as the organiser's gallery lists them, and the organiser's writes. Each section reads
 * what else it needs (rankings, votes) when it is shown.
 */
export function useJudgingConsole(username: string, signedIn: boolean) {
  const setup = useJudgingSetup(username, signedIn);
  const isOrganiser = setup.data?.viewer.isOrganiser ?? false;
  const gallery = useStaffGallery(username, signedIn && isOrganiser);
  const writes = useJudgingWrites(username, setup.data?.hackathon._id ?? username);
  const error = setup.error;
  return {
    setup: setup.data,
    projects: gallery.data?.projects ?? [],
    writes,
    loading: setup.isPending,
    notFound: isApiError(error) && error.status === 404,
    forbidden: (isApiError(error) && error.status === 403) || (setup.data !== undefined && !isOrganiser),
    loadError: error ? messageOf(error, 'The judging setup could not be loaded') : null,
    retry: () => setup.refetch(),
  };
}

export type JudgingConsole = ReturnType<typeof useJudgingConsole>;
