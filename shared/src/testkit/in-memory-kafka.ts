import type { AdminLike, ConsumerLike, KafkaLike, KafkaMessageLike, ProducerLike } from '../adapters/bus/kafka-bus';
import { sleep } from './wait';

/**
 * A small in-memory stand-in for a Kafka broker, shaped like the client surface KafkaBus uses, so
 * the bus contract exercises KafkaBus's own logic (topic creation, one group per subscription,
 * "from now on" offsets, headers, error isolation) on machines without a broker. It keeps the
 * behaviours that matter for that logic and that are easy to get wrong:
 * - producing to a topic that was never created fails (no auto-creation);
 * - a consumer's starting offset for a new group without a seek is resolved to "latest" only at its
 *   first fetch, some time after run() resolved (as kafkajs does), so a subscriber that does not
 *   pin its offsets misses messages published right after subscribing;
 * - two running consumers in one group share its single partition: only the longest-standing one
 *   gets messages, and when it leaves the next one goes on from the group's committed offset;
 * - a message whose eachMessage threw is not committed and is fetched again; eachBatch gets the messages
 *   from the member's position on, and only the offsets it resolves and commits count;
 * - deleting a group with a running member fails.
 * It is no substitute for the real broker suite (KAFKA_BROKERS or the run's own broker).
 */
interface StoredMessage {
  value: Buffer;
  headers: Record<string, Buffer>;
}

export class InMemoryKafkaBroker {
  readonly topics = new Map<string, StoredMessage[]>();
  readonly committed = new Map<string, Map<string, number>>();
  readonly activeMembers = new Map<string, number>();
  /** Running members of each group in join order. */
  private readonly members = new Map<string, symbol[]>();
  readonly deletedGroups: string[] = [];
  private readonly wakers = new Set<() => void>();

  constructor(readonly options: { joinDelayMs?: number; firstFetchDelayMs?: number } = {}) {}

  client(): KafkaLike {
    return {
      producer: () => this.producer(),
      consumer: ({ groupId }) => this.consumer(groupId),
      admin: () => this.admin(),
    };
  }

  private append(topic: string, message: StoredMessage): void {
    const log = this.topics.get(topic);
    if (!log) throw new Error(`This server does not host this topic-partition: ${topic}`);
    log.push(message);
    for (const wake of [...this.wakers]) wake();
  }

