import { setImmediate } from 'node:timers';
import type { Socket as NetSocket } from 'node:net';
import type { Server } from 'socket.io';

/** What this module uses of an engine.io connection (Socket.IO's `socket.conn`). */
interface EngineConnection {
  flush(): void;
  transport?: { name: string; socket?: { _socket?: unknown } };
}

/**
 * Each connection writes what it was given during one turn of the event loop in one system call.
 *
 * Engine.IO writes every packet as it comes, one WebSocket frame and one `writev` per packet: a
 * busy room (a community chat of hundreds, each message handed to every socket) spends most of
 * its time in those calls, and so does the other end reading them one by one. Here a connection's
 * flush waits for the end of the current turn (setImmediate: after the I/O callbacks of this turn,
 * never a timer), by when every message of the turn (a group commit of several posts answers
 * together) is in its buffer, and its frames go out together under one cork of the TCP socket. The
 * order of the packets, their acknowledgements and the close after the last write (Engine.IO
 * closes once its buffer has been flushed) stay as they were; only the number of writes changes,
 * and the more a turn carries the more it saves.
 */
export function coalesceWrites(io: Server): void {
  io.engine.on('connection', (conn: EngineConnection) => deferFlush(conn));
}

function deferFlush(conn: EngineConnection): void {
  const flushNow = conn.flush.bind(conn);
  let scheduled = false;
  const flushTurn = () => {
    scheduled = false;
    const tcp = tcpOf(conn);
    tcp?.cork();
    try {
      flushNow();
    } finally {
      tcp?.uncork();
    }
  };
  // Engine.IO calls this.flush() after each packet it buffers and when the transport can write again.
  conn.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flushTurn);
  };
}

/** The TCP socket under a WebSocket transport (the `ws` library keeps it as `_socket`); none for long polling. */
function tcpOf(conn: EngineConnection): NetSocket | undefined {
  if (conn.transport?.name !== 'websocket') return undefined;
  const tcp = conn.transport.socket?._socket as Partial<NetSocket> | undefined;
  return typeof tcp?.cork === 'function' && typeof tcp.uncork === 'function' ? (tcp as NetSocket) : undefined;
}
