import { describe, expect, it } from 'vitest';
import { cutAtWord, DESCRIPTION_MAX, plainText } from './plainText';

describe('plainText', () => {
  it('drops tags, decodes entities and folds whitespace, keeping block elements apart', () => {
    const html = '<p>Two days of <strong>building</strong> with farmers&nbsp;&amp; agronomists.</p><ul><li>Open data</li><li>Mentors</li></ul>';
    expect(plainText(html)).toBe('Two days of building with farmers & agronomists. Open data Mentors');
  });

  it('does not split a word an inline tag runs through', () => {
    expect(plainText('Hack<em>ers</em> unite<br>today')).toBe('Hackers unite today');
  });

  it('decodes numeric entities and leaves unknown ones as written', () => {
    expect(plainText('It&#39;s &#x2014; &lt;b&gt; &bogus; &#99999999;')).toBe("It's — <b> &bogus; &#99999999;");
  });

  it('drops what a script or style element holds', () => {
    expect(plainText('<style>p{color:red}</style>Hi<script>alert(1)</script> there')).toBe('Hi there');
  });
});

describe('cutAtWord', () => {
  it('keeps a text that fits as it is, folded', () => {
    expect(cutAtWord('  Short\n text  ')).toBe('Short text');
  });

  it('cuts at the last whole word that leaves room for the ellipsis', () => {
    expect(cutAtWord('one two three four', 12)).toBe('one two…');
    expect(cutAtWord('one two three four', 14)).toBe('one two three…');
    // 'one two three' would fit in 13 but not with its ellipsis.
    expect(cutAtWord('one two three four', 13)).toBe('one two…');
  });

  it('drops punctuation left before the ellipsis', () => {
    expect(cutAtWord('alpha, beta gamma', 10)).toBe('alpha…');
  });

  it('cuts a single word longer than the room where the room ends', () => {
    expect(cutAtWord('abcdefghijkl', 5)).toBe('abcd…');
  });

  it('never goes over the limit, and ends on a word of the text', () => {
    const words = 'Build tools that help small farmers plan sell and share harvests with open data and mentors from agritech teams'.split(' ');
    const text = `${words.join(' ')} ${words.join(' ')}`;
    const cut = cutAtWord(text);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(words).toContain(cut.slice(0, -1).split(' ').at(-1));
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });
});
