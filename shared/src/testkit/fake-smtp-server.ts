import net from 'node:net';

/**
 * A minimal SMTP server for tests (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT),
 * so the SMTP adapter really talks over a socket. No TLS and no AUTH are offered, so a client given
 * an smtp:// URL sends in plain text. Received messages are decoded enough to compare: headers,
 * subject (RFC 2047), text and html parts (base64 / quoted-printable, multipart).
 */

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  /** The message as sent, after dot-unstuffing, CRLF line ends. */
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text?: string;
  html?: string;
}

export interface FakeSmtpServerOptions {
  /** Answer 550 to RCPT TO for these addresses. */
  rejectRecipient?: (address: string) => boolean;
  hostname?: string;
}

export class FakeSmtpServer {
  readonly received: ReceivedMail[] = [];
  private readonly sockets = new Set<net.Socket>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(options: FakeSmtpServerOptions = {}): Promise<FakeSmtpServer> {
    let instance: FakeSmtpServer | undefined;
    const server = net.createServer((socket) => instance?.handle(socket, options));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('fake SMTP server has no port');
    instance = new FakeSmtpServer(server, address.port);
    return instance;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once at least `count` messages have been received. */
  async waitForCount(count: number, timeoutMs = 5_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`fake SMTP server: ${this.received.length} of ${count} messages after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(done);
      });
    }
    return this.received.slice();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(socket: net.Socket, options: FakeSmtpServerOptions): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const host = options.hostname ?? 'fake-smtp.local';
    const reply = (line: string) => socket.write(`${line}\r\n`);

    let buffer = '';
    let inData = false;
    let from = '';
    let recipients: string[] = [];
    let dataLines: string[] = [];

    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false;
          const raw = dataLines.join('\r\n') + '\r\n';
          this.received.push({ from, recipients, raw, ...parseMessage(raw) });
          for (const wake of [...this.waiters]) {
            this.waiters.delete(wake);
            wake();
          }
          from = '';
          recipients = [];
          dataLines = [];
          reply('250 2.0.0 OK queued');
          return;
        }
        dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      const argument = line.slice(4).trim();
      switch (verb) {
        case 'EHLO':
          socket.write(`250-${host} greets ${argument || 'client'}\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 10485760\r\n`);
          return;
        case 'HELO':
          reply(`250 ${host}`);
          return;
        case 'MAIL':
          from = extractAddress(argument);
          recipients = [];
          reply('250 2.1.0 OK');
          return;
        case 'RCPT': {
          const address = extractAddress(argument);
          if (!from) return void reply('503 5.5.1 MAIL first');
          if (options.rejectRecipient?.(address)) return void reply(`550 5.1.1 <${address}>: Recipient address rejected`);
          recipients.push(address);
          reply('250 2.1.5 OK');
          return;
        }
        case 'DATA':
          if (recipients.length === 0) return void reply('503 5.5.1 RCPT first');
          inData = true;
          dataLines = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
          return;
        case 'RSET':
          from = '';
          recipients = [];
          reply('250 2.0.0 OK');
          return;
        case 'NOOP':
          reply('250 2.0.0 OK');
          return;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          reply('502 5.5.2 Command not implemented');
      }
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        onLine(line);
      }
    });
    reply(`220 ${host} ESMTP fake`);
  }
}

function extractAddress(argument: string): string {
  // "FROM:<a@b> SIZE=12" or "TO:<a@b>"
  const match = /<([^>]*)>/.exec(argument);
  return (match?.[1] ?? argument.replace(/^(FROM|TO):/i, '').trim()).trim();
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  const head = end >= 0 ? raw.slice(0, end) : raw;
  const body = end >= 0 ? raw.slice(end + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = headers[name] === undefined ? line.slice(colon + 1).trim() : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
  }
  return { headers, body };
}

function headerParam(value: string | undefined, param: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`;\\s*${param}=("([^"]*)"|[^;\\s]+)`, 'i').exec(value);
  return match ? (match[2] ?? match[1]) : undefined;
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const buffer =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'utf8');
  return buffer.toString('utf8').replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words (=?utf-8?B?...?= and =?utf-8?Q?...?=), adjacent words joined. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collect(part: Part, out: { text?: string; html?: string }): void {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = headerParam(part.headers['content-type'], 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // sections[0] is the preamble; the last one starts with "--" (the closing delimiter).
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collect(splitHeaders(section.replace(/^\r\n/, '').replace(/\r\n$/, '')), out);
    }
    return;
  }
  if (type.startsWith('text/html')) out.html ??= decodeBody(part);
  else if (type.startsWith('text/plain')) out.text ??= decodeBody(part);
}

export function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const top = splitHeaders(raw);
  const out: { text?: string; html?: string } = {};
  collect(top, out);
  return { headers: top.headers, subject: decodeHeader(top.headers.subject ?? ''), ...out };
}
