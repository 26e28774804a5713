import { AnnouncementMessages } from '@circuit/shared/hackathons/announcement-messages';
import { isApiError, messageOf } from '../../auth/apiClient';
import { useAnnouncements } from './announcementsApi';

/** An announcements page's data and what a failed load means (404 not found, 403 not public, else a retry). */
export function useAnnouncementsPage(hackathon: string) {
  const query = useAnnouncements(hackathon);
  const error = query.error;
  const notFound = isApiError(error) && error.status === 404;
  const notAvailable = isApiError(error) && error.status === 403;
  return {
    data: query.data,
    notFound,
    notAvailable,
    failed: Boolean(error) && !notFound && !notAvailable,
    failedMessage: messageOf(error, AnnouncementMessages.loadFailed),
    retry: () => void query.refetch(),
  };
}
