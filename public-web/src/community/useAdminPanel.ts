import { useState } from 'react';
import type { CommunityUser } from '@circuit/shared/api/community';
import { messageOf } from '../auth/apiClient';
import { notify } from '../ui/toast';
import { useCommunityParticipants, useModeration, type ModerationAction } from './communityApi';
import { authorName } from './communityState';

const DONE: Record<ModerationAction, string> = {
  addAdmin: 'Community admin added',
  removeAdmin: 'Community admin removed',
  removeUser: 'User removed from the community',
  reAddUser: 'User re-added to the community',
};

/** The admin panel's data and actions; a removal waits for a confirmation first. */
export function useAdminPanel(hackathonId: string) {
  const participants = useCommunityParticipants(hackathonId, true);
  const moderation = useModeration(hackathonId);
  const [confirmRemove, setConfirmRemove] = useState<CommunityUser | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const run = (action: ModerationAction, user: CommunityUser) => {
    setPending(`${action}:${user._id}`);
    moderation.mutate(
      { action, userId: user._id },
      {
        onSuccess: () => notify.success(`${DONE[action]}: ${authorName(user)}`),
        onError: (err) => notify.error(messageOf(err, 'That did not work. Please try again.')),
        onSettled: () => {
          setPending(null);
          setConfirmRemove(null);
        },
      },
    );
  };

  return {
    data: participants.data,
    loading: participants.isPending,
    failed: participants.isError,
    retry: () => void participants.refetch(),
    pending,
    isPending: (action: ModerationAction, userId: string) => pending === `${action}:${userId}`,
    run,
    confirmRemove,
    askRemove: setConfirmRemove,
  };
}
