import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { Kafka, logLevel } from 'kafkajs';
import type { Bus, BusHandler, GroupBacklog, SubscribeOptions } from '../../ports/bus';
import { processing, publishing } from '../../tracing/bus-spans';

/**
 * The production bus (docs/decisions.md#d9-one-codebase-three-runtime-modes-adapters-behind-ports) over Kafka with kafkajs. Everything kafkajs-specific stays
 * in this file behind the Bus port, and it only needs the small client surface below (KafkaLike), so
 * @platformatic/kafka or another client can take its place.
 *
 * - One producer per bus. Each bus topic is one Kafka topic with one partition (publish order is
 *   kept), created on demand with the admin client; the bus topic also travels in a header, and so
 *   does the publisher's trace context (`traceparent`) when tracing is on.
 * - A live subscribe gets its own consumer in a group of its own (unique per process and
 *   subscription), so every subscriber of every process receives every message. It starts at the end
 *   of the topic (fromBeginning false), and "the end" is the one seen when subscribe is called: once
 *   the consumer has joined (run resolves after the group join), it seeks to those offsets, so a
 *   message published after subscribe has resolved is never missed (kafkajs alone resolves "latest"
 *   only at its first fetch, which can come later). A pending seek makes kafkajs drop any fetch
 *   answered with older offsets, so nothing is delivered twice. When the first join failed (on a
 *   fresh broker the group coordinator needs a moment) kafkajs restarts the consumer, and the seek
 *   waits for it. Unsubscribe disconnects the consumer and deletes its group.
 * - A group subscribe (commands) joins the Kafka consumer group of that name, shared by every
 *   process. A new group starts at the beginning of the topic, an existing one at its committed
 *   offsets. A member handles its messages `concurrency` at a time (one by default) and commits
 *   the offset after them once all succeeded; a throwing handler gets the same message again after
 *   a growing delay, and a member that dies (kill -9) leaves its uncommitted messages to the
 *   member that takes its partition once its session times out (groupSessionTimeoutMs). At least
 *   once: handlers dedupe. Unsubscribe leaves the group and keeps its offsets.
 */

type HeaderValue = Buffer | string | (Buffer | string)[] | undefined;

export interface KafkaMessageLike {
  value: Buffer | null;
  headers?: Record<string, HeaderValue>;
  offset: string;
}

export interface ProducerLike {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  send(record: { topic: string; messages: { value: string; headers: Record<string, string> }[] }): Promise<unknown>;
}

/** What kafkajs hands eachBatch: the fetched messages of one partition, and the means to commit a part of them. */
export interface KafkaBatchLike {
  batch: { topic: string; partition: number; messages: KafkaMessageLike[] };
  resolveOffset(offset: string): void;
  commitOffsetsIfNecessary(): Promise<void>;
  heartbeat(): Promise<void>;
  isRunning(): boolean;
  /** The partition went to another member in a rebalance: the rest of the batch is theirs. */
  isStale(): boolean;
}

export interface ConsumerLike {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  subscribe(subscription: { topics: string[]; fromBeginning: boolean }): Promise<void>;
  run(config: {
    /** 1: an offset is committed as soon as it is resolved. */
    autoCommitThreshold?: number;
    /** false: only the offsets eachBatch resolves are committed, not the whole batch once it returns. */
    eachBatchAutoResolve?: boolean;
    eachMessage?: (payload: { topic: string; partition: number; message: KafkaMessageLike; heartbeat(): Promise<void> }) => Promise<void>;
    eachBatch?: (payload: KafkaBatchLike) => Promise<void>;
  }): Promise<void>;
  /** Only after run() has resolved, and throws while a crashed consumer restarts: the next fetch of that partition starts at `offset`. */
  seek(position: { topic: string; partition: number; offset: string }): void;
}

export interface AdminLike {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  createTopics(options: { topics: { topic: string; numPartitions?: number; replicationFactor?: number }[]; waitForLeaders?: boolean }): Promise<boolean>;
  /** `offset` is the end of the partition (the next message's offset), `low` its first kept message. */
  fetchTopicOffsets(topic: string): Promise<{ partition: number; offset: string; low?: string }[]>;
  /** A group's committed offsets (the next message it reads); -1 where it has committed none. */
  fetchOffsets(options: { groupId: string; topics: string[] }): Promise<{ topic: string; partitions: { partition: number; offset: string }[] }[]>;
  deleteGroups(groupIds: string[]): Promise<unknown>;
}

export interface KafkaLike {
  producer(): ProducerLike;
  consumer(config: { groupId: string; sessionTimeout?: number; heartbeatInterval?: number; maxWaitTimeInMs?: number }): ConsumerLike;
  admin(): AdminLike;
}

