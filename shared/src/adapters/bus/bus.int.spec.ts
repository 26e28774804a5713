import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { busContract } from '../../ports/bus.contract';
import { InMemoryKafkaBroker } from '../../testkit/in-memory-kafka';
import { testDatabaseUrl } from '../../testkit/postgres';
import { testKafkaBrokers } from '../../testkit/kafka-broker';
import { describeWhen } from '../../testkit/skip';
import { sleep, waitFor } from '../../testkit/wait';
import { InProcessBus } from './in-process-bus';
import { KafkaBus, kafkaGroupName, kafkaTopicName, parseBrokers } from './kafka-bus';
import { BusPayloadTooLargeError, PostgresNotifyBus } from './postgres-notify-bus';

// Embedded mode: always.
busContract('in-process bus', async () => {
  const bus = new InProcessBus({ retryDelayMs: 50 });
  return { bus, cleanup: () => bus.close() };
});

describe('in-process bus: a group member with several slots', () => {
  it('handles up to `concurrency` messages at once, every message once, and a failed one again after the delay', async () => {
    const bus = new InProcessBus({ retryDelayMs: 50 });
    const running = new Set<number>();
    let most = 0;
    const handled: number[] = [];
    let failures = 0;
    try {
      await bus.subscribe(
        'slots',
        async (payload) => {
          const n = (payload as { n: number }).n;
          running.add(n);
          most = Math.max(most, running.size);
          await sleep(20);
          running.delete(n);
          if (n === 4 && failures++ === 0) throw new Error('not yet');
          handled.push(n);
        },
        { group: 'slots', concurrency: 3 },
      );
      for (let n = 0; n < 9; n++) await bus.publish('slots', { n });
      await waitFor(() => handled.length === 9, { timeoutMs: 5000, message: () => `nine messages, got ${JSON.stringify(handled)}` });
      await sleep(100);
      expect(most).toBe(3);
      expect([...handled].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(failures).toBe(2);
    } finally {
      await bus.close();
    }
  });
});

// KafkaBus's own logic on an in-memory broker double, always (the real broker suite is below).
busContract('Kafka adapter on an in-memory broker double', async () => {
  const broker = new InMemoryKafkaBroker();
  const bus = new KafkaBus({ kafka: broker.client(), retryDelayMs: 50 });
  const peers: KafkaBus[] = [];
  return {
    bus,
    peer: async () => {
      const peer = new KafkaBus({ kafka: broker.client(), retryDelayMs: 50 });
      peers.push(peer);
      return peer;
    },
    cleanup: async () => {
      await Promise.all([bus, ...peers].map((b) => b.close()));
    },
  };
});

describe('Kafka adapter details', () => {
  it('maps bus topics to legal, distinct Kafka topic names', () => {
    const names = ['chat', 'chat.message', 'user:42/notifications', 'user_42_notifications', 'Ünïcode topic', 'x'.repeat(400)];
    const mapped = names.map((n) => kafkaTopicName(n));
    for (const m of mapped) {
      expect(m).toMatch(/^[a-zA-Z0-9._-]{1,249}$/);
      expect(m.startsWith('circuit.bus.')).toBe(true);
    }
    expect(new Set(mapped).size).toBe(names.length);
    expect(kafkaTopicName('chat.message')).toBe('circuit.bus.chat.message');
    expect(kafkaTopicName('user:42/notifications')).not.toBe(kafkaTopicName('user_42_notifications'));
    expect(kafkaTopicName('chat', 'tenant1.')).toBe('tenant1.chat');
  });

  it('parses KAFKA_BROKERS', () => {
    expect(parseBrokers(' kafka-1:9092, kafka-2:9092 ,')).toEqual(['kafka-1:9092', 'kafka-2:9092']);
  });

  it('gives every subscription a consumer group of its own and deletes it on unsubscribe', async () => {
    const broker = new InMemoryKafkaBroker();
    const bus = new KafkaBus({ kafka: broker.client() });
    try {
      const offA = await bus.subscribe('t', () => undefined);
      const offB = await bus.subscribe('t', () => undefined);
      const groups = [...broker.activeMembers.keys()];
      expect(groups).toHaveLength(2);
      expect(new Set(groups).size).toBe(2);
      await offA();
      await offB();
      expect(broker.deletedGroups.sort()).toEqual(groups.sort());
    } finally {
      await bus.close();
    }
  });

  it('keeps a group on unsubscribe: its committed offsets are where the next member starts', async () => {
    const broker = new InMemoryKafkaBroker();
    const bus = new KafkaBus({ kafka: broker.client() });
    try {
      const got: unknown[] = [];
      const off = await bus.subscribe('queue', (p) => void got.push(p), { group: 'workers' });
      await bus.publish('queue', { n: 1 });
      await waitFor(() => got.length >= 1, { message: 'the message' });
      await off();
      expect(broker.deletedGroups).toEqual([]);
      expect(broker.committed.get(kafkaGroupName('workers'))?.get(kafkaTopicName('queue'))).toBe(1);
    } finally {
      await bus.close();
    }
  });

  it('does not deliver messages published before subscribe', async () => {
    const broker = new InMemoryKafkaBroker();
    const bus = new KafkaBus({ kafka: broker.client() });
    try {
      await bus.publish('history', { n: 1 });
      const got: unknown[] = [];
      await bus.subscribe('history', (p) => void got.push(p));
      await bus.publish('history', { n: 2 });
      await waitFor(() => got.length >= 1, { message: 'the live message' });
      await sleep(100);
      expect(got).toEqual([{ n: 2 }]);
    } finally {
      await bus.close();
    }
  });

  it('reports handler failures to onError', async () => {
    const errors: unknown[] = [];
    const broker = new InMemoryKafkaBroker();
    const bus = new KafkaBus({ kafka: broker.client(), onError: (e) => errors.push(e) });
    try {
      await bus.subscribe('boom', () => {
        throw new Error('handler exploded');
      });
      await bus.publish('boom', {});
      await waitFor(() => errors.length >= 1, { message: 'the reported error' });
      expect(String(errors[0])).toMatch(/handler exploded/);
    } finally {
      await bus.close();
    }
  });
});

// Cluster mode: LISTEN/NOTIFY on a real Postgres. A channel per run keeps parallel runs apart.
describeWhen('Postgres LISTEN/NOTIFY bus', testDatabaseUrl(), (url) => {
  const channel = `circuit_bus_test_${randomBytes(4).toString('hex')}`;

  busContract('Postgres LISTEN/NOTIFY bus', async () => {
    const bus = await PostgresNotifyBus.connect({ connectionString: url, channel, retryDelayMs: 50 });
    const peers: PostgresNotifyBus[] = [];
    return {
      bus,
      peer: async () => {
        const peer = await PostgresNotifyBus.connect({ connectionString: url, channel, retryDelayMs: 50 });
        peers.push(peer);
        return peer;
      },
      cleanup: async () => {
        await Promise.all([bus, ...peers].map((b) => b.close()));
      },
    };
  });

  describe('Postgres LISTEN/NOTIFY bus details', () => {
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    afterAll(() => admin.end());

    it('delivers a message just under the 8000-byte NOTIFY limit and refuses a bigger one clearly', async () => {
      const bus = await PostgresNotifyBus.connect({ connectionString: url, channel });
      try {
        const got: unknown[] = [];
        await bus.subscribe('big', (p) => void got.push(p));
        const envelope = JSON.stringify({ t: 'big', p: { text: '' } }).length;
        const fits = { text: 'a'.repeat(7999 - envelope) };
        await bus.publish('big', fits);
        await waitFor(() => got.length >= 1, { message: 'the 7999-byte message' });
        expect(got).toEqual([fits]);

        const tooBig = { text: 'a'.repeat(8000 - envelope) };
        const error = await bus.publish('big', tooBig).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BusPayloadTooLargeError);
        expect(String(error)).toMatch(/8000 bytes/);
        expect((error as BusPayloadTooLargeError).bytes).toBe(8000);
        // Bytes, not characters: 3000 Devanagari letters are 9000 bytes.
        await expect(bus.publish('big', { text: 'न'.repeat(3000) })).rejects.toBeInstanceOf(BusPayloadTooLargeError);
        await sleep(100);
        expect(got).toHaveLength(1);
      } finally {
        await bus.close();
      }
    });

    it('reconnects and listens again after its connection is killed', async () => {
      const applicationName = `circuit-bus-test-${randomBytes(4).toString('hex')}`;
      const errors: unknown[] = [];
      const bus = await PostgresNotifyBus.connect({ connectionString: url, channel, applicationName, reconnectDelayMs: 50, onError: (e) => errors.push(e) });
      const publisher = await PostgresNotifyBus.connect({ connectionString: url, channel });
      try {
        const got: { n: number }[] = [];
        await bus.subscribe('survives', (p) => void got.push(p as { n: number }));
        await publisher.publish('survives', { n: 0 });
        await waitFor(() => got.length >= 1, { message: 'the message before the kill' });

        const killed = await admin.query('select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1', [applicationName]);
        expect(killed.rowCount).toBe(1);
        await waitFor(() => !bus.listening || undefined, { timeoutMs: 5_000, message: 'the bus to notice the lost connection' }).catch(() => undefined);
        await waitFor(async () => bus.listening, { timeoutMs: 10_000, message: 'the bus to listen again' });
        const relisten = await admin.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [applicationName]);
        expect(relisten.rows[0].n).toBe(1);

        for (let n = 1; n <= 5; n++) await publisher.publish('survives', { n });
        await waitFor(() => got.length >= 6, { message: () => `the messages after the reconnect, got ${JSON.stringify(got)}` });
        expect(got.map((m) => m.n)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(errors.length).toBeGreaterThanOrEqual(1);
      } finally {
        await bus.close();
        await publisher.close();
      }
    });

    it('refuses a channel name that is not a plain identifier', async () => {
      await expect(PostgresNotifyBus.connect({ connectionString: url, channel: 'bus"; drop table x; --' })).rejects.toThrow(/Invalid bus channel/);
    });

    it('close() ends its connections', async () => {
      const applicationName = `circuit-bus-test-${randomBytes(4).toString('hex')}`;
      const bus = await PostgresNotifyBus.connect({ connectionString: url, channel, applicationName });
      await bus.subscribe('x', () => undefined);
      await bus.close();
      await waitFor(
        async () => (await admin.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [applicationName])).rows[0].n === 0,
        { message: 'the listening connection to close' },
      );
      await expect(bus.publish('x', {})).rejects.toThrow(/closed/);
    });
  });
});

// Production: a real Kafka broker, at KAFKA_BROKERS or the run's own (deploy/kafka-test/broker.sh).
const kafkaBrokers = await testKafkaBrokers();

describeWhen('Kafka adapter on a real broker', kafkaBrokers, (brokers) => {
  // Topics of a run of their own, so runs sharing a broker never meet.
  const topicPrefix = `circuit.test.${randomBytes(4).toString('hex')}.`;
  busContract(
    `Kafka adapter (${brokers.join(',')})`,
    async () => {
      const bus = await KafkaBus.connect({ brokers, topicPrefix, clientId: 'circuit-test', retryDelayMs: 50, fetchMaxWaitMs: 200 });
      const peers: KafkaBus[] = [];
      return {
        bus,
        peer: async () => {
          const peer = await KafkaBus.connect({ brokers, topicPrefix, clientId: 'circuit-test-peer', retryDelayMs: 50, fetchMaxWaitMs: 200 });
          peers.push(peer);
          return peer;
        },
        cleanup: async () => {
          await Promise.all([bus, ...peers].map((b) => b.close()));
        },
      };
    },
    { deliveryTimeoutMs: 30_000, quietMs: 1_000, setupTimeoutMs: 180_000 },
  );
});
