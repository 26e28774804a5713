import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzip, zip } from './zip';

describe('zip', () => {
  const files = [
    { name: 'README.txt', data: 'What each file is.\n' },
    { name: 'profile/profile.json', data: JSON.stringify({ name: 'Aarav “Ash” Sharma', bio: 'é'.repeat(5000) }) },
    { name: 'empty.csv', data: '' },
  ];

  it('writes what it reads back, byte for byte, with CRCs checked', () => {
    const read = unzip(zip(files, new Date('2026-03-01T10:20:30Z')));
    expect([...read.keys()]).toEqual(files.map((f) => f.name));
    for (const f of files) expect(read.get(f.name)?.toString('utf8')).toBe(f.data);
  });

  it('is an archive another tool opens (python zipfile tests every CRC)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'a.zip');
    fs.writeFileSync(file, zip(files, new Date('2026-03-01T10:20:30Z')));
    const script = 'import sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint("\\n".join(i.filename+" "+str(i.file_size)+" "+str(i.date_time) for i in z.infolist()))';
    const out = execFileSync('python3', ['-c', script, file], { encoding: 'utf8' });
    expect(out.trim().split('\n')).toEqual([
      'README.txt 19 (2026, 3, 1, 10, 20, 30)',
      `profile/profile.json ${Buffer.byteLength(files[1]!.data)} (2026, 3, 1, 10, 20, 30)`,
      'empty.csv 0 (2026, 3, 1, 10, 20, 30)',
    ]);
  });
});
