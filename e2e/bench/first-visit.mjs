// First-visit benchmark (run by hand; not part of `npx playwright test`): issue 24 "Measure".
//
//   trunk build --release --locked && node e2e/bench/first-visit.mjs [--runs 3] [--port 8879]
//       [--dist dist] [--links slow4g,fast4g] [--sizes 390x844,1440x900] [--encodings gzip,br]
//       [--methods treeitem,person] [--requests]
//
// A cold first visit (fresh browser context: no HTTP cache, no storage, no service worker) of the
// release dist/ in headless Chromium, over a link emulated through DevTools
// (`Network.emulateNetworkConditions`): "slow 4G" 1.6 Mbit/s down, 150 ms round trip (the
// Lighthouse mobile profile), and "fast 4G" 9 Mbit/s, 60 ms. A small static server (below) sends
// the precompressed `FILE.gz` or `FILE.br` that scripts/finish-dist.py writes beside each asset,
// with `Content-Encoding`, as nginx `gzip_static`/`brotli_static` would, and `no-store`.
//
// Per case, the median of the runs (times from the start of navigation, `performance.now()` in
// the page, sampled once per animation frame):
//   - first tree: the first frame in which any tree is on screen: a `role=treeitem` or a
//     pre-rendered tree (`--prerender` selector; issue 24 §1 puts a static one in index.html);
//   - mounted: the first frame in which a `role=treeitem` inserted by the app (after
//     DOMContentLoaded, so not parsed from index.html) is on screen;
//   - answered: a click on a user is answered, two ways (`--methods`; each its own visits):
//     - treeitem: the benchmark clicks the first user's treeitem (Playwright's `click`, which
//       waits for the app's treeitem) as soon as a tree is on screen, again every 100 ms;
//     - person: as a person would, by position: the first user card that shows, whichever
//       layer shows it (the pre-render before the app mounts, the app after), clicked at the
//       centre of what shows of it (`page.mouse.click`) as soon as one is on screen, again
//       every 100 ms. Since
//       issue 24 §1's pick (src/prerender-pick.js) a click on the pre-render is answered when the
//       app mounts;
//     both are the first frame in which the app's user treeitem has `aria-selected="true"`;
//   - Inspector shows it: the first frame in which the Inspector holds the selected
//     association's editor, a wasm module of its own fetched after the mount
//     (src/panels/inspector.rs), so it may follow the answer by a round trip;
//   - bytes: what crossed the emulated link (encoded) until the Inspector showed it.
// With `--breakdown`, a second table says where the time to the answered click goes (medians):
// when index.html, the CSS, the JS glue and the wasm had arrived (Resource Timing `responseEnd`),
// when the wasm was compiled and instantiated (`WebAssembly.instantiateStreaming` resolved;
// streaming compilation overlaps the download), when the app mounted, when the benchmark's first
// click on a user landed (the first `click` event on a user treeitem) and when it was answered.
// With `--click page`, the click comes from the page itself (`element.click()` on the first user
// treeitem, in the first frame after the app mounted) instead of from Playwright, whose polling
// (every 100 ms, each poll a round trip to the browser) lands the click 0.2–0.4 s after the mount
// on a loaded machine: what is left is the app's own time to answer.
// With `--requests`, the first visit of each case also prints its request list: every request
// the server saw (the page's and the service worker's alike), in the order it arrived, with when
// it arrived and when its last byte left the emulated link (DevTools' Network events, seconds
// from the start of navigation; a request the page's DevTools session did not see, such as the
// service worker's install, has only its arrival at the server), the bytes sent, and whether it
// arrived before the click was answered: what shares the link with the wasm on the click's path.
// Timings are printed, never asserted.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { arg, launchChromium, root } from './common.mjs';

