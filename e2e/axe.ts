import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical findings on the page, one line each. It runs once the page's
 * animations have ended: a dialog still fading in has its text at part opacity, which axe would
 * report as low contrast. Toasts stacked behind the front one are left out: each is half-covered by
 * the one in front, whose colours axe would take for its background.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Endless ones (a spinner) are left out: they never end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-front="false"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** The two sizes every screen is looked at in: a laptop and a phone. */
const SIZES = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** axe-clean at both sizes, with a full-page screenshot of each in /tmp to look at. */
export async function checkedAtBothSizes(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/shots-${name}-${size.name}.png`, fullPage: true });
  }
}
