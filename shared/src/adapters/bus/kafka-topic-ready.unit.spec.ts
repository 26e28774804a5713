import { describe, expect, it, vi } from 'vitest';
import { KafkaBus, type AdminLike, type KafkaLike, type ProducerLike } from './kafka-bus';

/** kafkajs's error for a partition that has no leader yet (a topic another process is creating). */
const noLeaderYet = () => Object.assign(new Error('This server does not host this topic-partition'), { name: 'KafkaJSProtocolError', retriable: true, type: 'UNKNOWN_TOPIC_OR_PARTITION' });

function kafkaWith(createTopics: AdminLike['createTopics']) {
  const sent: string[] = [];
  const admin: AdminLike = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    createTopics,
    fetchTopicOffsets: async () => [{ partition: 0, offset: '0' }],
    fetchOffsets: async () => [],
    deleteGroups: async () => undefined,
  };
  const producer = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    send: async ({ topic }: { topic: string }) => void sent.push(topic),
  } as unknown as ProducerLike;
  const kafka = { admin: () => admin, producer: () => producer, consumer: () => ({}) } as unknown as KafkaLike;
  return { kafka, sent };
}

describe('Kafka bus: a topic without a leader yet', () => {
  it('is tried again until it has one, instead of failing the publish (or a service start)', async () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const { kafka, sent } = kafkaWith(async () => {
        attempts++;
        if (attempts < 3) throw noLeaderYet();
        return true;
      });
      const bus = new KafkaBus({ kafka });
      const published = bus.publish('chat', { hello: 1 });
      await vi.runAllTimersAsync();
      await published;
      expect(attempts).toBe(3);
      expect(sent).toEqual(['circuit.bus.chat']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails at once on an error that another try would not mend', async () => {
    let attempts = 0;
    const { kafka } = kafkaWith(async () => {
      attempts++;
      throw Object.assign(new Error('Topic authorization failed'), { name: 'KafkaJSProtocolError', retriable: false });
    });
    await expect(new KafkaBus({ kafka }).publish('chat', {})).rejects.toThrow('Topic authorization failed');
    expect(attempts).toBe(1);
  });
});
