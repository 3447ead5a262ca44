// A training room without Wi-Fi (issue 24 §3): after one visit the app opens and works offline,
// through the service worker (dist/sw.js, written by scripts/finish-dist.py from scripts/sw.js).
// A new build replaces the old one whole; `embed=1` registers no worker. The other specs run
// with service workers blocked (playwright.config.mjs), so their routes and fetches stay theirs.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ExplorerPage } from './fixtures/page.mjs';

test.use({ serviceWorkers: 'allow' });

/** The status line that says the app now opens offline. */
const offlineStatus = (page) => page.getByRole('status').filter({ hasText: 'Works offline' });

/** Waits until this page's service worker is active and in control of the page. */
/** How long a worker may take to install: it fetches and checks every file of the build
 * (about 250), which on a 2-core machine running another journey beside this one took over
 * 20 s once (CI, session 23), against 2–6 s alone. A wait, not a timing: nothing is asserted of it. */
const WORKER_MS = 45_000;

async function waitForWorker(page) {
  await expect
    .poll(() => page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return !!reg?.active && !reg.installing && !reg.waiting && !!navigator.serviceWorker.controller;
    }), { timeout: WORKER_MS })
    .toBe(true);
}

test('on a phone, "Works offline" appearing moves nothing on the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new ExplorerPage(page);
  await app.goto('/index.html');
  await app.waitUntilReady();
  const frameTop = () =>
    page.evaluate(() => document.querySelector('.ft-tree__viewport').getBoundingClientRect().top);
  const before = await frameTop();
  await expect(offlineStatus(page)).toHaveCount(1);
  expect(await frameTop()).toBe(before);
});

test('the worker registers only once the app has drawn its first frame', async ({ page }) => {
  // Its install fetches every file of the build: on a first visit over a slow link it must not
  // share the machine with the app's mount and first click (issue 24: the click's critical path).
  await page.addInitScript(() => {
    window.__mountedFrames = 0;
    const count = () => {
      if (document.querySelector('.ft-app:not(.ft-prerender) [role=treeitem]')) window.__mountedFrames += 1;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      window.__registeredAfterFrames ??= window.__mountedFrames;
      return register.apply(this, args);
    };
  });
  const app = new ExplorerPage(page);
  await app.goto('/index.html');
  await expect(offlineStatus(page)).toBeVisible();
  expect(await page.evaluate(() => window.__registeredAfterFrames)).toBeGreaterThanOrEqual(1);
});

test('after one visit the app opens offline and works', async ({ page, context }) => {
  const app = new ExplorerPage(page);
  await app.goto('/index.html');
  await expect(offlineStatus(page)).toBeVisible();
  await waitForWorker(page);

  await context.setOffline(true);
  await page.reload();
  await app.waitUntilReady();
  await expect(app.tree()).toBeVisible();
  await app.clickTreeItem('User1');
  await expect(offlineStatus(page)).toBeVisible();

  // Panels never opened online: their code (split out of the first load) was cached too.
  await app.openTab('sshare');
  await expect(app.sshareTable()).toBeVisible();
  await app.openTab('Classic fairshare');
  await expect(app.classicPanel()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The Japanese table, fetched only when chosen, was cached too.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
  await expect(app.heading()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('status').filter({ hasText: 'オフライン' })).toBeVisible();
  await context.setOffline(false);
});

test('under the strict policy the worker registers and serves offline', async ({ page, context }) => {
  const violations = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const app = new ExplorerPage(page);
  await app.goto('/csp/');
  await expect(offlineStatus(page)).toBeVisible();
  await waitForWorker(page);
  await context.setOffline(true);
  await page.reload();
  await app.waitUntilReady();
  await app.clickTreeItem('User1');
  await context.setOffline(false);
  expect(violations).toEqual([]);
});

test('embed=1 registers no service worker', async ({ page }) => {
  const app = new ExplorerPage(page);
  await page.goto('/index.html?embed=1');
  await expect(app.tree()).toBeVisible();
  // Give a registration the time it takes on a normal visit (it starts at mount).
  await page.waitForTimeout(1500);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expect(offlineStatus(page)).toHaveCount(0);
});

// ---- A deploy: a copy of dist/ on a server of our own, changed as a new build would be. -------

/** Serves `dir` on a free port of 127.0.0.1 (a secure context, as service workers need). */
async function serveDir(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    let rel = new URL(req.url, 'http://x').pathname;
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

/**
 * Makes `dir` a new build: index.html gets a marker (as a changed build's would differ), and
 * sw.js is written again by finish-dist.py's own function, with the new files and build hash.
 */
function deploy(dir, marker) {
  const index = path.join(dir, 'index.html');
  const html = fs.readFileSync(index, 'utf8').replace(/<meta name="?e2e-build"?[^>]*>/, '');
  fs.writeFileSync(index, html.replace(/(<meta charset=[^>]*>)/i, `$1<meta name="e2e-build" content="${marker}">`));
  const script = [
    'import importlib.util, sys',
    "spec = importlib.util.spec_from_file_location('fd', 'scripts/finish-dist.py')",
    'fd = importlib.util.module_from_spec(spec); spec.loader.exec_module(fd)',
    'fd.service_worker(sys.argv[1], ".")',
  ].join('\n');
  execFileSync('python3', ['-c', script, dir]);
}

const buildMarker = (page) => page.locator('meta[name="e2e-build"]').getAttribute('content');
const ourCaches = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('fairshare-explorer ')));

test('a new build replaces the cached one whole, keeping one build before it', async ({ page, context }) => {
  test.setTimeout(4 * WORKER_MS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-deploy-'));
  for (const name of fs.readdirSync('dist')) {
    if (!/\.(gz|br)$/.test(name)) fs.cpSync(path.join('dist', name), path.join(dir, name), { recursive: true });
  }
  deploy(dir, 'A');
  const { server, url } = await serveDir(dir);
  try {
    const app = new ExplorerPage(page);
    await app.goto(url);
    await waitForWorker(page);
    const first = await ourCaches(page);
    expect(first).toHaveLength(1);

    // Build B is deployed; an online visit finds the new worker, which takes over once its
    // cache is complete; the next visit opens B, offline too.
    deploy(dir, 'B');
    await page.reload();
    await expect.poll(() => ourCaches(page), { timeout: WORKER_MS }).toHaveLength(2);
    await waitForWorker(page);
    await context.setOffline(true);
    await page.reload();
    await app.waitUntilReady();
    expect(await buildMarker(page)).toBe('B');
    await app.clickTreeItem('User1');
    await context.setOffline(false);

    // Build C: B's cache stays for pages of B still open, A's goes.
    deploy(dir, 'C');
    await page.reload();
    await expect
      .poll(async () => {
        const keys = await ourCaches(page);
        return keys.length === 2 && !keys.includes(first[0]);
      }, { timeout: WORKER_MS })
      .toBe(true);
    await waitForWorker(page);
    await context.setOffline(true);
    await page.reload();
    await app.waitUntilReady();
    expect(await buildMarker(page)).toBe('C');
    await context.setOffline(false);
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
