/**
 * One load-generator process of `bench:realtime-scale` (forked by bench/realtime-scale.ts, on its
 * IPC channel): opens the sockets it is given (bench/lean-socket.ts, one per signed-in user), joins
 * each to its community room when it has one, and notes every `new_community_message` of the bench
 * that each socket receives: the message's number and when it arrived, on the machine's monotonic
 * clock (process.hrtime, which every process on the machine shares, so the bench can set it
 * against the instant its POST began in another process).
 *
 * Messages from the bench: `open` (the sockets), `collect` (answers the receipts and forgets them),
 * `close` (closes every socket and exits). Answers `opened` with how many connected, joined,
 * failed, and `closed` counts of the sockets the server has dropped since.
 */
import { LeanSocket } from './lean-socket';

export interface OpenOrder {
  type: 'open';
  base: string;
  sockets: { cookie: string; room?: string }[];
  /** Handshakes in flight at once. */
  concurrency: number;
}

export type ClientOrder = OpenOrder | { type: 'collect' } | { type: 'close' } | { type: 'status' };

export interface Opened {
  type: 'opened';
  connected: number;
  joined: number;
  failed: number;
  errors: string[];
}

/** Receipts, three columns of one length: the socket (index in the `open` order), the message number, the arrival (ms). */
export interface Receipts {
  type: 'receipts';
  socket: number[];
  message: number[];
  at: number[];
}

export interface Status {
  type: 'status';
  open: number;
  dropped: number;
  /** Receipts noted since the last `collect`. */
  received: number;
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const TEXT_FIELD = Buffer.from('"message":"scale ');

/**
 * The number of a bench message (text `scale {n}`) in a new_community_message packet's bytes, -1
 * for any other: read off the bytes rather than decoding the packet, so a thousand receivers cost
 * this process little of the cores the service shares (as in bench/community.ts).
 */
function numberInPacket(packet: Buffer): number {
  let at = packet.indexOf(TEXT_FIELD);
  if (at < 0) return -1;
  at += TEXT_FIELD.length;
  let n = 0;
  let digits = 0;
  for (let c = packet[at]!; c >= 48 && c <= 57; c = packet[++at]!, digits++) n = n * 10 + c - 48;
  return digits > 0 && packet[at] === 34 /* " */ ? n : -1;
}

const sockets: LeanSocket[] = [];
let dropped = 0;
let closing = false;
let receipts: Omit<Receipts, 'type'> = { socket: [], message: [], at: [] };

const send = (message: Opened | Receipts | Status) => process.send?.(message);

async function open(order: OpenOrder): Promise<void> {
  const errors: string[] = [];
  let connected = 0;
  let joined = 0;
  let failed = 0;
  let next = 0;
  const one = async (index: number) => {
    const { cookie, room } = order.sockets[index]!;
    try {
      const socket = await Promise.race([
        LeanSocket.connect(order.base, cookie),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no connection within 60 s')), 60_000).unref()),
      ]);
      sockets[index] = socket;
      connected++;
      socket.onClose(() => {
        if (!closing) dropped++;
      });
      socket.onRaw('new_community_message', (packet) => {
        const at = nowMs();
        const n = numberInPacket(packet);
        if (n < 0) return;
        receipts.socket.push(index);
        receipts.message.push(n);
        receipts.at.push(at);
      });
      if (room) {
        const answer = (await socket.emitWithAck(60_000, 'join_community', room)) as { ok?: boolean; message?: string };
        if (!answer.ok) throw new Error(`join refused: ${answer.message}`);
        joined++;
      }
    } catch (error) {
      failed++;
      if (errors.length < 5) errors.push((error as Error).message);
    }
  };
  await Promise.all(
    Array.from({ length: order.concurrency }, async () => {
      while (next < order.sockets.length) await one(next++);
    }),
  );
  send({ type: 'opened', connected, joined, failed, errors });
}

process.on('message', (order: ClientOrder) => {
  switch (order.type) {
    case 'open':
      return void open(order);
    case 'status':
      return send({ type: 'status', open: sockets.filter(Boolean).length - dropped, dropped, received: receipts.message.length });
    case 'collect': {
      const out = receipts;
      receipts = { socket: [], message: [], at: [] };
      return send({ type: 'receipts', ...out });
    }
    case 'close':
      closing = true;
      for (const s of sockets) s?.close();
      setTimeout(() => process.exit(0), 500).unref();
      return;
  }
});
process.on('disconnect', () => process.exit(0));
