import { afterAll } from 'vitest';
import { firstAvailable, fromEnv, viaDocker, type Requirement } from './skip';

/** The image a test starts when Docker is there and EVENTSTORE_URL is not set. */
export const KURRENT_IMAGE = process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';

/** Production's event store for a suite: KurrentDB at EVENTSTORE_URL, or one started with testcontainers when Docker is there. */
export function kurrentDbTarget(): Promise<Requirement<string | 'docker'>> {
  return firstAvailable<string | 'docker'>(() => fromEnv('EVENTSTORE_URL'), viaDocker);
}

/** Inside a suite: the server's connection string, the container started on first use and stopped after the suite. */
export function kurrentDbServer(target: string | 'docker'): () => Promise<string> {
  let url: Promise<string> | undefined;
  let stopContainer: (() => Promise<unknown>) | undefined;
  afterAll(async () => {
    await stopContainer?.();
  });
  return () => {
    url ??=
      target === 'docker'
        ? (async () => {
            const { GenericContainer, Wait } = await import('testcontainers');
            const container = await new GenericContainer(KURRENT_IMAGE)
              .withEnvironment({
                KURRENTDB_INSECURE: 'true',
                KURRENTDB_MEM_DB: 'true',
                KURRENTDB_RUN_PROJECTIONS: 'None',
                KURRENTDB_ENABLE_ATOM_PUB_OVER_HTTP: 'true',
                EVENTSTORE_INSECURE: 'true',
                EVENTSTORE_MEM_DB: 'true',
                EVENTSTORE_RUN_PROJECTIONS: 'None',
              })
              .withExposedPorts(2113)
              .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
              .withStartupTimeout(120_000)
              .start();
            stopContainer = () => container.stop();
            return `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
          })()
        : Promise.resolve(target);
    return url;
  };
}
