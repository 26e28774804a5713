import { useParams } from 'react-router-dom';
import { AnnouncementsById } from './AnnouncementsById';
import { AnnouncementsByUsername } from './AnnouncementsByUsername';
import { announcementsOf, isHackathonId } from './announcementsApi';

/**
 * /hackathons/{username}/announcements and /hackathons/{hackathonId}/announcements share one path
 * (spec 2 section 2): an id (a UUID, which no username can be) shows the cards variant.
 */
export function AnnouncementsPage() {
  const { username = '' } = useParams();
  return isHackathonId(username) ? <AnnouncementsById hackathonId={announcementsOf(username)} /> : <AnnouncementsByUsername username={username} />;
}
