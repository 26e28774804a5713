/**
 * Preloaded into the app's child process when BENCH_STATEMENTS names a file (see app.ts): counts
 * the SQL statements the pg driver sends, by text, and on SIGUSR2 writes the counts since the
 * last signal to that file (JSON), so a bench can say how many statements one phase cost.
 */
import fs from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS;
if (file) {
  let counts = new Map<string, number>();
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
  process.on('SIGUSR2', () => {
    fs.writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
    counts = new Map();
  });
}
