import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bannerJpeg } from './seed-banners';

describe('demo listing banners', () => {
  it('are the same pictures as before their rings were drawn only near their circles (issue 37)', () => {
    // The SHA-1 of the first 51 banners' JPEG bytes (the demo's hackathons, events and quizzes), as drawn before.
    const digest = createHash('sha1');
    for (let index = 0; index < 51; index++) digest.update(bannerJpeg(index));
    expect(digest.digest('hex')).toBe('0eb4ee6cbef98d24e5b2cbfa4cf6ee287ec13223');
  }, 120_000);
});
