import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Page weight and Largest Contentful Paint of the first pages a visitor opens.
 *
 *  - Initial JavaScript of `/` and `/meals`: every script the page downloads until it shows its
 *    content and the network is idle, without any interaction (shell + consumer remote). Each body is
 *    gzip-9 compressed and summed; the number of files is counted.
 *  - LCP of `/meals` in headless Chromium, cold (new context: no HTTP cache, no service worker),
 *    with 4× CPU throttling and DevTools' "Fast 4G" profile (the figures of Chrome DevTools and
 *    Puppeteer's PredefinedNetworkConditions, also Lighthouse's: 9 Mbit/s × 0.9 down,
 *    1.5 Mbit/s × 0.9 up, 60 ms × 2.75 = 165 ms latency). Median of `LCP_RUNS` loads.
 */
export const FAST_4G = {
  offline: false,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  latency: 60 * 2.75,
} as const;
export const CPU_SLOWDOWN = 4;
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);

/** What shows that each page has its content (cards, or the list's empty state). */
const READY: Record<string, (page: Page) => Promise<void>> = {
  '/': (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  '/meals': async (page) => {
    await page.getByRole('heading', { name: 'Plats disponibles' }).waitFor();
    // A card, or the list's error (the bench seeds meals, so the list is never empty).
    await page.locator('main article, main [role="alert"]').first().waitFor();
  },
};

export interface ScriptFile {
  url: string;
  raw: number;
  gzip: number;
  /** Bytes of the body as the server sent it (brotli or gzip as negotiated, precompressed at build time). */
  sent: number;
  encoding: string;
}

export interface InitialJs {
  files: number;
  raw_kb: number;
  gzip_kb: number;
  /** What actually crossed the network for these scripts (Content-Encoding chosen by the server). */
  sent_kb: number;
  detail: ScriptFile[];
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

async function initialJs(browser: Browser, url: string, path: string): Promise<InitialJs> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const bodies: Promise<ScriptFile | null>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      bodies.push(
        Promise.all([res.body(), res.request().sizes(), res.allHeaders()])
          .then(([body, sizes, headers]) => ({
            url: res.url(),
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            sent: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    await READY[path]!(page);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(bodies)).filter((f): f is ScriptFile => f !== null);
    const sum = (k: 'raw' | 'gzip' | 'sent') => files.reduce((a, f) => a + f[k], 0);
    return { files: files.length, raw_kb: kb(sum('raw')), gzip_kb: kb(sum('gzip')), sent_kb: kb(sum('sent')), detail: files };
  } finally {
    await context.close();
  }
}

export interface LcpRun {
  ms: number;
  /** The LCP element: tag, id or class, picture URL (which paint it was: the server's first paint or React's). */
  element: string;
}

/** One cold load of `path` under throttling; the last LCP candidate before any input. */
export async function lcpOnce(browser: Browser, url: string, path: string): Promise<LcpRun> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 412, height: 915 }, isMobile: true });
  try {
    const page = await context.newPage();
    // Page code as a string: this package is compiled without the DOM types.
    await page.addInitScript({
      content: `window.__lcp = -1; window.__lcpElement = '';
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            window.__lcp = e.startTime;
            const el = e.element;
            window.__lcpElement = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : el.className ? '.' + String(el.className).split(' ')[0] : '')
              + (el.closest && el.closest('#pp-first-paint') ? ' (first paint)' : '') + (e.url ? ' ' + new URL(e.url).pathname : '') : '(removed)';
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });`,
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${url}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await READY[path]!(page);
    await page.waitForLoadState('networkidle');
    // Images of the first cards may still paint: give the candidates a moment to settle.
    await page.waitForTimeout(1500);
    const lcp = (await page.evaluate('window.__lcp')) as number;
    if (lcp < 0) throw new Error(`no largest-contentful-paint entry for ${path}`);
    return { ms: Math.round(lcp), element: (await page.evaluate('window.__lcpElement')) as string };
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface PageWeightReport {
  initial_js: Record<string, Omit<InitialJs, 'detail'>>;
  lcp_meals: {
    runs: number;
    median_ms: number;
    all_ms: number[];
    elements: string[];
    cpu_slowdown: number;
    network: typeof FAST_4G;
  };
  initial_js_files: Record<string, ScriptFile[]>;
}

export async function pageWeight(shellUrl: string): Promise<PageWeightReport> {
  const browser = await launch();
  try {
    const initial: PageWeightReport['initial_js'] = {};
    const detail: PageWeightReport['initial_js_files'] = {};
    for (const path of ['/', '/meals']) {
      const { detail: files, ...summary } = await initialJs(browser, shellUrl, path);
      initial[path] = summary;
      detail[path] = files;
    }
    // A first throttled load warms the servers (the BFF's first answers are slower), not measured.
    await lcpOnce(browser, shellUrl, '/meals');
    const runs: LcpRun[] = [];
    for (let i = 0; i < LCP_RUNS; i++) runs.push(await lcpOnce(browser, shellUrl, '/meals'));
    const all = runs.map((r) => r.ms);
    return {
      initial_js: initial,
      lcp_meals: {
        runs: LCP_RUNS,
        median_ms: median(all),
        all_ms: all,
        elements: [...new Set(runs.map((r) => r.element))],
        cpu_slowdown: CPU_SLOWDOWN,
        network: FAST_4G,
      },
      initial_js_files: detail,
    };
  } finally {
    await browser.close();
  }
}
