import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { resilientRedisClient } from '@circuit/shared/adapters/redis/redis-client';
import type { TrustProxy } from '@circuit/shared/config';
import type { Logger } from '@circuit/shared/logger';
import { baselineHeaders, cameOverHttps, HSTS } from '@circuit/shared/http/app';
import { allowOrigins } from './admission';
import { coalesceWrites } from './coalesced-writes';

export interface SocketServerOptions {
  httpServer: HttpServer;
  session: RequestHandler;
  allowedOrigins: string[];
  production?: boolean;
  trustProxy?: TrustProxy;
}

/** The Socket.IO server on the HTTP server: allowed origins only, hardened answers, the session read on every handshake. */
export function createSocketServer(options: SocketServerOptions) {
  const io = new Server(options.httpServer, {
    serveClient: false,
    pingInterval: 25_000,
    transports: ['websocket', 'polling'],
    allowRequest: allowOrigins(options.allowedOrigins),
  });
  // A room's burst goes out in one write per socket per turn of the event loop, not one per message.
  coalesceWrites(io);
  // The same hardening headers as every HTTP answer, on the handshake and polling answers too.
  const headers = baselineHeaders({ production: options.production ?? false });
  const overHttps = cameOverHttps(options.trustProxy ?? 'loopback');
  const addHeaders = (answer: Record<string, string | string[] | undefined>, req: IncomingMessage) => Object.assign(answer, headers, overHttps(req) ? HSTS : {});
  io.engine.on('initial_headers', addHeaders);
  io.engine.on('headers', addHeaders);
  io.engine.use(options.session);
  return io;
}

/** Several realtime processes share rooms through Redis (the Socket.IO Redis adapter). Answers the clients to quit at shutdown. */
export async function shareRooms(io: Server, redisUrl: string, log: Logger): Promise<{ quit(): Promise<unknown> }[]> {
  // The adapter resubscribes once Redis is back; meanwhile each instance still serves its own sockets.
  const pub = resilientRedisClient(redisUrl, { name: 'socket.io adapter (publish)', log });
  const sub = resilientRedisClient(redisUrl, { name: 'socket.io adapter (subscribe)', log });
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return [pub, sub];
}
