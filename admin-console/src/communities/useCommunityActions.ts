import { API_URL } from '../api';
import { useConsoleRequest } from '../useConsoleRequest';

/** The console's community moderation through the command routes; the record refreshes after each. */
export function useCommunityActions(hackathonId: string) {
  const { busy, send } = useConsoleRequest();
  const base = `${API_URL}/admin/communities/${encodeURIComponent(hackathonId)}`;

  return {
    busy,
    deleteMessage: (messageId: string) => send(`${base}/messages/${encodeURIComponent(messageId)}`, 'DELETE', 'Message deleted'),
    reAdd: (userId: string) => send(`${base}/removed/${encodeURIComponent(userId)}/re-add`, 'POST', 'User re-added to the community'),
    addAdmin: (username: string) => send(`${base}/admins`, 'POST', 'Community admin added', { username }),
    removeAdmin: (userId: string) => send(`${base}/admins/${encodeURIComponent(userId)}`, 'DELETE', 'Community admin removed'),
  };
}
