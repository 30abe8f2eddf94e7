import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium package; CHROMIUM_PATH overrides it for other systems. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when they can. */
export const chromiumMissing: string | null = existsSync(CHROMIUM_PATH)
  ? null
  : `no Chromium at ${CHROMIUM_PATH} (install Debian's chromium package: apt-get install -y chromium)`;

if (chromiumMissing !== null && !process.env.CI) {
  console.warn(`skipping the browser tests: ${chromiumMissing}`);
}

/**
 * Headless Chromium with nothing that reaches the network on its own. Playwright gives each
 * launch a new, empty profile directory of its own and removes it on close.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The folder this test run's screenshots go to (kept with the test reports). */
export function screenshotDir(): string {
  const dir = new URL('../.reports/screenshots/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  return dir;
}
