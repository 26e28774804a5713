import { z } from 'zod';

/** Every setting of every process, validated once at start (DESIGN section 6). */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  EVENTSTORE_URL: z.string().optional(),
  KAFKA_BROKERS: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Circuit <no-reply@circuit.local>'),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@circuit.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'readable']).optional(),
  SEED_MODERATOR_USERNAME: z.string().default('moderator'),
  SEED_MODERATOR_EMAIL: z.string().default('moderator@circuit.local'),
  SEED_MODERATOR_PASSWORD: z.string().default('moderator123'),
  SEED_ADMIN_USERNAME: z.string().default('admin'),
  SEED_ADMIN_EMAIL: z.string().default('admin@circuit.local'),
  SEED_ADMIN_PASSWORD: z.string().default('admin12345'),
  /** Per client address and window: sign-in/code/reset attempts, and requests that send mail. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(10 * 60 * 1000),
  RATE_LIMIT_ATTEMPTS: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_MAILS: z.coerce.number().int().positive().default(10),
  /** Chat messages one user may send per 10 seconds, over all their sockets and instances. */
  RATE_LIMIT_MESSAGES: z.coerce.number().int().positive().default(30),
  /** Sockets one user may hold open at once (tabs, devices). */
  SOCKETS_PER_USER: z.coerce.number().int().positive().default(20),
  /** Set to "false" to start with an empty store. */
  SEED: z.enum(['true', 'false']).default('true'),
});

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string; sessionSecret: string };

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
  return {
    ...c,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    // Outside production a fixed development secret keeps sessions across restarts.
    sessionSecret: c.SESSION_SECRET ?? 'circuit-development-secret-not-for-production',
  };
}