const runs = Number(arg('runs', 3));
const port = Number(arg('port', 8879));
const dist = path.resolve(root, arg('dist', 'dist'));
const links = arg('links', 'slow4g,fast4g').split(',');
const sizes = arg('sizes', '390x844,1440x900').split(',');
const encodings = arg('encodings', 'gzip,br').split(',');
const query = arg('query', '');
const prerender = arg('prerender', '#ft-prerender');
const breakdown = process.argv.includes('--breakdown');
const clickInPage = arg('click', 'playwright') === 'page';
const methods = arg('methods', 'treeitem,person').split(',');
const listRequests = process.argv.includes('--requests');

/** The emulated links (DevTools takes bytes per second and milliseconds of latency). */
const LINKS = {
  slow4g: { label: 'slow 4G (1.6 Mbit/s, 150 ms)', down: 1.6e6, up: 750e3, rtt: 150 },
  fast4g: { label: 'fast 4G (9 Mbit/s, 60 ms)', down: 9e6, up: 1.5e6, rtt: 60 },
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

// ---- A static server that sends the precompressed files, as a host configured for them would.
let encoding = 'gzip';
/** What the server sent since the last visit began: [arrival (Date.now()), path, bytes]. */
let served = [];
const server = http.createServer((req, res) => {
  const arrived = Date.now();
  let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (rel.endsWith('/')) rel += 'index.html';
  const file = path.join(dist, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  const headers = {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
  };
  const suffix = encoding === 'br' ? '.br' : '.gz';
  const accepts = (req.headers['accept-encoding'] ?? '').includes(encoding);
  let body;
  if (accepts && fs.existsSync(file + suffix)) {
    headers['Content-Encoding'] = encoding;
    body = fs.readFileSync(file + suffix);
  } else {
    body = fs.readFileSync(file);
  }
  headers['Content-Length'] = body.length;
  served.push([arrived, req.url, body.length]);
  res.writeHead(200, headers).end(body);
});
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist} has no index.html: run \`trunk build --release --locked\` first`);
  process.exit(1);
}
if (!fs.readdirSync(dist).some((n) => n.endsWith('.wasm.br'))) {
  console.error(`${dist} has no precompressed files: build with --release (scripts/finish-dist.py)`);
  process.exit(1);
}
await new Promise((r) => server.listen(port, '127.0.0.1', r));

