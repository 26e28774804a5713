import type { RequestHandler } from 'express';
import session from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { Knex } from 'knex';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Where an OAuth sign-in started (for the failure redirect). */
    oauthProvider?: string;
  }
}

export const SESSION_COOKIE = 'circuit.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionMiddleware {
  middleware: RequestHandler;
  close(): void;
}

/** Sessions live in Postgres so every service of every process reads the same one (DESIGN section 6). */
export function createSessionMiddleware(knex: Knex, options: { secret: string; secure: boolean }): SessionMiddleware {
  const store = new ConnectSessionKnexStore({ knex, tableName: 'sessions', createTable: true, cleanupInterval: 15 * 60 * 1000 });
  const middleware = session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: THIRTY_DAYS_MS },
  });
  return {
    middleware,
    close: () => {
      if (store.nextDbCleanup) clearTimeout(store.nextDbCleanup);
    },
  };
}
