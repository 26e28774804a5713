import type { Server as HttpServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Logger } from '@circuit/shared/logger';

export interface RealtimeDeps {
  httpServer: HttpServer;
  session: RequestHandler;
  log: Logger;
  /** With a Redis URL several realtime processes share rooms (Socket.IO Redis adapter). */
  redisUrl?: string;
}

type SessionRequest = IncomingMessage & { session?: { userId?: string } };

/**
 * Socket.IO on the session cookie: a socket exists only for a signed-in user and sits in the
 * room named by that user's id (joined on connect, so on every reconnect too).
 */
export async function createRealtimeService(deps: RealtimeDeps) {
  const io = new Server(deps.httpServer, { serveClient: false, pingInterval: 25_000 });
  io.engine.use(deps.session);
  io.use((socket, next) => {
    const userId = (socket.request as SessionRequest).session?.userId;
    if (!userId) return next(new Error('Not authenticated'));
    socket.data.userId = userId;
    next();
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (deps.redisUrl) {
    const pub = createClient({ url: deps.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    void socket.join(userId);
    // The client names its own id; the server trusts only the session's.
    socket.on('join', () => void socket.join(userId));
    socket.on('ping', (ack?: unknown) => {
      if (typeof ack === 'function') (ack as (v: string) => void)('pong');
    });
  });

  return {
    io,
    /** Sends to every socket of a user, on whichever realtime instance it is connected. */
    emitToUser(userId: string, event: string, payload: unknown) {
      io.to(userId).emit(event, payload);
    },
    async stop() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
export type RealtimeService = Awaited<ReturnType<typeof createRealtimeService>>;
