import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../auth/apiClient';
import { CHECK_ONLINE_ACK_TIMEOUT_MS, PRESENCE_REFRESH_MS } from './constants';
import { presenceKeys } from './keys';
import { useSocket, type AppSocket } from './socketContext';

export type OnlineMap = Record<string, boolean>;

/** Asks over the socket (check_online with an acknowledgement); the REST call answers when the socket cannot. */
async function checkOnline(socket: AppSocket | null, userId: string, signal: AbortSignal): Promise<boolean> {
  if (socket?.connected) {
    try {
      return Boolean(await socket.timeout(CHECK_ONLINE_ACK_TIMEOUT_MS).emitWithAck('check_online', userId));
    } catch {
      // No acknowledgement in time: ask over HTTP.
    }
  }
  const data = (await api.get<{ userId: string; isOnline: boolean }>(`/api/users/${encodeURIComponent(userId)}/online-status`, signal)).data;
  return Boolean(data?.isOnline);
}

async function fetchConnectionsOnline(signal: AbortSignal): Promise<OnlineMap> {
  const data = (await api.get<OnlineMap>('/api/users/online-status', signal)).data;
  const map: OnlineMap = {};
  if (data && typeof data === 'object') for (const [id, online] of Object.entries(data)) map[id] = online === true;
  return map;
}

/**
 * Whether a user is online: checked when first asked, then kept by the live user_online / user_offline
 * events (the realtime bridge writes them into the cache) and re-checked every 60 s.
 * undefined while unknown.
 */
export function useOnlineStatus(userId: string | null | undefined): boolean | undefined {
  const { socket, userId: me } = useSocket();
  const query = useQuery({
    queryKey: presenceKeys.user(userId ?? ''),
    queryFn: ({ signal }) => checkOnline(socket, userId!, signal),
    enabled: Boolean(me && userId),
    refetchInterval: PRESENCE_REFRESH_MS,
  });
  return me && userId ? query.data : undefined;
}

/** The online flag of every connection of the signed-in user (conversation list dots); live and re-checked every 60 s. */
export function useConnectionsOnline(): OnlineMap {
  const { userId: me } = useSocket();
  const query = useQuery({
    queryKey: presenceKeys.connections,
    queryFn: ({ signal }) => fetchConnectionsOnline(signal),
    enabled: Boolean(me),
    refetchInterval: PRESENCE_REFRESH_MS,
  });
  return (me && query.data) || {};
}

/** Applies a live user_online / user_offline to every cached presence answer. */
export function setPresence(queryClient: QueryClient, userId: string, online: boolean) {
  queryClient.setQueryData<boolean>(presenceKeys.user(userId), online);
  queryClient.setQueryData<OnlineMap>(presenceKeys.connections, (map) => (map ? { ...map, [userId]: online } : map));
}
