import path from 'node:path';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

export const WIDTHS = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * When SHOTS_DIR is set, saves the page at both widths as `<name>-desktop.png` and `<name>-phone.png`
 * (to look at a screen while building it); without it, does nothing.
 */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${w.name}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
