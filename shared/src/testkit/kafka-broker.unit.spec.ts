import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKER_SCRIPT } from './kafka-broker';

const ROOT = path.resolve(path.dirname(BROKER_SCRIPT), '../..');

describe('the Kafka the tests run', () => {
  it('is the version docker-compose.yml runs in production', () => {
    const pom = fs.readFileSync(path.join(ROOT, 'deploy/kafka-test/pom.xml'), 'utf8');
    const compose = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const tested = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(pom)?.[1];
    const deployed = /image:\s*apache\/kafka:(\S+)/.exec(compose)?.[1];
    expect(tested).toMatch(/^4\.\d+\.\d+$/);
    expect(deployed).toBe(tested);
  });
});
