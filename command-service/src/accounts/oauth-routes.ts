import { Router, type Request, type Response } from 'express';
import passport, { type Profile } from 'passport';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import { Strategy as GitHubStrategy } from 'passport-github2';
import { ok } from '@circuit/shared/http/envelope';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { OAuthProvider } from '@circuit/shared/events/accounts';
import { AFTER_SIGN_IN, safeReturnTo } from '@circuit/shared/navigation/return-to';
import type { CommandServiceDeps } from '../context';
import type { AccountService } from './account-service';
import { startSession } from './auth-routes';
import { deviceCookies } from './device-cookie';
import { refuseSuspendedSignIn } from '../user-standing/standing-service';

declare module 'express-session' {
  interface SessionData {
    /** Where the social sign-in started (a same-site path), kept across the round trip to the provider. */
    oauthReturnTo?: string;
  }
}

/** The page a finished social sign-in lands on: where it started, else the dashboard, marked so the app can greet. */
export function oauthLandingUrl(returnTo: string | undefined, provider: OAuthProvider): string {
  const target = new URL(safeReturnTo(returnTo) ?? AFTER_SIGN_IN, 'http://circuit.invalid');
  target.searchParams.set('auth', 'success');
  target.searchParams.set('provider', provider);
  return `${target.pathname}${target.search}${target.hash}`;
}

export interface OAuthIdentity {
  provider: OAuthProvider;
  providerUserId: string;
  email: string | null;
  firstName: string;
  lastName: string;
  usernameHint: string;
}

type ProviderEmail = { value: string; verified?: boolean | string; primary?: boolean };

/**
 * Only an address the provider vouches for may stand for the user: linking by an unverified one
 * would hand someone else's Circuit account to whoever typed their address at the provider.
 * Google reports `verified` (from email_verified); GitHub, asked for all raw e-mails, reports
 * `verified` and `primary` for each.
 */
function verifiedEmail(provider: OAuthProvider, emails: ProviderEmail[] | undefined): string | null {
  const verified = (emails ?? []).filter((e) => e.value && (e.verified === true || e.verified === 'true' || (provider === 'google' && e.verified === undefined)));
  return (verified.find((e) => e.primary) ?? verified[0])?.value ?? null;
}

export function identityFromProfile(provider: OAuthProvider, profile: Profile): OAuthIdentity {
  const email = verifiedEmail(provider, profile.emails as ProviderEmail[] | undefined);
  const [first, ...rest] = (profile.displayName || profile.username || '').split(' ');
  return {
    provider,
    providerUserId: profile.id,
    email,
    firstName: profile.name?.givenName || first || profile.username || 'Circuit',
    lastName: profile.name?.familyName || rest.join(' ') || 'User',
    usernameHint: profile.username || email?.split('@')[0] || `${first ?? 'user'}`,
  };
}

/**
 * The account a social sign-in lands on: the one already linked to this identity, else the one
 * with the same (provider-verified) e-mail, which gets linked, else a new verified account.
 */
export async function resolveOAuthAccount(accounts: AccountService, identity: OAuthIdentity, ctx: { correlationId?: string }): Promise<string> {
  const linked = await accounts.ownerOf('oauth', `${identity.provider}-${identity.providerUserId}`);
  if (linked) return linked;
  if (!identity.email) throw new Error('The provider did not share a verified e-mail address');
  const byEmail = await accounts.ownerOf('email', identity.email);
  if (byEmail) {
    await accounts.linkOAuth(byEmail, identity.provider, identity.providerUserId, ctx);
    return byEmail;
  }
  const { userId } = await accounts.register(
    {
      username: await accounts.availableUsername(identity.usernameHint),
      email: identity.email,
      password: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
      emailVerified: true,
      oauth: { provider: identity.provider, providerUserId: identity.providerUserId },
    },
    ctx,
  );
  return userId;
}

/** Google and GitHub sign-in, each active only when its client id and secret are configured. */
export function oauthRoutes(deps: CommandServiceDeps, accounts: AccountService): Router {
  const router = Router();
  const { config } = deps;
  const devices = deviceCookies(config.sessionSecret);
  const enabled = {
    google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    github: Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
  };
  const authenticator = new passport.Passport();
  const verify = (provider: OAuthProvider) => (_access: string, _refresh: string, profile: Profile, done: (err: unknown, user?: OAuthIdentity) => void) =>
    done(null, identityFromProfile(provider, profile));

  if (enabled.google) {
    authenticator.use(
      new GoogleStrategy(
        { clientID: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET!, callbackURL: `${config.publicUrl}/api/auth/google/callback` },
        verify('google'),
      ),
    );
  }
  if (enabled.github) {
    authenticator.use(
      new GitHubStrategy(
        { clientID: config.GITHUB_CLIENT_ID!, clientSecret: config.GITHUB_CLIENT_SECRET!, callbackURL: `${config.publicUrl}/api/auth/github/callback`, scope: ['user:email'], allRawEmails: true },
        verify('github'),
      ),
    );
  }

  router.get('/providers', (_req, res) => {
    res.json(ok(enabled));
  });

  for (const provider of ['google', 'github'] as const) {
    const failed = (res: Response) => res.redirect(`/login?error=${provider}_auth_failed`);
    router.get(`/${provider}`, (req, res, next) => {
      if (!enabled[provider]) return failed(res);
      const returnTo = safeReturnTo(req.query.returnTo);
      if (returnTo) req.session.oauthReturnTo = returnTo;
      else delete req.session.oauthReturnTo;
      authenticator.authenticate(provider, { session: false, scope: provider === 'google' ? ['profile', 'email'] : ['user:email'] })(req, res, next);
    });
    router.get(`/${provider}/callback`, (req: Request, res: Response, next) => {
      if (!enabled[provider]) return failed(res);
      authenticator.authenticate(provider, { session: false }, (err: unknown, identity: OAuthIdentity | false) => {
        if (err || !identity) {
          req.log?.warn({ err }, `${provider} sign-in failed`);
          return failed(res);
        }
        const ctx = { correlationId: correlationIdOf(req) };
        // Read before the session is regenerated at sign-in.
        const returnTo = req.session.oauthReturnTo;
        resolveOAuthAccount(accounts, identity, ctx)
          .then(async (userId) => {
            await refuseSuspendedSignIn(deps, userId);
            await accounts.signInWithOAuth(userId, provider, ctx);
            await startSession(req, userId);
            devices.remember(req, res, userId);
            res.redirect(oauthLandingUrl(returnTo, provider));
          })
          .catch((error: unknown) => {
            req.log?.warn({ err: error }, `${provider} sign-in failed`);
            failed(res);
          });
      })(req, res, next);
    });
  }
  return router;
}
