/**
 * The reference for bench/reads.ts: a plain express app answering fixed paths with bytes kept in
 * memory (given as a JSON file: path -> { body (base64), contentType }), nothing else.
 */
import fs from 'node:fs';
import express from 'express';

const [file, port] = [process.argv[2]!, Number(process.argv[3])];
const answers = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { body: string; contentType: string }>;
const app = express();
for (const [path, answer] of Object.entries(answers)) {
  const body = Buffer.from(answer.body, 'base64');
  app.get(path, (_req, res) => {
    res.type(answer.contentType).send(body);
  });
}
app.get('/readyz', (_req, res) => {
  res.json({ status: 'ready' });
});
app.listen(port);
