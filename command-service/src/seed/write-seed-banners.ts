// `npm run seed:banners`: draws the demo listings' banners into command-service/src/seed/banners/, where
// the seed takes them from instead of drawing them on a first start. Run it after changing bannerJpeg
// or the number of demo listings; seed-banners.unit.spec.ts says when it is due.
import fs from 'node:fs';
import { bannerJpeg, seedBannerFile, SEED_BANNER_DIR } from './seed-banners';
import { seedBannerIndices } from './seed-banner-indices';

fs.rmSync(SEED_BANNER_DIR, { recursive: true, force: true });
fs.mkdirSync(SEED_BANNER_DIR, { recursive: true });
const indices = seedBannerIndices();
for (const index of indices) fs.writeFileSync(seedBannerFile(index), bannerJpeg(index));
console.log(`Drew ${indices.length} banners into ${SEED_BANNER_DIR}`);
