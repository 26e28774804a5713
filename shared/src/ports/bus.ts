/**
 * The Bus port: messages between services (commands such as chat sends, chat delivery,
 * notifications, read-model progress). Every adapter passes the contract suite in ./bus.contract.ts.
 */

export type BusHandler = (payload: unknown) => void | Promise<void>;

export interface SubscribeOptions {
  /**
   * Makes the subscription a durable, shared one (a work queue, for commands). The subscribers that
   * give the same group, in any process, share the topic's messages: each message goes to one of
   * them. The group keeps every message published from its first subscription on until a member has
   * handled it: messages published while no member runs arrive when one subscribes, and a message
   * whose handler threw, or whose process died before the handler finished, is delivered again
   * (after a delay). Delivery is at least once, so the handler must be idempotent (dedupe on an id
   * carried in the payload).
   *
   * Without a group a subscription is live fan-out: every subscriber of every process receives each
   * message published while it is subscribed, at most once.
   */
  group?: string;
  /**
   * A group subscription only: how many of the group's messages this member may handle at once
   * (default 1, one after the other in order). Above 1, the handlers of the messages waiting start
   * in order and run side by side, so the handler must not rely on their order finishing. The
   * in-process bus starts the next message as soon as a slot frees; the Postgres and Kafka adapters
   * take up to that many at a time and the next ones when all of those are handled (so a member that
   * dies leaves only those to be handled again).
   */
  concurrency?: number;
}

/** What a group has not handled yet: its messages kept and not handled, and when the oldest was published (when the adapter knows). */
export interface GroupBacklog {
  messages: number;
  oldestAt?: Date;
}

export interface Bus {
  /** Resolves once the message is handed to the bus (for a group: stored for it). */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns an unsubscribe function. See SubscribeOptions for live and group subscriptions. */
  subscribe(topic: string, handler: BusHandler, options?: SubscribeOptions): Promise<() => Promise<void>>;
  /** The backlog of `group` on `topic`, whichever process its members run in (none yet: 0). For the operators' metrics. */
  backlog(topic: string, group: string): Promise<GroupBacklog>;
  close(): Promise<void>;
}
