import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { CARD_FONT_FAMILY, CARD_SIZE, cardMarkup, type OgCardFacts } from './og-card-design';

/*
 * Inter as TrueType files from an npm package: satori measures and wraps the text with them and
 * resvg draws it with the same files, and a machine with no fonts installed (CI, a slim container)
 * renders the same card. resvg reads TrueType/OpenType only, hence not @fontsource's WOFF files.
 */
const require = createRequire(import.meta.url);
const FONTS = [
  { weight: 400, file: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf') },
  { weight: 700, file: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf') },
] as const;

/**
 * satori (with its WebAssembly layout engine) and resvg load with the first card a crawler asks for, not with the
 * process: some 10 MB of memory (heap, code, WebAssembly) a server that renders no card need not hold.
 */
let renderers: Promise<{ satori: typeof import('satori').default; renderAsync: typeof import('@resvg/resvg-js').renderAsync }> | undefined;
const loadRenderers = () =>
  (renderers ??= Promise.all([import('satori'), import('@resvg/resvg-js')]).then(([s, r]) => ({ satori: s.default, renderAsync: r.renderAsync })));

let fontData: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]> | undefined;
const satoriFonts = () =>
  (fontData ??= Promise.all(FONTS.map(async ({ weight, file }) => ({ name: CARD_FONT_FAMILY, data: await readFile(file), weight, style: 'normal' as const }))));

/**
 * The card as SVG, its text as <text> elements (not glyph outlines): the text stays readable in
 * the SVG, and resvg draws it with the font files below.
 */
export async function cardSvg(facts: OgCardFacts): Promise<string> {
  const { satori } = await loadRenderers();
  return satori(cardMarkup(facts), { ...CARD_SIZE, fonts: await satoriFonts(), embedFont: false });
}

/** The card as a 1200x630 PNG. */
export async function renderCardPng(facts: OgCardFacts): Promise<Buffer> {
  const svg = await cardSvg(facts);
  const { renderAsync } = await loadRenderers();
  // On libuv's thread pool: the rasterising (most of a card's time) does not hold up other requests.
  const image = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: FONTS.map((f) => f.file), defaultFontFamily: CARD_FONT_FAMILY },
    fitTo: { mode: 'original' },
  });
  return image.asPng();
}
