import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser journeys cannot run here, or undefined when they can. */
export function browserUnavailableReason(): string | undefined {
  const reason = !fs.existsSync(CHROMIUM)
    ? `no Chromium at ${CHROMIUM} (apt-get install chromium)`
    : !fs.existsSync(new URL('../public-web/dist/index.html', import.meta.url))
      ? 'public-web is not built (npm run build:web)'
      : undefined;
  if (reason) console.warn(`Browser journey skipped: ${reason}`);
  return reason;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Flags for a sandboxed root user on a machine without outside network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
