import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

/** Routes whose signature covers the exact bytes received (Razorpay's webhook). */
export const RAW_BODY_PATHS = ['/api/payments/razorpay/webhook'];

const raw = new WeakMap<IncomingMessage, Buffer>();

/** express.json's `verify` hook: keeps the bytes of the raw-body routes beside the parsed body. */
export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  const path = (req.url ?? '').split('?')[0];
  if (path && RAW_BODY_PATHS.includes(path)) raw.set(req, Buffer.from(buf));
}

export const rawBodyOf = (req: Request): Buffer | undefined => raw.get(req);
