import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import jpeg from 'jpeg-js';
import type { FileStore } from '@circuit/shared/ports/file-store';

/**
 * Where the demo's banners are kept, drawn once by `npm run seed:banners` (write-seed-banners.ts). Found
 * through the package, not this module's own place: `npm start` runs this module bundled elsewhere.
 */
export const SEED_BANNER_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@circuit/command-service/seed/seed-banners')), 'banners');

/** The first banner index of each kind of demo listing, so that each kind has palettes and rings of its own. */
export const SEED_BANNER_FROM = { hackathons: 0, events: 40, quizzes: 80 } as const;

export const seedBannerFile = (index: number) => path.resolve(SEED_BANNER_DIR, `${index}.jpg`);

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

/**
 * JPEG quality of the banners. Smooth gradients keep no visible artefacts at 80, and a 640x320 banner
 * is about 10 KB instead of the 30 to 50 KB of a lossless PNG: on a phone's slow network the first
 * banner is the page's largest paint, and the others share its bandwidth.
 */
const QUALITY = 80;

/** How far from its circle (in pixels) a ring's light reaches, fading to nothing. */
const RING_WIDTH = 28;

/** Banners already encoded, by index: the seed of a test run stores the same ones again and again. */
const encoded = new Map<number, Buffer>();

/**
 * A demo listing's banner as a JPEG: a diagonal gradient of palette `index` with soft rings whose
 * places follow from the index, so every seeded card looks like its own listing rather than a
 * letter placeholder. Deterministic: the same index always draws the same picture.
 */
export function bannerJpeg(index: number): Buffer {
  const cached = encoded.get(index);
  if (cached) return cached;
  const [width, height] = [640, 320];
  const [from, to] = PALETTES[index % PALETTES.length]!;
  const rings = [0, 1, 2].map((k) => ({
    x: ((index * 37 + k * 211) % 100) / 100 * width,
    y: ((index * 53 + k * 97) % 100) / 100 * height,
    r: height * (0.35 + 0.2 * k),
  }));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    // A ring lights only pixels within RING_WIDTH of its circle: the squared distances bound that band, so the
    // square root (the drawing's cost) is taken for those pixels alone.
    const bands = rings.map((ring) => {
      const dy2 = (y - ring.y) ** 2;
      return { ring, inner: Math.max(0, ring.r - RING_WIDTH) ** 2 - dy2, outer: (ring.r + RING_WIDTH) ** 2 - dy2 };
    });
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.7 + (y / height) * 0.3;
      let light = 0;
      for (const { ring, inner, outer } of bands) {
        const dx2 = (x - ring.x) ** 2;
        if (dx2 <= inner || dx2 >= outer) continue;
        const d = Math.abs(Math.hypot(x - ring.x, y - ring.y) - ring.r);
        if (d < RING_WIDTH) light += (1 - d / RING_WIDTH) * 0.14;
      }
      const at = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t;
        rgba[at + c] = Math.round(base + (255 - base) * Math.min(light, 0.35));
      }
      rgba[at + 3] = 255;
    }
  }
  const data = Buffer.from(jpeg.encode({ data: rgba, width, height }, QUALITY).data);
  encoded.set(index, data);
  return data;
}

/**
 * The banner of demo listing `index`: its kept copy, or drawn when there is none. Drawing and encoding
 * the demo's 50-odd banners took about 1.5 s of CPU of a first start (issue 37), a kept copy a
 * file read; a unit test checks the copies are what bannerJpeg draws.
 */
async function seedBanner(index: number): Promise<Buffer> {
  try {
    return await fs.readFile(seedBannerFile(index));
  } catch {
    return bannerJpeg(index);
  }
}

/** Stores the banner of demo listing `index` where uploaded listing images go, and answers its URL. */
export async function storeSeedBanner(files: FileStore, index: number): Promise<string> {
  const stored = await files.put(await seedBanner(index), { contentType: 'image/jpeg', extension: 'jpg', prefix: 'listings' });
  return stored.url;
}
