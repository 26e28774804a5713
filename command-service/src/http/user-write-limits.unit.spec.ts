import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { RateDecision, UserAction, UserRateLimiter } from '@circuit/shared/http/user-rate-limit';
import { userWriteLimits } from './user-write-limits';

/** A limiter that allows everything and records what each request counted against. */
function recordingLimiter() {
  const counted: UserAction[][] = [];
  const limiter = {
    consumeAll: async (actions: readonly UserAction[]): Promise<RateDecision> => {
      counted.push([...actions]);
      return { allowed: true, retryAfterMs: 0 };
    },
  } as unknown as UserRateLimiter;
  return { limiter, counted };
}

async function pass(guard: ReturnType<typeof userWriteLimits>, method: string, path: string, userId: string | null = 'u1') {
  const req = { method, path, session: userId ? { userId } : undefined } as unknown as Request;
  await new Promise<void>((resolve, reject) => guard(req, {} as Response, ((err?: unknown) => (err ? reject(err) : resolve())) as NextFunction));
}

describe('userWriteLimits', () => {
  it('counts every write of a signed-in user, and the allowance its route names', async () => {
    const { limiter, counted } = recordingLimiter();
    const guard = userWriteLimits(limiter);
    await pass(guard, 'POST', '/api/community/h1/messages');
    await pass(guard, 'POST', '/api/users/follow/u2');
    await pass(guard, 'POST', '/api/users/projects/p1/comments/c1/replies');
    await pass(guard, 'POST', '/api/users/report/u3');
    await pass(guard, 'DELETE', '/api/users/messages/m1');
    await pass(guard, 'PUT', '/api/users/profile');
    // Express routes match case-insensitively and with a trailing slash: so do the allowances.
    await pass(guard, 'POST', '/API/Community/h1/messages/');
    expect(counted).toEqual([
      ['writes', 'messages'],
      ['writes', 'follows'],
      ['writes', 'comments'],
      ['writes', 'reports'],
      ['writes', 'messages'],
      ['writes'],
      ['writes', 'messages'],
    ]);
  });

  it('counts nothing for reads, signed-out requests, other methods of a limited path, or paths outside /api', async () => {
    const { limiter, counted } = recordingLimiter();
    const guard = userWriteLimits(limiter);
    await pass(guard, 'GET', '/api/community/h1/messages');
    await pass(guard, 'POST', '/api/community/h1/messages', null);
    await pass(guard, 'POST', '/apiary/x');
    await pass(guard, 'PUT', '/api/community/h1/messages/m1');
    expect(counted).toEqual([['writes']]);
  });

  it('lets a request it does not count through at once, within the same turn', () => {
    const guard = userWriteLimits(recordingLimiter().limiter);
    let passed = false;
    guard({ method: 'GET', path: '/api/hackathons' } as Request, {} as Response, () => (passed = true));
    expect(passed).toBe(true);
  });
});
