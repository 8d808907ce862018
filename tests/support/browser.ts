import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (browser downloads are blocked on our machines). The flags keep it
 * from calling home, which this network refuses, and let it run as root in CI.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
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
