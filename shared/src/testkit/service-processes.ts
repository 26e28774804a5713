import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { freshBundle } from '../../../embedded/scripts/bundle-server.mjs';

/**
 * The services of a cluster test as processes of their own, each run from a bundle of its entry (from the
 * repository's root; made once and again only when a source changed, embedded/scripts/bundle-server.mjs) with its
 * log lines kept and waited on: the failover and the cross-service trace tests share them. Under tsx each start
 * loaded some 600 TypeScript files, 2 to 3 s of CPU, and the failover test alone starts eight.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const bundles = new Map<string, Promise<string>>();
const bundleOf = (entry: string) =>
  bundles.get(entry) ?? bundles.set(entry, freshBundle(entry, path.join('embedded/dist/services', entry.replace(/\.ts$/, '.mjs')))).get(entry)!;

export interface Service {
  name: string;
  child: ChildProcess;
  lines: string[];
  /** Resolves when a log line's msg matches. */
  logged(msg: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<void>;
}

export async function startService(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<Service> {
  const child = spawn(process.execPath, ['--enable-source-maps', await bundleOf(entry)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  /** Every line's pino msg, kept whole: a waiter added later still finds what was logged before. */
  const messages: string[] = [];
  const waiters = new Set<{ msg: RegExp; resolve: () => void }>();
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      let msg = line;
      try {
        msg = String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
      } catch {
        // Not a pino line (a stack trace, a warning): matched as it is.
      }
      messages.push(msg);
      for (const w of [...waiters]) if (w.msg.test(msg)) (waiters.delete(w), w.resolve());
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    lines,
    exited,
    logged: (msg, timeoutMs = 90_000) =>
      new Promise<void>((resolve, reject) => {
        if (messages.some((m) => msg.test(m))) return resolve();
        const timer = setTimeout(() => reject(new Error(`${name} did not log ${msg} within ${timeoutMs} ms; its last lines:\n${lines.slice(-30).join('\n')}`)), timeoutMs);
        const waiter = { msg, resolve: () => (clearTimeout(timer), resolve()) };
        waiters.add(waiter);
        void exited.then(() => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${name} exited before logging ${msg}; its last lines:\n${lines.slice(-30).join('\n')}`));
        });
      }),
  };
}

export async function stopService(service: Service): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  const timer = setTimeout(() => service.child.kill('SIGKILL'), 10_000);
  await service.exited;
  clearTimeout(timer);
}

/** The port a service logged with `msg` (the services listen on a free port, PORT=0). */
export function listeningPort(service: Service, msg: string): number {
  for (const line of service.lines) {
    try {
      const parsed = z.object({ msg: z.literal(msg), port: z.number() }).safeParse(JSON.parse(line));
      if (parsed.success) return parsed.data.port;
    } catch {
      // Not a JSON line.
    }
  }
  throw new Error(`${service.name} did not log "${msg}" with its port`);
}

/** The schema's connection string: every connection of the services uses only that schema. */
export function schemaUrl(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * The environment of a service process: this one's without the adapters' settings a developer may have exported, on
 * the test's schema and data directory, listening on a free port, with JSON logs the tests read; `extra` last.
 */
export function serviceEnv(options: { databaseUrl: string; dataDir: string; sessionSecret: string }, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['KAFKA_BROKERS', 'EVENTSTORE_URL', 'REDIS_URL', 'PORT', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) delete base[name];
  return {
    ...base,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    PORT: '0',
    SEED: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SESSION_SECRET: options.sessionSecret,
    ...extra,
  };
}
