import { useParams } from 'react-router-dom';
import { AnnouncementsById } from './AnnouncementsById';
import { AnnouncementsByUsername } from './AnnouncementsByUsername';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /hackathons/{username}/announcements and /hackathons/{hackathonId}/announcements share one path
 * (spec 2 section 2): an id (a UUID, which no username can be) shows the cards variant.
 */
export function AnnouncementsPage() {
  const { username = '' } = useParams();
  return UUID.test(username) ? <AnnouncementsById hackathonId={username.toLowerCase()} /> : <AnnouncementsByUsername username={username} />;
}
