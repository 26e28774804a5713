import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs (pino). On a developer's terminal outside production they are printed
 * readably instead; LOG_FORMAT=json keeps JSON there too.
 */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  const effective = process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'silent' : level;
  const readable = process.stdout.isTTY && process.env.NODE_ENV !== 'production' && process.env.LOG_FORMAT !== 'json';
  return pino({
    name,
    level: effective,
    ...(readable ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,req,res,responseTime' } } } : {}),
  });
}
