/** What a listing's link-preview card shows, every text already written for people. */
export interface OgCardFacts {
  kind: 'Hackathon' | 'Event' | 'Quiz';
  title: string;
  /** '12 Dec 2026 – 14 Dec 2026', or '' when the listing has no dates. */
  dates: string;
  /** The organisation's name, else the organiser's; '' when neither is known. */
  organiser: string;
}

export const CARD_SIZE = { width: 1200, height: 630 } as const;
export const CARD_FONT_FAMILY = 'Inter';
/** Changing the design changes every card's ETag (og-card-routes.ts), so crawlers fetch the new one. */
export const CARD_DESIGN_VERSION = 1;
const INDIGO = '#4f46e5';
const INDIGO_DARK = '#3730a3';

type Style = Record<string, string | number>;
type CardChild = CardElement | string;
/** An element as satori reads it: React's element shape, without React. */
export interface CardElement {
  type: string;
  key: null;
  props: { style?: Style; children?: CardChild | CardChild[]; [attribute: string]: unknown };
}

const el = (type: string, props: CardElement['props']): CardElement => ({ type, key: null, props });
const box = (style: Style, children: CardChild[]): CardElement => el('div', { style: { display: 'flex', ...style }, children });
/** A paragraph cut after `lines` lines with an ellipsis (satori clamps only block containers). */
const clamped = (lines: number, style: Style, text: string): CardElement =>
  el('div', { style: { display: 'block', lineClamp: lines, wordBreak: 'break-word', ...style }, children: text });

/** The "C" mark of the site's logo (public-web/index.html), its colours swapped to stand on indigo. */
const mark = (size: number): CardElement =>
  el('svg', {
    width: size,
    height: size,
    viewBox: '0 0 32 32',
    children: [
      el('rect', { width: 32, height: 32, rx: 8, fill: '#ffffff' }),
      el('path', { d: 'M20.5 11.2a7 7 0 1 0 0 9.6', fill: 'none', stroke: INDIGO, strokeWidth: 3, strokeLinecap: 'round' }),
      el('circle', { cx: 22.5, cy: 16, r: 2, fill: INDIGO }),
    ],
  });

/**
 * The card: the Circuit brand and the listing's kind above, its title (at most three lines) in
 * the middle, its dates and organiser below. Text is given as text: satori lays it out and
 * escapes it into the SVG, so a title such as `<script>` is drawn, never read as markup.
 */
export function cardMarkup(facts: OgCardFacts): CardElement {
  const header = box({ alignItems: 'center', justifyContent: 'space-between' }, [
    box({ alignItems: 'center', gap: 18 }, [mark(60), el('div', { style: { fontSize: 38, fontWeight: 700 }, children: 'Circuit' })]),
    el('div', { style: { fontSize: 28, fontWeight: 700, padding: '10px 26px', borderRadius: 999, backgroundColor: 'rgba(255, 255, 255, 0.18)' }, children: facts.kind }),
  ]);
  const title = clamped(3, { fontSize: 68, fontWeight: 700, lineHeight: 1.15 }, facts.title);
  const footer = box({ flexDirection: 'column', gap: 12 }, [
    ...(facts.dates ? [clamped(1, { fontSize: 34, color: '#e0e7ff' }, facts.dates)] : []),
    ...(facts.organiser ? [clamped(1, { fontSize: 30, color: '#c7d2fe' }, `Organised by ${facts.organiser}`)] : []),
  ]);
  return box(
    {
      ...CARD_SIZE,
      // The whole image, padding included (else the box inside the padding would be 1200 wide).
      boxSizing: 'border-box',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      gap: 32,
      color: '#ffffff',
      fontFamily: CARD_FONT_FAMILY,
      backgroundColor: INDIGO,
      backgroundImage: `linear-gradient(135deg, ${INDIGO} 0%, ${INDIGO_DARK} 100%)`,
    },
    [header, title, footer],
  );
}
