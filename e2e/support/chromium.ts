import { existsSync } from 'node:fs';

/** Debian's Chromium, or the one CHROMIUM_PATH names; Playwright's own download is not used. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}

// Without the network flags Chromium keeps calling home, which the closed test network refuses.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_HELP =
  'Chromium is not installed, so the browser tests cannot run. Install it with "apt-get install -y chromium" (Debian), or set CHROMIUM_PATH to a Chromium binary.';
