import { prepareRunDirectory } from './kafka-broker';

/**
 * vitest global setup: gives the run a directory through which its test files share one Kafka broker
 * (started by the first file that needs it, see kafka-broker.ts), and stops that broker at the end.
 */
export default function setup(): (() => Promise<void>) | undefined {
  return prepareRunDirectory()?.teardown;
}
