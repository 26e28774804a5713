import { describe, expect, it } from 'vitest';
import { ogCardPath } from '@circuit/shared/web/og-card-path';
import { dayRange, timeRange } from './og-card-dates';
import type { OgCardFacts } from './og-card-design';
import { cardSvg } from './og-card-render';
import { RenderedCards } from './rendered-cards';

/** The <text> elements of the SVG, as written in it (escaped), with the size and line each is drawn at. */
function drawn(svg: string) {
  return [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)].map(([, attributes = '', text = '']) => ({
    text,
    size: Number(/font-size="([\d.]+)"/.exec(attributes)?.[1]),
    y: Number(/\by="([\d.-]+)"/.exec(attributes)?.[1]),
  }));
}
/** What is drawn at one font size (one part of the card), in order. */
const textAt = (svg: string, size: number) =>
  drawn(svg)
    .filter((t) => t.size === size)
    .map((t) => t.text)
    .join('');
const TITLE = 68;

const facts = (overrides: Partial<OgCardFacts> = {}): OgCardFacts => ({
  kind: 'Hackathon',
  title: 'Build Week',
  dates: '12 Dec 2026 – 14 Dec 2026',
  organiser: 'Circuit Club',
  ...overrides,
});

describe('the card’s SVG', () => {
  it('draws the title, dates, organiser and kind as text, escaped', async () => {
    const svg = await cardSvg(facts({ title: '<script>alert("x")</script> & friends', organiser: 'R&D <Club>' }));
    expect(svg).not.toContain('<script');
    expect(textAt(svg, TITLE).replace(/\s+/g, ' ')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends');
    const all = drawn(svg)
      .map((t) => t.text)
      .join('');
    expect(all).toContain('12 Dec 2026 – 14 Dec 2026');
    expect(all).toContain('Organised by R&amp;D &lt;Club&gt;');
    expect(all).toContain('Hackathon');
    expect(all).toContain('Circuit');
  });

  it('cuts a long title after three lines with an ellipsis, and leaves a short one whole', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const svg = await cardSvg(facts({ title: long }));
    const title = drawn(svg).filter((t) => t.size === TITLE);
    expect(new Set(title.map((t) => t.y)).size).toBe(3);
    const text = title.map((t) => t.text).join('');
    expect(text.endsWith('…')).toBe(true);
    expect(text).toContain('word0 word1');
    expect(text).not.toContain('word59');

    const short = textAt(await cardSvg(facts({ title: 'Build Week' })), TITLE);
    expect(short).toBe('Build Week');
  });

  it('leaves out the dates and the organiser when the listing has none', async () => {
    const all = drawn(await cardSvg(facts({ dates: '', organiser: '' })))
      .map((t) => t.text)
      .join('');
    expect(all).not.toContain('Organised by');
    expect(all).not.toContain('2026');
  });
});

describe('the card’s dates', () => {
  it('names the days of a hackathon or an event in its zone, a single day once', () => {
    expect(dayRange({ startDate: '2026-12-12T04:30:00.000Z', endDate: '2026-12-14T12:00:00.000Z' }, 'Asia/Kolkata')).toBe('12 Dec 2026 – 14 Dec 2026');
    // 20:00 UTC on the 11th is already the 12th in India.
    expect(dayRange({ startDate: '2026-12-11T20:00:00.000Z', endDate: '2026-12-12T10:00:00.000Z' }, 'Asia/Kolkata')).toBe('12 Dec 2026');
    expect(dayRange({ startDate: '', endDate: '' }, 'UTC')).toBe('');
  });

  it('names a quiz’s times with their zone, the date once when it opens and closes on one day', () => {
    expect(timeRange({ startDate: '2026-12-12T04:30:00.000Z', endDate: '2026-12-12T06:00:00.000Z' }, 'Asia/Kolkata')).toBe('12 Dec 2026, 10:00 am IST – 11:30 am IST');
    expect(timeRange({ startDate: '2026-12-12T04:30:00.000Z', endDate: '2026-12-14T12:30:00.000Z' }, 'Asia/Kolkata')).toBe('12 Dec 2026, 10:00 am IST – 14 Dec 2026, 6:00 pm IST');
  });
});

describe('rendered cards', () => {
  const png = (text: string) => Buffer.from(text);

  it('renders a card once for a burst of requests, and again for a new version', async () => {
    const cards = new RenderedCards(10);
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 5));
      return png(`card ${renders}`);
    };
    const burst = await Promise.all(Array.from({ length: 20 }, () => cards.get('q1-100', render)));
    expect(renders).toBe(1);
    expect(new Set(burst.map(String))).toEqual(new Set(['card 1']));
    expect(String(await cards.get('q1-200', render))).toBe('card 2');
  });

  it('keeps at most its capacity, dropping the card asked for least recently', async () => {
    const cards = new RenderedCards(2);
    const rendered: string[] = [];
    const render = (version: string) => async () => (rendered.push(version), png(version));
    await cards.get('a', render('a'));
    await cards.get('b', render('b'));
    await cards.get('a', render('a'));
    await cards.get('c', render('c'));
    expect(cards.size).toBe(2);
    await cards.get('a', render('a'));
    await cards.get('b', render('b'));
    expect(rendered).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a render that failed', async () => {
    const cards = new RenderedCards(2);
    await expect(cards.get('a', () => Promise.reject(new Error('no font')))).rejects.toThrow('no font');
    expect(String(await cards.get('a', async () => png('a')))).toBe('a');
  });
});

describe('ogCardPath', () => {
  it('gives the path each kind’s card is served at', () => {
    expect(ogCardPath('hackathons', 'hack-42')).toBe('/og/hackathons/hack-42.png');
    expect(ogCardPath('events', 'meetup_1')).toBe('/og/events/meetup_1.png');
    expect(ogCardPath('quizzes', '7d3c0a8e-1f2b-4c5d-9e6f-0a1b2c3d4e5f')).toBe('/og/quizzes/7d3c0a8e-1f2b-4c5d-9e6f-0a1b2c3d4e5f.png');
  });
});
