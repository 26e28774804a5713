import { describe, expect, it } from 'vitest';
import { videoEmbedUrl } from './video-embed';

describe('videoEmbedUrl', () => {
  it('turns YouTube and Vimeo links into their players', () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ']) {
      expect(videoEmbedUrl(link)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    }
    for (const link of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', 'https://vimeo.com/channels/staffpicks/76979871']) {
      expect(videoEmbedUrl(link)).toBe('https://player.vimeo.com/video/76979871');
    }
  });

  it('answers null for anything else, a forged id included', () => {
    for (const link of ['', 'not a url', 'javascript:alert(1)', 'https://example.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/"><script>', 'https://vimeo.com/about']) {
      expect(videoEmbedUrl(link)).toBeNull();
    }
  });
});
