import fs from 'node:fs';
import { describe, it } from 'vitest';

/**
 * "Run when X is there, otherwise say why not" (docs/decisions.md#d22-tests-by-level-suites-that-need-a-service-say-why-they-skipped): suites that need an outside
 * service are declared with `describeWhen`; when the service is missing the suite is reported as
 * skipped with the reason in its name, and one console line says the same.
 */
export type Requirement<T = string> = { ok: true; value: T } | { ok: false; reason: string };

export function available<T>(value: T): Requirement<T> {
  return { ok: true, value };
}

export function unavailable<T = never>(reason: string): Requirement<T> {
  return { ok: false, reason };
}

/** The variable's value, or why the suite cannot run. */
export function fromEnv(name: string, env: NodeJS.ProcessEnv = process.env): Requirement<string> {
  const value = env[name]?.trim();
  return value ? available(value) : unavailable(`${name} not set`);
}

/** First requirement that is met, or all the reasons joined ("A not set and no Docker engine"). */
export async function firstAvailable<T>(...candidates: Array<() => Requirement<T> | Promise<Requirement<T>>>): Promise<Requirement<T>> {
  const reasons: string[] = [];
  for (const candidate of candidates) {
    const result = await candidate();
    if (result.ok) return result;
    reasons.push(result.reason);
  }
  return unavailable(reasons.join(' and '));
}

const reported = new Set<string>();

/** Declares `describe(title, body)` when the requirement is met; otherwise a skipped suite that says why. */
export function describeWhen<T>(title: string, requirement: Requirement<T>, body: (value: T) => void): void {
  if (requirement.ok) {
    describe(title, () => body(requirement.value));
    return;
  }
  const line = `${title} (skipped: ${requirement.reason})`;
  if (!reported.has(line)) {
    reported.add(line);
    console.info(`[skip] ${line}`);
  }
  describe.skip(line, () => {
    it(`needs: ${requirement.reason.replace(/ not set/g, ' set')}`, () => undefined);
  });
}

const DOCKER_SOCKETS = ['/var/run/docker.sock', `${process.env.HOME ?? ''}/.docker/run/docker.sock`, `${process.env.XDG_RUNTIME_DIR ?? '/nonexistent'}/docker.sock`];

let dockerCheck: Promise<Requirement<true>> | undefined;

/**
 * Whether testcontainers can start containers here. Checked quickly and without hanging: no
 * DOCKER_HOST and no socket file means no engine (the docker CLI alone is not enough); otherwise
 * testcontainers is loaded lazily (it may not even load on an older Node) and asked, with a deadline.
 */
export function dockerAvailable(timeoutMs = 5_000): Promise<Requirement<true>> {
  dockerCheck ??= (async (): Promise<Requirement<true>> => {
    const hasHost = Boolean(process.env.DOCKER_HOST || process.env.TESTCONTAINERS_HOST_OVERRIDE);
    if (!hasHost && !DOCKER_SOCKETS.some((p) => p && fs.existsSync(p))) return unavailable('no Docker engine');
    let testcontainers: typeof import('testcontainers');
    try {
      testcontainers = await import('testcontainers');
    } catch (error) {
      // testcontainers 12 brings undici 8, which needs Node >= 22.19: on an older Node it cannot load.
      const why = error instanceof Error ? error.message : String(error);
      const hint = Number(process.versions.node.split('.')[0]) < 22 ? ', its undici needs Node >= 22.19' : '';
      return unavailable(`testcontainers cannot load on Node ${process.version}${hint} (${why})`);
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      await Promise.race([testcontainers.getContainerRuntimeClient(), deadline]);
      return available(true);
    } catch (error) {
      return unavailable(`no usable Docker engine (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      if (timer) clearTimeout(timer);
    }
  })();
  return dockerCheck;
}

/** "docker" when testcontainers can run here, else why not: a candidate for firstAvailable. */
export async function viaDocker(): Promise<Requirement<'docker'>> {
  const docker = await dockerAvailable();
  return docker.ok ? available('docker') : unavailable(docker.reason);
}