// ---- In the page: one sample per animation frame, from before index.html is parsed.
function probe([prerenderSelector, clickInPage]) {
  const t = { firstTree: null, mounted: null, answered: null, editor: null, instantiated: null, clicked: null };
  window.__firstVisit = t;
  // The main module's compile + instantiate (the first one to resolve).
  for (const name of ['instantiateStreaming', 'instantiate']) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      return original.apply(this, args).then((result) => {
        if (t.instantiated === null) t.instantiated = performance.now();
        return result;
      });
    };
  }
  document.addEventListener(
    'click',
    (e) => {
      const user = '[role=treeitem][data-kind=user], .ft-node--user';
      if (t.clicked === null && e.target.closest?.(user)) t.clicked = performance.now();
    },
    true,
  );
  let parsed = null;
  document.addEventListener('DOMContentLoaded', () => {
    parsed = new WeakSet(document.querySelectorAll('*'));
  });
  const onScreen = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth
      && getComputedStyle(el).visibility !== 'hidden';
  };
  const frame = () => {
    const now = performance.now();
    const items = [...document.querySelectorAll('[role=treeitem]')].filter(onScreen);
    if (t.firstTree === null) {
      const pre = [...document.querySelectorAll(prerenderSelector)].some(onScreen);
      if (items.length || pre) t.firstTree = now;
    }
    if (t.mounted === null && parsed && items.some((el) => !parsed.has(el))) t.mounted = now;
    if (clickInPage && t.mounted !== null && t.clicked === null) {
      items.find((el) => el.dataset.kind === 'user' && !parsed.has(el))?.click();
    }
    if (t.answered === null && document.querySelector('[role=treeitem][data-kind=user][aria-selected=true]')) {
      t.answered = now;
    }
    if (t.editor === null && document.querySelector('.ft-inspector__editor')) t.editor = now;
    if (t.answered === null || t.editor === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const secs = (x) => (x === null ? '—' : `${(x / 1000).toFixed(2)} s`);

/**
 * In the page: where a person clicks the first user card that shows (at least 40x40 px of it
 * on screen, inside the tree's frame): the centre of what shows, in the pre-render or the app,
 * whichever is there; null if none.
 */
function personTarget() {
  const frame = document.querySelector('.ft-tree__viewport')?.getBoundingClientRect();
  if (!frame) return null;
  const left = Math.max(0, frame.left);
  const top = Math.max(0, frame.top);
  const right = Math.min(innerWidth, frame.right);
  const bottom = Math.min(innerHeight, frame.bottom);
  for (const body of document.querySelectorAll('.ft-node--user .ft-node__body')) {
    // What of the card shows in the frame: at 390x844 the users' row is cut at its bottom.
    const r = body.getBoundingClientRect();
    const x0 = Math.max(r.left, left);
    const x1 = Math.min(r.right, right);
    const y0 = Math.max(r.top, top);
    const y1 = Math.min(r.bottom, bottom);
    if (x1 - x0 >= 40 && y1 - y0 >= 40) return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  }
  return null;
}

async function visit(browser, link, width, height, method) {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'allow' });
  await context.addInitScript(probe, [prerender, clickInPage]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.rtt,
    downloadThroughput: link.down / 8,
    uploadThroughput: link.up / 8,
  });
  let bytes = 0;
  // Per request id: [url, sent (DevTools' monotonic seconds), finished, encoded bytes].
  const seen = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    seen.set(e.requestId, { url: e.request.url, sent: e.timestamp, wall: e.wallTime, done: null });
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    const r = seen.get(e.requestId);
    if (r) Object.assign(r, { done: e.timestamp, bytes: e.encodedDataLength });
  });
  served = [];
  await page.goto(`http://127.0.0.1:${port}/index.html${query}`, { waitUntil: 'commit' });
  const user = page.locator('[role=treeitem][data-kind=user]').first();
  const deadline = Date.now() + 60_000;
  let t;
  for (;;) {
    t = await page.evaluate(() => window.__firstVisit).catch(() => null);
    // Past the answer, until the Inspector shows the selected user (its editor is a module of
    // its own, fetched after the mount: src/panels/inspector.rs).
    if ((t?.answered != null && t?.editor != null) || Date.now() > deadline) break;
    if (t?.answered != null) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    if (t?.firstTree != null && method === 'person') {
      const at = await page.evaluate(personTarget).catch(() => null);
      if (at) await page.mouse.click(at.x, at.y).catch(() => {});
    } else if (t?.firstTree != null && !clickInPage) {
      await user.click({ timeout: 100 }).catch(() => {});
    }
    await page.waitForTimeout(100);
  }
  // The request list also shows what comes after the answer (the service worker's install).
  if (listRequests) await page.waitForTimeout(4000);
  // When each kind of file had arrived (Resource Timing; index.html from the navigation entry).
  const arrived = await page
    .evaluate(() => {
      const last = (re) => Math.max(0, ...performance.getEntriesByType('resource')
        .filter((e) => re.test(new URL(e.name).pathname)).map((e) => e.responseEnd));
      return {
        html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? null,
        css: last(/\.css$/),
        js: last(/fairshare-explorer-[^/]*\.js$/),
        wasm: last(/_bg\.wasm$/),
      };
    })
    .catch(() => ({}));
  await context.close();
  return { ...t, ...arrived, bytes, requests: requestList(seen, served) };
}

/**
 * The visit's requests in the order the server saw them: { path, at, done, bytes } with `at` and
 * `done` in ms from the navigation's first request (DevTools' clock; `at` from the server's
 * clock, offset by the navigation, for requests DevTools did not see).
 */
