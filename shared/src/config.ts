import { z } from 'zod';
import { parseTicketSigningKey } from './tickets/ticket-keys';
import { parseMasterKey } from './personal-data/master-key';

/** Every setting of every process, validated once at start (docs/decisions.md#d21-configuration-validated-once-at-start). */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  /** Postgres's shared_buffers for the embedded PGlite (default in shared/src/db/knex.ts): resident for the whole run. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 16MB')
    .optional(),
  DATABASE_URL: z.string().url().optional(),
  EVENTSTORE_URL: z.string().optional(),
  KAFKA_BROKERS: z.string().optional(),
  /**
   * How long a Kafka consumer-group member may be silent before the broker hands its partitions to another: a
   * command service that died leaves its chat sends unhandled this long. Within the broker's group.min/max.session.timeout.ms.
   */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Circuit <no-reply@circuit.local>'),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  /**
   * The Ed25519 private key that signs tickets (docs/day-of.md): PKCS8 PEM, or the base64url of a 32-byte seed.
   * Required in production; elsewhere a fixed key is derived from the session secret.
   */
  TICKET_SIGNING_KEY: z.string().trim().min(1).optional(),
  /** 32 bytes in base64: wraps every person's data key (docs/personal-data.md). Required in production. */
  PERSONAL_DATA_MASTER_KEY: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  /** Razorpay (docs/decisions.md#d19-payments-through-one-port-recorded-once); without the key pair the sandbox gateway takes payments (never in production). */
  RAZORPAY_KEY_ID: z.string().trim().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Razorpay's API base (tests point it at a local fake). */
  RAZORPAY_API_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().default('support@circuit.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'readable']).optional(),
  SEED_MODERATOR_USERNAME: z.string().default('moderator'),
  SEED_MODERATOR_EMAIL: z.string().default('moderator@circuit.local'),
  SEED_MODERATOR_PASSWORD: z.string().default('moderator123'),
  SEED_ADMIN_USERNAME: z.string().default('admin'),
  SEED_ADMIN_EMAIL: z.string().default('admin@circuit.local'),
  SEED_ADMIN_PASSWORD: z.string().default('admin12345'),
  /**
   * Whose X-Forwarded-For to believe when telling clients apart: express's `trust proxy` value
   * (`loopback`, `uniquelocal`, addresses or CIDRs separated by commas, a hop count, or `false`).
   */
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  /** Abuse limits (docs/decisions.md#d14-abuse-limits-that-fit-a-campus): per account and per e-mail address first, a generous ceiling per client address. */
  LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(10 * 60 * 1000),
  /** Every state-changing request from one client address, per window (a campus shares one address). */
  LIMIT_CLIENT_REQUESTS: z.coerce.number().int().positive().default(3000),
  /** Failed sign-ins, code checks and password checks from one client address, per window. */
  LIMIT_CLIENT_FAILED_SIGNINS: z.coerce.number().int().positive().default(300),
  /**
   * Failed password sign-ins of one name from one client address before each further try from there waits, doubling
   * from the base delay up to the maximum (a name from every address together: four times as many). A browser that
   * signed in to the account before counts only its own failures, a mailed code none (command-service rate-limits.ts).
   */
  LIMIT_SIGNIN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  LIMIT_SIGNIN_BASE_DELAY_MS: z.coerce.number().int().positive().default(30 * 1000),
  LIMIT_SIGNIN_MAX_DELAY_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
  /** Codes (sign-up, resend, sign-in) and reset mails to one e-mail address per address window, and the wait between two. */
  LIMIT_CODES_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  LIMIT_RESETS_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  LIMIT_ADDRESS_WINDOW_MS: z.coerce.number().int().positive().default(60 * 60 * 1000),
  LIMIT_ADDRESS_COOLDOWN_MS: z.coerce.number().int().nonnegative().default(60 * 1000),
  /** Chat messages one user may send per 10 seconds, over all their sockets and instances. */
  RATE_LIMIT_MESSAGES: z.coerce.number().int().positive().default(30),
  /** Social actions (follow, connect, accept, block...) one user may take per minute. */
  RATE_LIMIT_FOLLOWS: z.coerce.number().int().positive().default(60),
  /** State-changing requests of any kind one user may send per minute. */
  RATE_LIMIT_WRITES: z.coerce.number().int().positive().default(300),
  /** Sockets one user may hold open at once (tabs, devices). */
  SOCKETS_PER_USER: z.coerce.number().int().positive().default(20),
  /** A busy community room hands its new messages to its sockets at most once per this many ms (0: every turn of the event loop). */
  COMMUNITY_ROOM_PACE_MS: z.coerce.number().int().nonnegative().default(25),
  /** "false": every query answer is computed afresh (see ReadCache; the benches' uncached figures). */
  READ_CACHE: z.enum(['true', 'false']).default('true'),
  /**
   * Where the traces go, over OTLP/HTTP (JSON): a collector's base address (`/v1/traces` is added) or the traces
   * address itself. Neither set: no tracing at all (docs/operations.md#traces).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  /** Set to "false" to start with an empty store. */
  SEED: z.enum(['true', 'false']).default('true'),
});

/** The name of every setting, as the environment gives it (.env.example lists each). */
export const SETTING_NAMES = Object.keys(ConfigSchema.shape);

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string; sessionSecret: string; trustProxy: TrustProxy };

/** A value for express's `trust proxy` setting. */
export type TrustProxy = boolean | number | string;

/** `true`/`false`, a hop count, or the list as express reads it. */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
    throw new Error('Invalid configuration: SESSION_SECRET is required in production');
  }
  if (c.NODE_ENV === 'production' && !c.TICKET_SIGNING_KEY) {
    throw new Error('Invalid configuration: TICKET_SIGNING_KEY is required in production');
  }
  if (c.NODE_ENV === 'production' && !c.PERSONAL_DATA_MASTER_KEY) {
    throw new Error('Invalid configuration: PERSONAL_DATA_MASTER_KEY is required in production');
  }
  if (c.PERSONAL_DATA_MASTER_KEY) {
    try {
      parseMasterKey(c.PERSONAL_DATA_MASTER_KEY);
    } catch (error) {
      throw new Error(`Invalid configuration: ${(error as Error).message}`);
    }
  }
  if (c.TICKET_SIGNING_KEY) {
    try {
      parseTicketSigningKey(c.TICKET_SIGNING_KEY);
    } catch (error) {
      throw new Error(`Invalid configuration: ${(error as Error).message}`);
    }
  }
  return {
    ...c,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    // Outside production a fixed development secret keeps sessions across restarts.
    sessionSecret: c.SESSION_SECRET ?? 'circuit-development-secret-not-for-production',
  };
}
