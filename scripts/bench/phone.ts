import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium.ts';
import { percentile } from './stats.ts';

/** Lighthouse's mobile preset, applied to the browser as its `devtools` throttling does. */
const PHONE = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
  cpuSlowdown: 4,
};

interface Timings {
  firstPaint: number;
  largestPaint: number;
  hydrated: number;
}

/**
 * Records, inside the page, when it first painted, when it painted its largest element and when React took
 * it over (the first moment its elements carry React's fibre, so links and buttons run the store's code).
 */
function recordTimings() {
  const timings: Partial<Record<keyof Timings, number>> = {};
  (window as unknown as { __timings: typeof timings }).__timings = timings;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) timings.largestPaint = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') timings.firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const poll = setInterval(() => {
    const main = document.getElementById('main');
    if (main && Object.keys(main).some((key) => key.startsWith('__reactFiber'))) {
      timings.hydrated = performance.now();
      clearInterval(poll);
    }
  }, 10);
}

/**
 * When each page paints and when it becomes interactive on the preset's slow phone, applied to the
 * browser (network and CPU), median of `runs` cold loads. Lighthouse 13 no longer reports when a page
 * becomes interactive; this is the figure a change to how the scripts start must be weighed by.
 */
export async function reportPhoneTimings(origin: string, paths: string[], runs: number) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  console.log('| page | first paint | largest paint | interactive (hydrated) |');
  console.log('|---|---|---|---|');
  try {
    for (const path of paths) {
      const samples: Timings[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
        const page = await context.newPage();
        await page.addInitScript(recordTimings);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
        await page.goto(origin + path, { waitUntil: 'load' });
        await page.waitForFunction(() => (window as unknown as { __timings: Partial<Timings> }).__timings.hydrated);
        samples.push(await page.evaluate(() => (window as unknown as { __timings: Timings }).__timings));
        await context.close();
      }
      const ms = (key: keyof Timings) =>
        `${(
          percentile(
            samples.map((s) => s[key]),
            50,
          ) / 1000
        ).toFixed(2)} s`;
      console.log(`| ${path} | ${ms('firstPaint')} | ${ms('largestPaint')} | ${ms('hydrated')} |`);
    }
  } finally {
    await browser.close();
  }
}