  private nextMessage(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.wakers.add(done);
    });
  }

  private producer(): ProducerLike {
    let connected = false;
    return {
      connect: async () => {
        connected = true;
      },
      disconnect: async () => {
        connected = false;
      },
      send: async ({ topic, messages }) => {
        if (!connected) throw new Error('producer is not connected');
        for (const m of messages) {
          const headers: Record<string, Buffer> = {};
          for (const [k, v] of Object.entries(m.headers)) headers[k] = Buffer.from(v);
          this.append(topic, { value: Buffer.from(m.value), headers });
        }
        return [];
      },
    };
  }

  private consumer(groupId: string): ConsumerLike {
    let topics: string[] = [];
    let fromBeginning = false;
    let running = false;
    let stopped = false;
    const member = Symbol(groupId);
    const seeks = new Map<string, number>();
    const offsets = () => {
      let map = this.committed.get(groupId);
      if (!map) this.committed.set(groupId, (map = new Map()));
      return map;
    };
    const members = () => {
      let list = this.members.get(groupId);
      if (!list) this.members.set(groupId, (list = []));
      return list;
    };
    return {
      connect: async () => undefined,
      subscribe: async (subscription) => {
        for (const t of subscription.topics) if (!this.topics.has(t)) throw new Error(`unknown topic ${t}`);
        topics = subscription.topics;
        fromBeginning = subscription.fromBeginning;
      },
      seek: ({ topic, offset }) => {
        if (!running) throw new Error('Consumer group was not initialized, consumer#run must be called first');
        seeks.set(topic, Number(offset));
      },
      run: async ({ eachMessage, eachBatch }) => {
        await sleep(this.options.joinDelayMs ?? 5);
        this.activeMembers.set(groupId, (this.activeMembers.get(groupId) ?? 0) + 1);
        members().push(member);
        running = true;
        const owner = () => members()[0] === member;
        /** Hands the messages from `at` on to the handler; the offset to go on from, or undefined when the handler threw (as kafkajs: fetched again from the committed offset). */
        const deliver = async (topic: string, log: StoredMessage[], at: number): Promise<number | undefined> => {
          const message = (offset: number): KafkaMessageLike => ({ value: log[offset]!.value, headers: { ...log[offset]!.headers }, offset: String(offset) });
          try {
            if (eachBatch) {
              let resolved: number | undefined;
              await eachBatch({
                batch: { topic, partition: 0, messages: Array.from({ length: log.length - at }, (_, i) => message(at + i)) },
                resolveOffset: (offset) => {
                  resolved = Number(offset);
                },
                commitOffsetsIfNecessary: async () => {
                  if (resolved !== undefined) offsets().set(topic, resolved + 1);
                },
                heartbeat: async () => undefined,
                isRunning: () => !stopped,
                isStale: () => !owner(),
              });
              return resolved === undefined ? at : resolved + 1;
            }
            await eachMessage?.({ topic, partition: 0, message: message(at), heartbeat: async () => undefined });
            offsets().set(topic, at + 1);
            return at + 1;
          } catch {
            return undefined;
          }
        };
        void (async () => {
          await sleep(this.options.firstFetchDelayMs ?? 30);
          // One partition: the longest-standing member owns it; a member that gains it starts at the committed offset.
          let position: Map<string, number> | undefined;
          const start = () => {
            const map = new Map<string, number>();
            for (const topic of topics) map.set(topic, offsets().get(topic) ?? (fromBeginning ? 0 : (this.topics.get(topic)?.length ?? 0)));
            return map;
          };
          while (!stopped) {
            if (!owner()) {
              position = undefined;
              await this.nextMessage(50);
              continue;
            }
            position ??= start();
            for (const [topic, offset] of seeks) position.set(topic, offset);
            seeks.clear();
            let delivered = false;
            for (const topic of topics) {
              const log = this.topics.get(topic) ?? [];
              let at = position.get(topic) ?? 0;
              while (!stopped && seeks.size === 0 && at < log.length) {
                const next = await deliver(topic, log, at);
                if (next === undefined) {
                  position = undefined;
                  await sleep(20);
                  break;
                }
                if (next === at) break; // nothing taken (the partition went elsewhere): look again later
                delivered = true;
                at = next;
                position.set(topic, at);
              }
              if (!position) break;
            }
            if (!delivered && !stopped) await this.nextMessage(50);
          }
        })();
      },
      disconnect: async () => {
        if (running && !stopped) {
          this.activeMembers.set(groupId, (this.activeMembers.get(groupId) ?? 1) - 1);
          this.members.set(groupId, members().filter((m) => m !== member));
        }
        stopped = true;
        for (const wake of [...this.wakers]) wake();
      },
    };
  }

  private admin(): AdminLike {
    return {
      connect: async () => undefined,
      disconnect: async () => undefined,
      createTopics: async ({ topics }) => {
        let created = false;
        for (const { topic } of topics) {
          if (!/^[a-zA-Z0-9._-]{1,249}$/.test(topic)) throw new Error(`Invalid topic name ${topic}`);
          if (!this.topics.has(topic)) {
            this.topics.set(topic, []);
            created = true;
          }
        }
        return created;
      },
      fetchTopicOffsets: async (topic) => {
        const log = this.topics.get(topic);
        if (!log) throw new Error(`unknown topic ${topic}`);
        return [{ partition: 0, offset: String(log.length), low: '0' }];
      },
      fetchOffsets: async ({ groupId, topics }) => topics.map((topic) => ({ topic, partitions: [{ partition: 0, offset: String(this.committed.get(groupId)?.get(topic) ?? -1) }] })),
      deleteGroups: async (groupIds) => {
        for (const id of groupIds) {
          if ((this.activeMembers.get(id) ?? 0) > 0) throw new Error(`The group ${id} is not empty`);
          this.committed.delete(id);
          this.activeMembers.delete(id);
          this.deletedGroups.push(id);
        }
        return [];
      },
    };
  }
}
