// Lighthouse (mobile profile, simulated throttling) on the built store: /, /login, /shop, a product page and a
// signed-in cold /cart. Builds nothing: run `npm run build` first.
// Usage: npx tsx bench/lighthouse.ts [--runs 3] [--out file.md] [--reports dir] [--web-dir apps/web/dist]
//   [--pages home,product] (names of the pages below; all by default)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Product } from '@storefront/contract/catalog';
import { startBuiltStore } from '../e2e/support/built-store.js';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO = { email: 'demo@storefront.test', password: 'demo-pass-2000' } as const;
const TOKEN_KEY = 'storefront.token';
const EMAIL_KEY = 'storefront.email';

type Session = { token: string; email: string };
type Target = { name: string; path: string; session: Session | null };
type Figures = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsTransferBytes: number;
  jsBytes: number;
  lcpElement: string;
};

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    reports: { type: 'string' },
    'web-dir': { type: 'string' },
    pages: { type: 'string' },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);

async function callStore<T>(baseURL: string, apiPath: string, init: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`${baseURL}/api/v1/${apiPath}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: init.token } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (!res.ok || body.code > 100000) throw new Error(`${apiPath}: ${res.status} ${body.msg}`);
  return { data: body.data, headers: res.headers };
}

/** Signs the demo customer in and puts a product in the cart, as the web app would have before a cold reload. */
async function prepareCart(baseURL: string, productID: number): Promise<Session> {
  const { headers } = await callStore(baseURL, 'login', { body: DEMO });
  const raw = headers.get('authorization');
  if (!raw) throw new Error('The login answer carried no token.');
  const token = /^Bearer\s/i.test(raw) ? raw : `Bearer ${raw}`;
  await callStore(baseURL, 'cart/add', { token, body: { productID, quantity: 1 } });
  return { token, email: DEMO.email };
}

function readFigures(lhr: LighthouseResult): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = readItems(lhr, 'network-requests') as NetworkItem[];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const lcpNode = (readItems(lhr, 'lcp-breakdown-insight') as LcpPart[]).find((item) => item.type === 'node');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    lcpElement: lcpNode?.selector ?? lcpNode?.nodeLabel ?? '',
  };
}

function readItems(lhr: LighthouseResult, auditId: string): unknown[] {
  const details = lhr.audits[auditId]?.details;
  return details && 'items' in details && Array.isArray(details.items) ? details.items : [];
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type NetworkItem = { resourceType?: string; transferSize?: number; resourceSize?: number };
type LcpPart = { type?: string; selector?: string; nodeLabel?: string };

/** One cold load in a fresh Chromium profile: empty cache, and the session (if any) already in localStorage. */
async function measure(baseURL: string, target: Target, reportName: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (target.session) {
      const { token, email } = target.session;
      await page.goto(`${baseURL}/api/v1/health`);
      await page.evaluate(
        (keys, values) => {
          localStorage.setItem(keys.token, values.token);
          localStorage.setItem(keys.email, values.email);
        },
        { token: TOKEN_KEY, email: EMAIL_KEY },
        { token, email },
      );
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(
      `${baseURL}${target.path}`,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
        // The storage reset would drop the session put there above; the cache is cleared just before instead.
        disableStorageReset: target.session !== null,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}.`);
    if (result.lhr.runtimeError) throw new Error(`${target.path}: ${result.lhr.runtimeError.message}`);
    if (args.reports) {
      mkdirSync(args.reports, { recursive: true });
      const report = Array.isArray(result.report) ? result.report.join('\n') : result.report;
      writeFileSync(path.join(args.reports, `${reportName}.json`), report);
    }
    return readFigures(result.lhr);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); such a run is tried again. */
async function measureWithRetry(baseURL: string, target: Target, reportName: string): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(baseURL, target, reportName);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.error(`${target.path}: ${err instanceof Error ? err.message : String(err)}; trying again`);
    }
  }
}

function median(all: Figures[]): Figures {
  const sorted = [...all].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('No run finished.');
  return middle;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const store = await startBuiltStore(args['web-dir'] ? { webDir: path.resolve(args['web-dir']) } : {});
try {
  const { data: products } = await callStore<{ list: Product[] }>(store.baseURL, 'product/list?pageSize=20');
  const product = products.list.find((p) => p.available) ?? products.list[0];
  if (!product) throw new Error('The demo catalogue is empty.');
  const session = await prepareCart(store.baseURL, product.productID);
  const targets: Target[] = [
    { name: 'home', path: '/', session: null },
    { name: 'login', path: '/login', session: null },
    { name: 'shop', path: '/shop', session: null },
    { name: 'product', path: `/product/${product.productID}`, session: null },
    { name: 'cart (signed in)', path: '/cart', session },
  ];

  const chosen = args.pages?.split(',').map((name) => name.trim());
  const rows: string[] = [];
  for (const target of targets.filter((t) => !chosen || chosen.includes(t.name.split(' ')[0] ?? ''))) {
    const all: Figures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const figures = await measureWithRetry(store.baseURL, target, `${target.name.split(' ')[0]}-${run}`);
      console.error(
        `${target.path} run ${run}: ${figures.performance}, LCP ${seconds(figures.lcpMs)} (${figures.lcpElement})`,
      );
      all.push(figures);
    }
    const m = median(all);
    rows.push(
      `| ${target.path === '/cart' ? '/cart (signed in, cold)' : target.path} | ${m.performance} | ` +
        `${seconds(m.fcpMs)} | ${seconds(m.lcpMs)} | ${m.cls.toFixed(3)} | ${Math.round(m.tbtMs)} ms | ` +
        `${kb(m.jsTransferBytes)} | ${kb(m.jsBytes)} |`,
    );
  }
  const table = [
    `| page | performance | FCP | LCP | CLS | TBT | JS transferred | JS decoded |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(table);
  console.log(`\n_${new Date().toISOString().slice(0, 10)}, median of ${runs} run(s) per page by score._`);
  if (args.out) writeFileSync(args.out, `${table}\n`);
} finally {
  await store.stop();
}
