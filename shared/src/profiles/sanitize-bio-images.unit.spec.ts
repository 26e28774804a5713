import { describe, expect, it } from 'vitest';
import { sanitizeBio } from './sanitize-bio';

describe('images in a bio', () => {
  it('drops an image that could only show broken: a relative or missing src', () => {
    expect(sanitizeBio('<p>Hi<img src=x></p>')).toBe('<p>Hi</p>');
    expect(sanitizeBio('<p>Hi<img alt="me"></p>')).toBe('<p>Hi</p>');
    expect(sanitizeBio('<img src="javascript:alert(1)">')).toBe('');
  });

  it('keeps a web image and an uploaded one', () => {
    expect(sanitizeBio('<img src="https://example.test/a.png" alt="a" />')).toBe('<img src="https://example.test/a.png" alt="a" />');
    expect(sanitizeBio('<img src="/uploads/profiles/x.png" />')).toBe('<img src="/uploads/profiles/x.png" />');
  });
});
