import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseBrokers } from '../adapters/bus/kafka-bus';
import { available, unavailable, type Requirement } from './skip';
import { sleep } from './wait';

/**
 * A real Kafka broker for the suites that need one (deploy/kafka-test/broker.sh: one KRaft node from
 * the Maven artifacts, no Docker). KAFKA_BROKERS, when set, is used as it is. Otherwise the first test
 * file that asks starts the broker, once for the whole vitest run: the run's global setup
 * (kafka-global-setup.ts) names a directory in CIRCUIT_KAFKA_TEST_DIR, the workers agree through it
 * on who starts the broker, and the global teardown stops it. A run that needs no broker starts none.
 */
const run = promisify(execFile);
export const BROKER_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/kafka-test/broker.sh');
export const KAFKA_TEST_DIR_ENV = 'CIRCUIT_KAFKA_TEST_DIR';
/** The vitest process: the broker stops when it ends, even when it is killed before its teardown. */
const KAFKA_TEST_OWNER_ENV = 'CIRCUIT_KAFKA_TEST_OWNER';

/** Generous: a JVM and a KRaft quorum on a loaded 2-core machine, plus Maven on a cold cache. */
const START_TIMEOUT_MS = 240_000;

export interface StartedBroker {
  brokers: string;
  runDir: string;
}

/** Runs broker.sh start; rejects with the script's own "kafka-test: ..." explanation. */
export async function startBroker(runDir: string): Promise<StartedBroker> {
  try {
    const owner = process.env[KAFKA_TEST_OWNER_ENV] ?? String(process.pid);
    const { stdout } = await run('bash', [BROKER_SCRIPT, 'start', runDir], {
      timeout: START_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
      env: { ...process.env, KAFKA_TEST_OWNER_PID: owner },
    });
    const brokers = /^KAFKA_BROKERS=(.+)$/m.exec(stdout)?.[1]?.trim();
    if (!brokers) throw new Error(`broker.sh printed no KAFKA_BROKERS line: ${stdout.trim()}`);
    return { brokers, runDir };
  } catch (error) {
    const e = error as { stderr?: string; killed?: boolean; message?: string };
    const why = e.killed ? `broker.sh did not finish within ${START_TIMEOUT_MS / 1000} s` : (e.stderr?.trim().split('\n').slice(-12).join('\n') || e.message || String(error));
    throw new Error(`could not start a Kafka broker: ${why}`);
  }
}

export async function stopBroker(runDir: string): Promise<void> {
  await run('bash', [BROKER_SCRIPT, 'stop', runDir], { timeout: 60_000 }).catch(() => undefined);
}

async function javaMissing(): Promise<string | undefined> {
  try {
    await run('java', ['-version'], { timeout: 30_000 });
    return undefined;
  } catch {
    return 'no java on PATH to run a Kafka broker';
  }
}

let shared: Promise<Requirement<string[]>> | undefined;

/**
 * Brokers for a Kafka suite: KAFKA_BROKERS, or the run's own broker (started on first use), or why
 * there is none. In CI (CI=true) a broker that cannot start is an error, not a skip.
 */
export function testKafkaBrokers(env: NodeJS.ProcessEnv = process.env): Promise<Requirement<string[]>> {
  shared ??= (async (): Promise<Requirement<string[]>> => {
    const given = env.KAFKA_BROKERS?.trim();
    if (given) return available(parseBrokers(given));
    const dir = env[KAFKA_TEST_DIR_ENV];
    if (!dir) return unavailable('KAFKA_BROKERS not set and no broker started by the vitest global setup');
    const missing = await javaMissing();
    if (missing) return orFail(env, `KAFKA_BROKERS not set and ${missing}`);
    try {
      return available(parseBrokers(await sharedBroker(dir)));
    } catch (error) {
      return orFail(env, `KAFKA_BROKERS not set and ${error instanceof Error ? error.message : String(error)}`);
    }
  })();
  return shared;
}

function orFail(env: NodeJS.ProcessEnv, reason: string): Requirement<string[]> {
  if (env.CI === 'true') throw new Error(`The Kafka suites must run in CI, but ${reason}`);
  return unavailable(reason);
}

/**
 * One broker per run: the worker that creates `dir/lock` starts it and writes `dir/brokers` (or
 * `dir/error`); the others wait for either file.
 */
async function sharedBroker(dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  let starter = false;
  try {
    fs.mkdirSync(path.join(dir, 'lock'));
    starter = true;
  } catch {
    // Another worker is starting it.
  }
  const brokersFile = path.join(dir, 'brokers');
  const errorFile = path.join(dir, 'error');
  if (starter) {
    try {
      const started = await startBroker(path.join(dir, 'broker'));
      fs.writeFileSync(brokersFile, started.brokers);
      console.info(`[kafka] test broker at ${started.brokers} (${BROKER_SCRIPT})`);
      return started.brokers;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      fs.writeFileSync(errorFile, message);
      console.warn(`[kafka] ${message}`);
      throw error;
    }
  }
  const deadline = Date.now() + START_TIMEOUT_MS + 10_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(brokersFile)) return fs.readFileSync(brokersFile, 'utf8').trim();
    if (fs.existsSync(errorFile)) throw new Error(fs.readFileSync(errorFile, 'utf8'));
    await sleep(200);
  }
  throw new Error('no Kafka broker within the start timeout (started by another test worker)');
}

/** The global setup's part: a directory for this run, and the teardown that stops its broker. */
export function prepareRunDirectory(env: NodeJS.ProcessEnv = process.env): { dir: string; teardown: () => Promise<void> } | undefined {
  if (env.KAFKA_BROKERS?.trim()) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-kafka-run-'));
  env[KAFKA_TEST_DIR_ENV] = dir;
  env[KAFKA_TEST_OWNER_ENV] = String(process.pid);
  return {
    dir,
    teardown: async () => {
      if (fs.existsSync(path.join(dir, 'broker'))) await stopBroker(path.join(dir, 'broker'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