export interface KafkaBusOptions {
  /** host:port list (KAFKA_BROKERS, comma-separated in the environment). */
  brokers?: string[];
  clientId?: string;
  /** Prefix of the Kafka topics (default `circuit.bus.`). */
  topicPrefix?: string;
  /** Default 1: enough for a single broker; set 3 on a real cluster. */
  replicationFactor?: number;
  /** A ready client instead of brokers (another Kafka library, or a test double). */
  kafka?: KafkaLike;
  /** Handler failures and consumer problems. Default: ignored. */
  onError?: (error: unknown) => void;
  /**
   * Session timeout of group members (default 10 s): how long a member that died holds its
   * partition before another member takes it over. Between the broker's group.min/max.session.timeout.ms.
   */
  groupSessionTimeoutMs?: number;
  /**
   * How long a fetch waits at the broker for new messages (default 1000 ms). Stopping a consumer
   * waits for its fetch under way, so this bounds how long unsubscribe takes.
   */
  fetchMaxWaitMs?: number;
  /** First delay before a group message whose handler threw is tried again; doubles up to 30 s. Default 1000 ms. */
  retryDelayMs?: number;
}

const TOPIC_HEADER = 'circuit-topic';
/** The W3C trace context of the publishing span (shared/src/tracing/), when tracing is on. */
const TRACEPARENT_HEADER = 'traceparent';
const MAX_RETRY_DELAY_MS = 30_000;

/** Thrown inside a group consumer that has been stopped: the message stays uncommitted for the next member. */
class SubscriptionStopped extends Error {
  constructor() {
    super('The group subscription stopped before the message was handled');
    this.name = 'SubscriptionStopped';
  }
}
const LEGAL_KAFKA_TOPIC = /^[a-zA-Z0-9._-]+$/;

/** The Kafka topic of a bus topic: legal characters only, distinct for distinct bus topics. */
export function kafkaTopicName(topic: string, prefix = 'circuit.bus.'): string {
  const safe = topic.replace(/[^a-zA-Z0-9._-]/g, '_');
  const name = safe === topic && LEGAL_KAFKA_TOPIC.test(topic) ? prefix + topic : `${prefix}${safe}-${createHash('sha1').update(topic).digest('hex').slice(0, 10)}`;
  if (name.length <= 249) return name;
  return `${prefix}${safe.slice(0, 200)}-${createHash('sha1').update(topic).digest('hex').slice(0, 16)}`;
}

/** The Kafka consumer group of a bus group: legal characters, distinct per topic prefix (one per deployment or test run). */
export function kafkaGroupName(group: string, prefix = 'circuit.bus.'): string {
  return kafkaTopicName(group, `${prefix}group.`);
}

