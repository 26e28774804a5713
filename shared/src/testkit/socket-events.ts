import type { Socket } from 'socket.io-client';

/** The next `event` on `socket`, or a failure after `timeoutMs`. */
export function next<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The first `event` whose payload passes `accept` (a sender's tabs also get its own messages). */
export function nextWhere<T>(socket: Socket, event: string, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${timeoutMs} ms`)), timeoutMs);
    const handler = (value: T) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(value);
    };
    socket.on(event, handler);
  });
}

/** Resolves when no `event` arrives within `ms` (and fails when one does). */
export function silence(socket: Socket, event: string, ms = 400): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (v: unknown) => reject(new Error(`unexpected ${event}: ${JSON.stringify(v)}`));
    socket.once(event, fail);
    setTimeout(() => {
      socket.off(event, fail);
      resolve();
    }, ms);
  });
}
