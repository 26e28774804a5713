import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/architecture.md, checked on every file so that a new import across one
 * fails here rather than in a review: the domain knows no HTTP, and the write side reads no read model.
 */
const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const importsOf = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/^import [^;]*? from '([^']+)';/gms)].map((m) => m[1]!);

describe('architecture', () => {
  it('no decider and nothing in shared/src/commands imports HTTP (express or http/)', () => {
    const domain = [...sourceFiles('command-service/src'), ...sourceFiles('shared/src/commands')].filter(
      (file) => !file.includes('.spec.') && (/-decider\.ts$/.test(file) || file.endsWith('-kind.ts') || file.startsWith('shared/src/commands/')),
    );
    expect(domain.length).toBeGreaterThan(20);
    const offending = domain.flatMap((file) => importsOf(file).filter((from) => from === 'express' || /(^|\/)http\//.test(from)).map((from) => `${file} imports ${from}`));
    expect(offending).toEqual([]);
  });

  it('the command service imports nothing from the read models (it decides from its own streams)', () => {
    const files = sourceFiles('command-service/src').filter((file) => !file.includes('.spec.') && !file.includes('.testkit.'));
    const offending = files.flatMap((file) => importsOf(file).filter((from) => /read-models/.test(from)).map((from) => `${file} imports ${from}`));
    expect(offending).toEqual([]);
  });
});
