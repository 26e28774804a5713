/** The Bus port: fire-and-forget messages between services (notifications, chat delivery, read-model progress). */

export type BusHandler = (payload: unknown) => void | Promise<void>;

export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns an unsubscribe function. Every subscriber of every process receives each message. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
