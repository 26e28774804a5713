/**
 * A Socket.IO v4 client of the default namespace over a WebSocket (Engine.IO 4) spoken directly on
 * a TCP socket, for load generators that share the machine's cores with the app under test.
 *
 * It does what a client must to receive every event: the WebSocket upgrade, the Engine.IO and
 * Socket.IO handshakes, answers to the server's pings (Engine.IO's and WebSocket's), every frame
 * read and every event packet handed to its handler (decoded from JSON, or as bytes to a raw
 * handler), acknowledgements matched. It leaves out what socket.io-client and the `ws` library add
 * on top (reconnection, polling, binary attachments, buffering, emitters, a stream and a Buffer per
 * frame): on the community bench, where each of 200 sockets receives every message, the load
 * generator's work per frame delayed the sockets it came to last by tens of milliseconds, time
 * that a participant's own device would not add. The server's frames are its own UTF-8 JSON:
 * not checked again here. Fragmented frames are not expected from the server (it sends small
 * text frames whole) and fail the socket.
 */
import crypto from 'node:crypto';
import net from 'node:net';

type Handler = (...args: unknown[]) => void;

/** Handed the raw text of an event's packet (`42["event",...]`, as bytes), undecoded. */
type RawHandler = (packet: Buffer) => void;

const OPCODE = { continuation: 0, text: 1, close: 8, ping: 9, pong: 10 } as const;

export class LeanSocket {
  private readonly handlers = new Map<string, Handler>();
  private raw?: { prefix: Buffer; handler: RawHandler };
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  private nextAckId = 0;
  /** Bytes of a frame that has not fully arrived yet. */
  private pending: Buffer | undefined;
  private connected?: { resolve(s: LeanSocket): void; reject(e: Error): void };

  private constructor(private readonly tcp: net.Socket) {}

  /** Opens a socket with the given cookie; resolves once the namespace accepted it (rejects on connect_error or a close). */
  static connect(base: string, cookie: string): Promise<LeanSocket> {
    const url = new URL(base);
    const tcp = net.connect({ host: url.hostname, port: Number(url.port) });
    tcp.setNoDelay(true);
    const socket = new LeanSocket(tcp);
    return new Promise<LeanSocket>((resolve, reject) => {
      socket.connected = { resolve, reject };
      tcp.on('error', reject);
      tcp.on('close', () => reject(new Error('the socket closed before it connected')));
      tcp.once('connect', () => {
        const key = crypto.randomBytes(16).toString('base64');
        tcp.write(
          `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nCookie: ${cookie}\r\n\r\n`,
        );
        let head = Buffer.alloc(0);
        const onHead = (chunk: Buffer) => {
          head = Buffer.concat([head, chunk]);
          const end = head.indexOf('\r\n\r\n');
          if (end < 0) return;
          tcp.off('data', onHead);
          const status = head.subarray(0, head.indexOf('\r\n')).toString();
          if (!/^HTTP\/1\.1 101 /.test(status)) return reject(new Error(`WebSocket upgrade refused: ${status}`));
          tcp.on('data', (data: Buffer) => socket.onData(data));
          if (head.length > end + 4) socket.onData(head.subarray(end + 4));
        };
        tcp.on('data', onHead);
      });
    });
  }

  /** Reads every whole frame of the bytes that arrived, keeping a frame cut short for the next. */
  private onData(chunk: Buffer): void {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    let at = 0;
    while (buf.length - at >= 2) {
      const b0 = buf[at]!;
      const b1 = buf[at + 1]!;
      let length = b1 & 0x7f;
      let header = 2;
      if (length === 126) {
        if (buf.length - at < 4) break;
        length = buf.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (buf.length - at < 10) break;
        length = Number(buf.readBigUInt64BE(at + 2));
        header = 10;
      }
      if (buf.length - at < header + length) break;
      const payload = buf.subarray(at + header, at + header + length);
      at += header + length;
      if ((b0 & 0x80) === 0 || (b1 & 0x80) !== 0) {
        this.tcp.destroy(new Error('a fragmented or masked frame from the server'));
        return;
      }
      const opcode = b0 & 0x0f;
      if (opcode === OPCODE.text) this.onText(payload);
      else if (opcode === OPCODE.ping) this.send(OPCODE.pong, payload);
      else if (opcode === OPCODE.close) this.tcp.end();
    }
    if (at < buf.length) this.pending = Buffer.from(buf.subarray(at));
  }

  /** One Engine.IO packet. */
  private onText(data: Buffer): void {
    const raw = this.raw;
    if (raw && data.length > raw.prefix.length && data.compare(raw.prefix, 0, raw.prefix.length, 0, raw.prefix.length) === 0) return raw.handler(data);
    const text = data.toString();
    switch (text.charCodeAt(0)) {
      case 48: // '0' Engine.IO open: connect to the default namespace.
        return this.sendText('40');
      case 50: // '2' ping
        return this.sendText('3');
      case 52: // '4' a Socket.IO packet
        return this.onPacket(text);
    }
  }

  /** One Socket.IO packet (`4` + type + [ack id] + JSON), the namespace being the default one. */
  private onPacket(text: string): void {
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
      this.connected?.resolve(this);
    } else if (type === 52 /* '4' connect_error */) {
      this.connected?.reject(new Error(`connect_error ${text.slice(2)}`));
    }
  }

  /** A client's frame: whole, masked with a fresh key (RFC 6455 section 5.3). */
  private send(opcode: number, payload: Buffer): void {
    const length = payload.length;
    const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
    const frame = Buffer.alloc(header + 4 + length);
    frame[0] = 0x80 | opcode;
    if (header === 2) frame[1] = 0x80 | length;
    else if (header === 4) {
      frame[1] = 0x80 | 126;
      frame.writeUInt16BE(length, 2);
    } else {
      frame[1] = 0x80 | 127;
      frame.writeBigUInt64BE(BigInt(length), 2);
    }
    const mask = crypto.randomBytes(4);
    mask.copy(frame, header);
    for (let i = 0; i < length; i++) frame[header + 4 + i] = payload[i]! ^ mask[i & 3]!;
    this.tcp.write(frame);
  }

  private sendText(text: string): void {
    this.send(OPCODE.text, Buffer.from(text));
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
    this.sendText(`42${JSON.stringify([event, ...args])}`);
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
      this.sendText(`42${id}${JSON.stringify([event, ...args])}`);
    });
  }

  /** Called once the TCP connection has closed, whoever closed it. */
  onClose(handler: () => void): void {
    if (this.tcp.closed) return handler();
    this.tcp.once('close', handler);
  }

  close(): void {
    if (this.tcp.destroyed) return;
    this.send(OPCODE.close, Buffer.alloc(0));
    this.tcp.end();
  }
}
