/**
 * A Socket.IO v4 client of the default namespace over a bare WebSocket (Engine.IO 4), for load
 * generators that share the machine's cores with the app under test.
 *
 * It does what a client must to receive every event: completes the Engine.IO and Socket.IO
 * handshakes, answers the server's pings, decodes every event packet (its JSON) and hands it to
 * the event's handler, and matches acknowledgements. It leaves out what socket.io-client adds on
 * top (reconnection, polling, binary attachments, buffering, a chain of emitters and debug calls
 * per packet): on the community bench that client spent about as much CPU per message passing the
 * packet along as decoding it.
 */
import WebSocket from 'ws';

type Handler = (...args: unknown[]) => void;

/** Handed the raw text of an event's packet (`42["event",...]`, as bytes), undecoded. */
type RawHandler = (packet: Buffer) => void;

export class LeanSocket {
  private readonly handlers = new Map<string, Handler>();
  private raw?: { prefix: Buffer; handler: RawHandler };
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  private nextAckId = 0;

  private constructor(private readonly ws: WebSocket) {}

  /** Opens a socket with the given cookie; resolves once the namespace accepted it (rejects on connect_error or a close). */
  static connect(base: string, cookie: string): Promise<LeanSocket> {
    const url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    // The server's frames are the app's own JSON: their UTF-8 is not checked again here.
    const ws = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false, skipUTF8Validation: true });
    const socket = new LeanSocket(ws);
    return new Promise<LeanSocket>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('close', () => reject(new Error('the socket closed before it connected')));
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        const raw = socket.raw;
        if (raw && data.length > raw.prefix.length && data.compare(raw.prefix, 0, raw.prefix.length, 0, raw.prefix.length) === 0) return raw.handler(data);
        const text = data.toString();
        switch (text.charCodeAt(0)) {
          case 48: // '0' Engine.IO open: connect to the default namespace.
            return ws.send('40');
          case 50: // '2' ping
            return ws.send('3');
          case 52: // '4' a Socket.IO packet
            return socket.onPacket(text, resolve, reject);
        }
      });
    });
  }

  /** One Socket.IO packet (`4` + type + [ack id] + JSON), the namespace being the default one. */
  private onPacket(text: string, connected: (s: LeanSocket) => void, refused: (e: Error) => void): void {
    const type = text.charCodeAt(1);
    if (type === 50 /* '2' event */) {
      const [event, ...args] = JSON.parse(text.slice(2)) as [string, ...unknown[]];
      this.handlers.get(event)?.(...args);
    } else if (type === 51 /* '3' ack */) {
      let at = 2;
      while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
      const id = Number(text.slice(2, at));
      const ack = this.acks.get(id);
      this.acks.delete(id);
      ack?.(JSON.parse(text.slice(at)) as unknown[]);
    } else if (type === 48 /* '0' connect */) {
      connected(this);
    } else if (type === 52 /* '4' connect_error */) {
      refused(new Error(`connect_error ${text.slice(2)}`));
    }
  }

  /** The handler of an event (one per event). */
  on(event: string, handler: Handler): void {
    this.handlers.set(event, handler);
  }

  /**
   * The handler of one event's packets, handed their bytes undecoded: for a load generator that
   * recognises each packet by a field of its own and would otherwise spend most of its CPU
   * decoding JSON it does not look at. Packets of every other event are decoded as usual.
   */
  onRaw(event: string, handler: RawHandler): void {
    this.raw = { prefix: Buffer.from(`42[${JSON.stringify(event)},`), handler };
  }

  /** Emits an event without an acknowledgement. */
  emit(event: string, ...args: unknown[]): void {
    this.ws.send(`42${JSON.stringify([event, ...args])}`);
  }

  /** Emits an event with an acknowledgement; resolves with the acknowledgement's first argument. */
  emitWithAck(timeoutMs: number, event: string, ...args: unknown[]): Promise<unknown> {
    const id = this.nextAckId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error(`no acknowledgement of ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.acks.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer[0]);
      });
      this.ws.send(`42${id}${JSON.stringify([event, ...args])}`);
    });
  }

  close(): void {
    this.ws.close();
  }
}