function requestList(seen, served) {
  const page = [...seen.values()];
  const nav = page[0];
  if (!nav) return [];
  const ms = (ts) => (ts === null ? null : (ts - nav.sent) * 1000);
  const navWall = nav.wall * 1000;
  const used = new Set();
  return served.map(([arrived, url, sent]) => {
    const path = new URL(url, 'http://x').pathname;
    const r = page.find((p) => !used.has(p) && new URL(p.url).pathname === path);
    if (r) used.add(r);
    return {
      path,
      at: r ? ms(r.sent) : arrived - navWall,
      done: r ? ms(r.done) : null,
      bytes: sent,
      page: Boolean(r),
    };
  });
}

const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const browser = await launchChromium();
console.log(`dist ${dist}, ${runs} runs per case, load average ${load()} at start`);
const answeredCols = methods.map((m) => `click answered (${m})`).join(' | ');
console.log(`| link | viewport | encoding | first tree | app mounted | ${answeredCols} | Inspector shows it | transferred |`);
console.log(`|---|---|---|---|---|${methods.map(() => '---|').join('')}---|`);
const details = [];
const requestTables = [];
/** One visit's request list as a Markdown table. */
function requestTable(title, v) {
  const lines = [`\nRequests of the first visit (${title}; click answered at ${secs(v.answered)}):\n`];
  lines.push('| # | file | requested | last byte | bytes | before the answer |', '|---|---|---|---|---|---|');
  v.requests.forEach((r, i) => {
    const name = r.path.replace(/^.*\//, '') || r.path;
    const before = r.at !== null && v.answered !== null && r.at < v.answered;
    lines.push(`| ${i + 1} | ${name}${r.page ? '' : ' (not the page: service worker)'} | ${secs(r.at)} | ${secs(r.done)} `
      + `| ${r.bytes.toLocaleString('en')} | ${before ? 'yes' : 'no'} |`);
  });
  return lines.join('\n');
}
for (const linkName of links) {
  const link = LINKS[linkName];
  for (const size of sizes) {
    const [width, height] = size.split('x').map(Number);
    for (const enc of encodings) {
      encoding = enc;
      // The methods' visits interleaved, so both see the same machine load.
      const by = Object.fromEntries(methods.map((x) => [x, []]));
      for (let i = 0; i < runs; i++) {
        for (const method of methods) by[method].push(await visit(browser, link, width, height, method));
      }
      const samples = methods.flatMap((x) => by[x]);
      if (listRequests) requestTables.push(requestTable(`${link.label}, ${size}, ${enc}`, by[methods[0]][0]));
      const m = (k, xs = samples) => median(xs.map((s) => s[k]));
      const all = (k, xs) => xs.map((s) => secs(s[k])).join(' / ');
      const answered = methods.map((x) => `${secs(m('answered', by[x]))} (${all('answered', by[x])})`).join(' | ');
      console.log(
        `| ${link.label} | ${size} | ${enc} | ${secs(m('firstTree'))} | ${secs(m('mounted'))} | ${answered} `
          + `| ${secs(m('editor'))} | ${Math.round(m('bytes') / 1024)} KiB |`,
      );
      const cols = ['html', 'css', 'js', 'wasm', 'instantiated', 'mounted', 'clicked', 'answered'];
      // The breakdown follows the first method's visits.
      details.push(`| ${link.label} | ${size} | ${enc} | ${cols.map((k) => secs(m(k, by[methods[0]]))).join(' | ')} |`);
    }
  }
}
if (breakdown) {
  console.log(`\nWhere the time goes (the ${methods[0]} method's visits):`);
  console.log('\n| link | viewport | encoding | index.html | CSS | JS glue | wasm arrived | wasm instantiated | app mounted | first click | click answered |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of details) console.log(line);
}
for (const table of requestTables) console.log(table);
console.log(`load average ${load()} at end`);
await browser.close();
server.close();
