import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEvent, ServerToClientEvents } from './events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * idle: signed out, no socket. connecting: first attempt. connected. reconnecting: lost, retrying
 * (up to 5 attempts). disconnected: gave up (or refused); `reconnect()` tries again.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface SocketContextValue {
  socket: AppSocket | null;
  status: SocketStatus;
  connected: boolean;
  /** The signed-in user the socket belongs to. */
  userId: string | null;
  /** Counts the connections of this session's socket: 1 after the first connect, 2 after the first reconnect, ... */
  generation: number;
  /** Starts a new round of connection attempts after the socket gave up. */
  reconnect(): void;
}

export const SocketContext = createContext<SocketContextValue>({
  socket: null,
  status: 'idle',
  connected: false,
  userId: null,
  generation: 0,
  reconnect: () => undefined,
});

/** The session's socket and its state. */
export function useSocket(): SocketContextValue {
  return useContext(SocketContext);
}

type AnyListener = (...args: unknown[]) => void;
interface LooseEmitter {
  on(event: string, listener: AnyListener): unknown;
  off(event: string, listener: AnyListener): unknown;
}

/**
 * Listens to a server event for as long as the component is mounted (and a socket exists). The latest
 * handler is always the one called, so it may close over fresh state without re-subscribing.
 */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: ServerToClientEvents[E]) {
  const { socket } = useSocket();
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener: AnyListener = (...args) => (handlerRef.current as AnyListener)(...args);
    const emitter = socket as unknown as LooseEmitter;
    emitter.on(event, listener);
    return () => {
      emitter.off(event, listener);
    };
  }, [socket, event]);
}

/**
 * Calls `handler` after every connection of the socket that follows the component's mount: each
 * reconnection, and the first connection too when the component mounted before it, since what it
 * read meanwhile may predate the socket and miss the events sent in between.
 */
export function useSocketReconnected(handler: () => void) {
  const { generation } = useSocket();
  const handlerRef = useRef(handler);
  // The generation seen at mount: a component mounted while connected has nothing to catch up on yet.
  const seen = useRef(generation);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const previous = seen.current;
    seen.current = generation;
    if (generation > previous) handlerRef.current();
  }, [generation]);
}
