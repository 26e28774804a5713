import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { shootBothWidths, WIDTHS } from './shots';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN_OPTIONS: Axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only the violations are read: describing every passing node too took most of a run.
  resultTypes: ['violations'],
  // The one frame the app shows is a video host's player, whose page is not ours to fix.
  iframes: false,
};

/**
 * axe's serious and critical findings on the page, one line each. It runs once the page's
 * animations have ended: a dialog still fading in has its text at part opacity, which axe would
 * report as low contrast. Toasts stacked behind the front one are left out: each is half-covered by
 * the one in front, whose colours axe would take for its background.
 *
 * axe runs in the page itself, loaded once per document: @axe-core/playwright's builder loaded it
 * anew for each check and finished every run in a page of its own, 1.9 s a check against 0.3 to 0.5.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Endless ones (a spinner) are left out: they never end. Polled, not checked at every frame (see browser.ts).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { polling: 50 });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (options) => (window as unknown as { axe: typeof Axe }).axe.run({ exclude: ['[data-sonner-toast][data-front="false"]'] }, options).then((r) => r.violations),
    RUN_OPTIONS,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** axe-clean at a laptop's and a phone's size (left at the phone's), saved at both with SHOTS_DIR set. */
export async function checkedAtBothSizes(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await shootBothWidths(page, name);
}
