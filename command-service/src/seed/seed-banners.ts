import { deflateSync } from 'node:zlib';
import type { FileStore } from '@circuit/shared/ports/file-store';

/** Colour pairs [from, to] for the banners' gradients, chosen to read well under white card text. */
const PALETTES: [number[], number[]][] = [
  [[79, 70, 229], [14, 165, 233]],
  [[190, 24, 93], [249, 115, 22]],
  [[5, 150, 105], [16, 185, 129]],
  [[30, 64, 175], [124, 58, 237]],
  [[180, 83, 9], [234, 179, 8]],
  [[15, 118, 110], [59, 130, 246]],
  [[88, 28, 135], [236, 72, 153]],
  [[22, 101, 52], [132, 204, 22]],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A demo listing's banner as a PNG: a diagonal gradient of palette `index` with soft rings whose
 * places follow from the index, so every seeded card looks like its own listing rather than a
 * letter placeholder. Deterministic: the same index always draws the same picture.
 */
export function bannerPng(index: number, width = 640, height = 320): Buffer {
  const [from, to] = PALETTES[index % PALETTES.length]!;
  const rings = [0, 1, 2].map((k) => ({
    x: ((index * 37 + k * 211) % 100) / 100 * width,
    y: ((index * 53 + k * 97) % 100) / 100 * height,
    r: height * (0.35 + 0.2 * k),
  }));
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    const previous = [0, 0, 0];
    raw[row] = 1; // filter "sub": each byte as the difference from the pixel to its left, which deflate packs tightly
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.7 + (y / height) * 0.3;
      let light = 0;
      for (const ring of rings) {
        const d = Math.abs(Math.hypot(x - ring.x, y - ring.y) - ring.r);
        if (d < 28) light += (1 - d / 28) * 0.14;
      }
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t;
        const value = Math.round(base + (255 - base) * Math.min(light, 0.35));
        raw[row + 1 + x * 3 + c] = (value - previous[c]! + 256) & 0xff;
        previous[c] = value;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores the banner of demo listing `index` where uploaded listing images go, and answers its URL. */
export async function storeSeedBanner(files: FileStore, index: number): Promise<string> {
  const stored = await files.put(bannerPng(index), { contentType: 'image/png', extension: 'png', prefix: 'listings' });
  return stored.url;
}