/** Seeks once the consumer group exists: right after run(), or after kafkajs restarted a consumer whose first join failed. */
async function seekWhenReady(consumer: ConsumerLike, positions: { topic: string; partition: number; offset: string }[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      for (const position of positions) consumer.seek(position);
      return;
    } catch (error) {
      if (!/not initialized/i.test(String(error)) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function headerText(value: HeaderValue): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? undefined : one.toString();
}

let subscriptionCounter = 0;

export class KafkaBus implements Bus {
  private readonly kafka: KafkaLike;
  private readonly prefix: string;
  private readonly replicationFactor: number;
  private readonly processId = `${os.hostname().replace(/[^a-zA-Z0-9_-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly consumers = new Set<() => Promise<void>>();
  private producer: Promise<ProducerLike> | undefined;
  private admin: Promise<AdminLike> | undefined;
  private closed = false;

  constructor(private readonly options: KafkaBusOptions) {
    if (options.kafka) this.kafka = options.kafka;
    else {
      if (!options.brokers?.length) throw new Error('KafkaBus needs brokers (KAFKA_BROKERS) or a kafka client');
      this.kafka = new Kafka({ clientId: options.clientId ?? 'circuit', brokers: options.brokers, logLevel: logLevel.ERROR });
    }
    this.prefix = options.topicPrefix ?? 'circuit.bus.';
    this.replicationFactor = options.replicationFactor ?? 1;
  }

  /** A bus whose producer is connected (fails fast when no broker answers). */
  static async connect(options: KafkaBusOptions): Promise<KafkaBus> {
    const bus = new KafkaBus(options);
    try {
      await bus.getProducer();
    } catch (error) {
      await bus.close();
      throw error;
    }
    return bus;
  }

  private getAdmin(): Promise<AdminLike> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      const connected = admin.connect().then(() => admin);
      // A failed connection is not kept: the next call tries again.
      connected.catch(() => {
        if (this.admin === connected) this.admin = undefined;
      });
      this.admin = connected;
    }
    return this.admin;
  }

  private getProducer(): Promise<ProducerLike> {
    if (!this.producer) {
      const producer = this.kafka.producer();
      const connected = producer.connect().then(() => producer);
      connected.catch(() => {
        if (this.producer === connected) this.producer = undefined;
      });
      this.producer = connected;
    }
    return this.producer;
  }

  /**
   * Creates the Kafka topic once per process (createTopics answers false when it already exists). A
   * topic another process is creating at the same moment may have no leader yet for longer than
   * kafkajs's own retries wait ("This server does not host this topic-partition" on a busy broker):
   * such errors are tried again for up to TOPIC_READY_MS rather than failing the service's start.
   */
  private ensureTopic(kafkaTopic: string): Promise<void> {
    let ready = this.topics.get(kafkaTopic);
    if (!ready) {
      ready = untilNotRetriable(async () => {
        const admin = await this.getAdmin();
        await admin.createTopics({ topics: [{ topic: kafkaTopic, numPartitions: 1, replicationFactor: this.replicationFactor }], waitForLeaders: true });
        // The partition's leader is known once its offsets can be read.
        await admin.fetchTopicOffsets(kafkaTopic);
      }, TOPIC_READY_MS);
      ready.catch(() => this.topics.delete(kafkaTopic));
      this.topics.set(kafkaTopic, ready);
    }
    return ready;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error('The bus is closed');
    const kafkaTopic = kafkaTopicName(topic, this.prefix);
    await this.ensureTopic(kafkaTopic);
    const producer = await this.getProducer();
    await publishing('kafka', topic, (traceparent) =>
      producer.send({ topic: kafkaTopic, messages: [{ value: JSON.stringify(payload ?? null), headers: traceparent ? { [TOPIC_HEADER]: topic, [TRACEPARENT_HEADER]: traceparent } : { [TOPIC_HEADER]: topic } }] }),
    );
  }

  async subscribe(topic: string, handler: BusHandler, options: SubscribeOptions = {}): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('The bus is closed');
    const kafkaTopic = kafkaTopicName(topic, this.prefix);
    await this.ensureTopic(kafkaTopic);
    if (options.group !== undefined) return this.joinGroup(topic, kafkaTopic, options.group, handler, Math.max(1, Math.floor(options.concurrency ?? 1)));
    const admin = await this.getAdmin();
    subscriptionCounter += 1;
    const groupId = `circuit-bus-${this.processId}-${subscriptionCounter}`;

    // "From now on": the end of the topic before the consumer joins.
    const ends = await admin.fetchTopicOffsets(kafkaTopic);

    const consumer = this.kafka.consumer({ groupId, maxWaitTimeInMs: this.options.fetchMaxWaitMs ?? 1000 });
    let active = true;
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [kafkaTopic], fromBeginning: false });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const read = active ? this.payloadOf(message, topic) : undefined;
          if (!read) return;
          try {
            await processing('kafka', topic, headerText(message.headers?.[TRACEPARENT_HEADER]), () => handler(read.payload));
          } catch (error) {
            // A failing handler must not make kafkajs re-deliver or stop the consumer.
            this.options.onError?.(error);
          }
        },
      });
      await seekWhenReady(consumer, ends.map(({ partition, offset }) => ({ topic: kafkaTopic, partition, offset })));
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        active = false;
        this.consumers.delete(stop);
        await consumer.disconnect().catch((error: unknown) => this.options.onError?.(error));
        await admin.deleteGroups([groupId]).catch(() => undefined);
      })();
      return stopping;
    };
    this.consumers.add(stop);
    return stop;
  }

  /** The payload of a message of `topic` (the topic may carry others'); undefined for another's, or one that never parses (reported, and skipped however often it is read). */
  private payloadOf(message: KafkaMessageLike, topic: string): { payload: unknown } | undefined {
    if (headerText(message.headers?.[TOPIC_HEADER]) !== topic) return undefined;
    try {
      return { payload: message.value ? JSON.parse(message.value.toString('utf8')) : null };
    } catch (error) {
      this.options.onError?.(error);
      return undefined;
    }
  }

  /** A member of a durable consumer group: see the class comment. */
  private async joinGroup(topic: string, kafkaTopic: string, group: string, handler: BusHandler, concurrency: number): Promise<() => Promise<void>> {
    const groupId = kafkaGroupName(group, this.prefix);
    const sessionTimeout = this.options.groupSessionTimeoutMs ?? 10_000;
    const heartbeatInterval = Math.max(100, Math.floor(sessionTimeout / 5));
    const consumer = this.kafka.consumer({ groupId, sessionTimeout, heartbeatInterval, maxWaitTimeInMs: this.options.fetchMaxWaitMs ?? 1000 });
    let active = true;
    /** The retry pauses under way: stopping ends them. */
    const pauses = new Set<() => void>();
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          pauses.delete(done);
          resolve();
        }
        pauses.add(done);
      });

    /** One message until its handler succeeds (or this member stops): returning would let its offset be committed. */
    const handleUntilDone = async (message: KafkaMessageLike): Promise<void> => {
      const read = this.payloadOf(message, topic);
      if (!read) return;
      let delay = this.options.retryDelayMs ?? 1000;
      for (;;) {
        if (!active) throw new SubscriptionStopped();
        try {
          await processing('kafka', topic, headerText(message.headers?.[TRACEPARENT_HEADER]), () => handler(read.payload));
          return;
        } catch (error) {
          this.options.onError?.(error);
        }
        await pause(delay);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
      }
    };

    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [kafkaTopic], fromBeginning: true });
      await consumer.run({
        autoCommitThreshold: 1,
        eachBatchAutoResolve: false,
        // The fetched messages `concurrency` at a time: their handlers start in order and run side by side, and the
        // offset after the last of them is committed once all have succeeded. A member that dies leaves only the
        // messages under way to be handled again; one that fails is tried again in place while the others go on.
        eachBatch: async ({ batch, resolveOffset, commitOffsetsIfNecessary, heartbeat, isRunning, isStale }) => {
          for (let from = 0; from < batch.messages.length; from += concurrency) {
            if (!active) throw new SubscriptionStopped();
            if (!isRunning() || isStale()) return;
            const messages = batch.messages.slice(from, from + concurrency);
            // A slow handler must not cost this member its partition (heartbeat sends only when one is due).
            const beating = setInterval(() => void heartbeat().catch((error: unknown) => this.options.onError?.(error)), heartbeatInterval);
            try {
              await Promise.all(messages.map(handleUntilDone));
            } finally {
              clearInterval(beating);
            }
            resolveOffset(messages[messages.length - 1]!.offset);
            await commitOffsetsIfNecessary();
          }
        },
      });
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        active = false;
        for (const done of [...pauses]) done();
        this.consumers.delete(stop);
        await consumer.disconnect().catch((error: unknown) => this.options.onError?.(error));
      })();
      return stopping;
    };
    this.consumers.add(stop);
    return stop;
  }

  /**
   * The group's consumer lag: the messages after its committed offsets (from the start of the partition when it has
   * committed none). Kafka does not say when a message was published without reading it, so no oldestAt.
   */
  async backlog(topic: string, group: string): Promise<GroupBacklog> {
    const kafkaTopic = kafkaTopicName(topic, this.prefix);
    await this.ensureTopic(kafkaTopic);
    const admin = await this.getAdmin();
    const [ends, committed] = await Promise.all([admin.fetchTopicOffsets(kafkaTopic), admin.fetchOffsets({ groupId: kafkaGroupName(group, this.prefix), topics: [kafkaTopic] })]);
    const committedOf = new Map(committed.flatMap((t) => t.partitions).map((p) => [p.partition, Number(p.offset)]));
    let messages = 0;
    for (const end of ends) {
      const from = committedOf.get(end.partition) ?? -1;
      messages += Math.max(0, Number(end.offset) - (from >= 0 ? from : Number(end.low ?? 0)));
    }
    return { messages };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map((stop) => stop()));
    const producer = await this.producer?.catch(() => undefined);
    await producer?.disconnect().catch(() => undefined);
    const admin = await this.admin?.catch(() => undefined);
    await admin?.disconnect().catch(() => undefined);
  }
}

/** KAFKA_BROKERS ("host1:9092,host2:9092") as a broker list. */
export function parseBrokers(value: string): string[] {
  return value
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
}

/** How long a topic may take to get a leader before a publish or subscription fails. */
const TOPIC_READY_MS = 60_000;

/** Whether a kafkajs error may pass on a later try (its own flag, or retries it ran out of on such an error). */
function isRetriable(error: unknown): boolean {
  const e = error as { retriable?: unknown; name?: unknown; cause?: unknown; originalError?: unknown } | undefined;
  if (!e) return false;
  if (e.retriable === true) return true;
  return e.name === 'KafkaJSNumberOfRetriesExceeded' && (isRetriable(e.cause) || isRetriable(e.originalError));
}

async function untilNotRetriable(work: () => Promise<void>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (let pause = 250; ; pause = Math.min(2000, pause * 2)) {
    try {
      return await work();
    } catch (error) {
      if (!isRetriable(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
