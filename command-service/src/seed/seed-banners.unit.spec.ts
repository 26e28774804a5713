import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bannerJpeg, seedBannerFile, SEED_BANNER_DIR } from './seed-banners';
import { seedBannerIndices } from './seed-banner-indices';

describe('demo listing banners', () => {
  const kept = fs.readdirSync(SEED_BANNER_DIR).filter((name) => name.endsWith('.jpg'));

  it('are kept for every demo listing, and no others (else: npm run seed:banners)', () => {
    expect(kept.map((name) => Number(name.replace('.jpg', ''))).sort((a, b) => a - b)).toEqual(seedBannerIndices().sort((a, b) => a - b));
  });

  it('are kept as bannerJpeg draws them (else: npm run seed:banners)', () => {
    for (const index of seedBannerIndices()) expect(fs.readFileSync(seedBannerFile(index)).equals(bannerJpeg(index)), `banner ${index}`).toBe(true);
  }, 120_000);
});
