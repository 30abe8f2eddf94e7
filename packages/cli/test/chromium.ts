// Headless Chromium for the CLI's browser checks (the page `eval report` writes), as the
// report package's browser tests drive it: Debian's chromium through playwright-core.

import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium package; CHROMIUM_PATH overrides it for other systems. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser checks cannot run here, or null when they can. */
export const chromiumMissing: string | null = existsSync(CHROMIUM_PATH)
  ? null
  : `no Chromium at ${CHROMIUM_PATH} (install Debian's chromium package: apt-get install -y chromium)`;

if (chromiumMissing !== null && !process.env.CI) {
  console.warn(`skipping the browser checks: ${chromiumMissing}`);
}

/** Headless Chromium, a fresh profile, nothing that reaches the network on its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
