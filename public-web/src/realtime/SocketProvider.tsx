import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext';
import { userId as idOf } from '../auth/types';
import {
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from './constants';
import { SocketContext, type AppSocket, type SocketContextValue, type SocketStatus } from './socketContext';

// Signed-in only, so signed-out visitors' first load does not carry it; the connection waits for its code
// (below), so no event of the session arrives before the bridge can hear it.
const loadBridge = () => import('./RealtimeBridge');
const RealtimeBridge = lazy(async () => ({ default: (await loadBridge()).RealtimeBridge }));

/**
 * One Socket.IO connection per signed-in session (spec section 4, "Realtime connection"): opened when
 * a user is signed in, authenticated by the session cookie, joined to the user's room on connect and on
 * every reconnect, pinged every 30 s, closed on sign-out. Mount inside the auth provider.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const currentUserId = user ? idOf(user) : null;
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus>('idle');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!currentUserId) return;
    let cancelled = false;
    let cleanup = () => {};
    setStatus('connecting');
    setGeneration(0);

    // socket.io-client loads with the first signed-in session, so signed-out visitors never download it.
    void Promise.all([import('socket.io-client'), loadBridge()]).then(([{ io }]) => {
      if (cancelled) return;
      const socket: AppSocket = io({
        path: SOCKET_PATH,
        transports: ['websocket'],
        withCredentials: true,
        reconnection: true,
        reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
        reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
        timeout: SOCKET_TIMEOUT_MS,
        autoConnect: false,
      });

      // 'connect' fires on the first connection and after every successful reconnection.
      const onConnect = () => {
        socket.emit('join', currentUserId);
        socket.emit('refresh_unread_counts', currentUserId);
        setStatus('connected');
        setGeneration((g) => g + 1);
      };
      const onDisconnect = () => setStatus(socket.active ? 'reconnecting' : 'disconnected');
      const onReconnectAttempt = () => setStatus('reconnecting');
      const onReconnectFailed = () => setStatus('disconnected');
      socket.on('connect', onConnect);
      socket.on('disconnect', onDisconnect);
      socket.on('connect_error', onDisconnect);
      socket.io.on('reconnect_attempt', onReconnectAttempt);
      socket.io.on('reconnect_failed', onReconnectFailed);

      const ping = window.setInterval(() => {
        if (socket.connected) socket.emit('ping');
      }, SOCKET_PING_INTERVAL_MS);

      // After the attempts ran out, coming back online or to the tab is a good moment to try again.
      const retry = () => {
        if (!socket.connected && !socket.active && document.visibilityState === 'visible' && navigator.onLine) {
          setStatus('connecting');
          socket.connect();
        }
      };
      window.addEventListener('online', retry);
      document.addEventListener('visibilitychange', retry);

      cleanup = () => {
        window.clearInterval(ping);
        window.removeEventListener('online', retry);
        document.removeEventListener('visibilitychange', retry);
        socket.io.off('reconnect_attempt', onReconnectAttempt);
        socket.io.off('reconnect_failed', onReconnectFailed);
        socket.disconnect();
        socket.removeAllListeners();
      };

      setSocket(socket);
      socket.connect();
    }, (error: unknown) => {
      if (cancelled) return;
      console.warn('The realtime client could not be loaded', error);
      setStatus('disconnected');
    });

    return () => {
      cancelled = true;
      cleanup();
      setSocket(null);
      setStatus('idle');
      setGeneration(0);
    };
  }, [currentUserId]);

  const reconnect = useCallback(() => {
    if (socket && !socket.connected) {
      setStatus('connecting');
      socket.connect();
    }
  }, [socket]);

  const value = useMemo<SocketContextValue>(
    () => ({
      socket: currentUserId ? socket : null,
      status: currentUserId ? status : 'idle',
      connected: Boolean(currentUserId) && status === 'connected',
      userId: currentUserId,
      generation,
      reconnect,
    }),
    [socket, status, currentUserId, generation, reconnect],
  );

  return (
    <SocketContext.Provider value={value}>
      {currentUserId && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
      {children}
    </SocketContext.Provider>
  );
}
