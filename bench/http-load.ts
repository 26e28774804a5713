/**
 * A lean HTTP/1.1 load generator for GET requests: `connections` keep-alive sockets, each sending its next request
 * as soon as the previous answer is complete. Node's http client spends several times the CPU of the server it
 * measures on parsing and agent bookkeeping; on a two-core machine that CPU is taken from the server and shows up in
 * its latency. This one reads only the status line and Content-Length, so the server under test keeps the cores.
 */
import net from 'node:net';
import { percentile, type Measure } from './lib';

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The first HTTP/1.1 answer in `pending` once it has fully arrived: its head (status line and
 * headers), where its body starts and where it ends; undefined until then. Read by its
 * Content-Length, which the app always sends: an answer without one throws.
 */
export function wholeAnswer(pending: Buffer): { head: string; bodyStart: number; end: number } | undefined {
  const headEnd = pending.indexOf(HEADER_END);
  if (headEnd < 0) return undefined;
  const head = pending.toString('latin1', 0, headEnd);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!length) throw new Error(`no Content-Length in the answer: ${head.slice(0, 100)}`);
  const bodyStart = headEnd + HEADER_END.length;
  const end = bodyStart + Number(length[1]);
  return pending.length < end ? undefined : { head, bodyStart, end };
}

export async function httpLoad(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<Measure> {
  const target = new URL(url);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.from(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n${extra}\r\n`, 'latin1');
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= deadline) return void socket.end();
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        let answer: ReturnType<typeof wholeAnswer>;
        try {
          answer = wholeAnswer(pending);
        } catch (error) {
          errors++;
          return void socket.destroy(new Error(`${url}: ${(error as Error).message}`));
        }
        if (!answer) return;
        const { head } = answer;
        pending = pending.subarray(answer.end);
        if (head.startsWith('HTTP/1.1 200')) latencies.push(performance.now() - sentAt);
        else if (errors++ < 3) console.error(`  error: ${url}: ${head.slice(9, 12)}`);
        send();
      });
      socket.on('error', (error) => {
        if (errors++ < 3) console.error(`  error: ${error.message}`);
      });
      socket.on('close', () => resolve());
    });

  await Promise.all(Array.from({ length: connections }, connection));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length, errors };
}
