import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser the benchmarks measure: Debian's Chromium as a visitor runs it, or the one CHROMIUM_PATH names. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
}

/**
 * The browser the tests drive: Chromium's headless shell (Debian's chromium-headless-shell), the same engine
 * without the desktop browser around it. The browser tests take about a third less time in it (decision
 * 0029). Without it, Debian's Chromium; CHROMIUM_PATH names another.
 */
export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

export function hasChromium(): boolean {
  return existsSync(testBrowserPath());
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
  'Chromium is not installed, so the browser tests cannot run. Install it with "apt-get install -y chromium-headless-shell" (Debian), or set CHROMIUM_PATH to a Chromium binary.';
