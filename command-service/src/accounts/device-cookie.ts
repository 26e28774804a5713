import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { cookieValue } from '@circuit/shared/http/session';

export const DEVICE_COOKIE = 'circuit.device';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A browser in which this account signed in successfully before. */
export interface KnownDevice {
  userId: string;
  deviceId: string;
}

/**
 * The device cookie of OWASP's "slow down online guessing with device cookies": after a successful
 * sign-in the browser keeps `<user id>.<device id>.<HMAC-SHA256 of both with the session secret>`
 * for a year (HttpOnly, SameSite=Lax, sent to /api/auth only). A password sign-in to that account
 * from it then waits only on its own failures, never on a stranger's guesses. Nobody can make one
 * up without the secret, and one names one account, so it helps no guesser.
 */
export function deviceCookies(secret: string) {
  const sign = (userId: string, deviceId: string) => crypto.createHmac('sha256', secret).update(`device|${userId}|${deviceId}`).digest('base64url');

  function knownDevice(req: Request): KnownDevice | null {
    const raw = req.headers.cookie ? cookieValue(req.headers.cookie, DEVICE_COOKIE) : undefined;
    const [userId, deviceId, signature, ...rest] = raw?.split('.') ?? [];
    if (!userId || !deviceId || !signature || rest.length > 0) return null;
    const expected = Buffer.from(sign(userId, deviceId));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? { userId, deviceId } : null;
  }

  return {
    knownDevice,
    /** The device the browser names, when it is one where `userId` signed in before. */
    knownDeviceOf(req: Request, userId: string | null): KnownDevice | null {
      const device = knownDevice(req);
      return device && userId && device.userId === userId ? device : null;
    },
    /** Marks the browser as a device of `userId` (keeping its device id), after a successful sign-in. */
    remember(req: Request, res: Response, userId: string): void {
      const deviceId = knownDevice(req)?.deviceId ?? crypto.randomBytes(16).toString('base64url');
      res.cookie(DEVICE_COOKIE, `${userId}.${deviceId}.${sign(userId, deviceId)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        maxAge: ONE_YEAR_MS,
        path: '/api/auth',
      });
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
