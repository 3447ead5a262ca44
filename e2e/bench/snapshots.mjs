// Browser benchmark of snapshots over time (run by hand; not part of `npx playwright test`):
// issue 21's figures. For each anchor tree (perf_<size>.json.gz from the perf directory, by
// default the shared perf folder beside the project), two days are published as `sshare -a -l -P`
// text into dist/ (e2e/fixtures/timeline.mjs: decay, jobs, leavers, newcomers), then in headless
// Chromium at 1440x900 on the release dist/:
//   1. open ?src=day1&before=day0: the time from navigation to the page saying the comparison
//      (both fetched, imported, matched by name and ranked);
//   2. open ?timeline=timeline.txt (the same two days): the time to the Timeline region;
//   3. the transition: the scrubber moved to the older day and back, 10 times: the time from the
//      input event to the first frame after the page shows the other day (p50, p95), and the tree
//      cards in the DOM (only those in view are drawn, so only they move);
//   4. the before→after animation: after each step, every frame until the cards' glide ends
//      (the step's own frame left out): how many took over 20 ms, and the longest; and the DOM
//      changes each step makes (a MutationObserver's count: CPU-independent).
// Timings are printed, never asserted. With `--profile`, the steps run under DevTools' sampling
// profiler and the functions with the most self time per step are printed (build without
// wasm-opt into another dist for names: an index-prof.html with data-wasm-opt="0").
//
//   trunk build --release --locked && node e2e/bench/snapshots.mjs [--sizes 10k,100k]
//       [--perf DIR] [--port 8879] [--moves 10] [--dist dist] [--profile] [--top 30]
//       [--reuse] (the days published by an earlier run) [--steps-only] (no src=+before= load)
//       [--select] (the first user card in view selected before the steps)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { arg, flag, launchChromium, root, serve, startRecording } from './common.mjs';
import { publishDays } from '../fixtures/timeline.mjs';

const sizes = arg('sizes', '10k,100k').split(',');
const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));
const port = Number(arg('port', 8879));
const moves = Number(arg('moves', 10));
const distName = arg('dist', 'dist');
const dist = path.join(root, distName);
const profile = flag('profile');
/** How long the cards glide (style/main.css --ft-duration-move) plus a frame or two. */
const GLIDE_MS = 450;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(0)} ms`;

await serve(dist, port);
const browser = await launchChromium();
const rows = [];
for (const size of sizes) {
  const scenario = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(perfDir, `perf_${size}.json.gz`))).toString('utf8'));
  const dir = `bench-snapshots-${size}`;
  if (!(flag('reuse') && fs.existsSync(path.join(dist, dir, 'timeline.txt')))) {
    publishDays({ scenario, days: 2, dir, dist: distName });
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const base = `http://127.0.0.1:${port}`;

  let t0 = Date.now();
  let pair = NaN;
  if (!flag('steps-only')) {
    await page.goto(`${base}/?src=${dir}/day1.txt&before=${dir}/day0.txt`);
    await page.getByRole('region', { name: 'Since the before snapshot' }).getByRole('status').waitFor({ timeout: 600_000 });
    pair = Date.now() - t0;
  }

  t0 = Date.now();
  await page.goto(`${base}/?timeline=${dir}/timeline.txt`);
  const scrubber = page.getByRole('slider', { name: 'Moment' });
  await scrubber.waitFor({ timeout: 600_000 });
  const timeline = Date.now() - t0;

  if (flag('select')) {
    // A user selected, as someone asking "why did I move?" has: the panels follow them.
    const user = page.locator('[role="treeitem"][data-kind="user"]').first();
    if (await user.count()) await user.click();
    else console.log('--select: no user card in view');
  }
  const times = [];
  const frames = [];
  const mutations = [];
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  const stop = cdp ? await startRecording(cdp, false) : null;
  for (let i = 0; i < moves; i += 1) {
    const to = i % 2 === 0 ? 0 : 1;
    const { step, glide, dom: changed } = await page.evaluate(
        ([to, glideMs]) =>
          new Promise((resolve) => {
            const input = document.querySelector('input[type="range"][aria-label="Moment"]');
            const status = document.querySelector('[data-timeline-status]');
            const before = status.textContent;
            // DOM work of the step, counted (CPU-independent): nodes added or removed, other changes.
            const dom = { nodes: 0, other: 0 };
            const observer = new MutationObserver((records) => {
              for (const r of records) {
                if (r.type === 'childList') dom.nodes += r.addedNodes.length + r.removedNodes.length;
                else dom.other += 1;
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
            const start = performance.now();
            input.value = String(to);
            input.dispatchEvent(new Event('input', { bubbles: true }));
            const wait = () => {
              if (status.textContent === before) return requestAnimationFrame(wait);
              requestAnimationFrame((t0) => {
                const step = performance.now() - start;
                for (const r of observer.takeRecords()) {
                  if (r.type === 'childList') dom.nodes += r.addedNodes.length + r.removedNodes.length;
                  else dom.other += 1;
                }
                observer.disconnect();
                const glide = [];
                let last = t0;
                const next = (t) => {
                  glide.push(t - last);
                  last = t;
                  if (t - t0 < glideMs) requestAnimationFrame(next);
                  else resolve({ step, glide, dom });
                };
                requestAnimationFrame(next);
              });
            };
            wait();
          }),
        [to, GLIDE_MS],
      );
    times.push(step);
    frames.push(...glide);
    mutations.push(changed);
  }
  if (stop) reportProfile((await stop()).profile, moves);
  const slow = frames.filter((f) => f > 20).length;
  const longest = Math.max(...frames);
  const cards = await page.locator('[role="tree"] [role="treeitem"]').count();
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  rows.push({ size, pair, timeline, p50: pct(times, 50), p95: pct(times, 95), cards, dom, glideFrames: frames.length, slow, longest });
  console.log(
    `${size}: src+before ${ms(pair)}; timeline= ${ms(timeline)}; scrubber step p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}; treeitems ${cards}, DOM ${dom}`,
  );
  console.log(`${size}: glide after a step: ${slow} of ${frames.length} frames over 20 ms, longest ${ms(longest)}`);
  const toOlder = mutations.filter((_, i) => i % 2 === 0);
  const toNewer = mutations.filter((_, i) => i % 2 === 1);
  const mean = (xs, k) => (xs.reduce((a, m) => a + m[k], 0) / Math.max(1, xs.length)).toFixed(0);
  console.log(
    `${size}: DOM changes per step (nodes added+removed / attribute and text changes): ` +
      `to the older day ${mean(toOlder, 'nodes')} / ${mean(toOlder, 'other')}, to the newer ${mean(toNewer, 'nodes')} / ${mean(toNewer, 'other')}`,
  );
  await page.close();
}
await browser.close();
console.log(JSON.stringify(rows));
// The static server is a child process: without this the run never ends.
process.exit();

/** Self time per function in the sampled CPU profile, per step, and the app's inclusive times. */
function reportProfile(profile, steps) {
  const top = Number(arg('top', 30));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const inclusive = new Map();
  // The debounced autosave runs once after each step (inside the next glide): counted apart.
  let saving = 0;
  const chain = (id) => {
    const names = [];
    for (let p = id; p; p = parent.get(p)) names.push(byId.get(p).callFrame.functionName);
    return names;
  };
  profile.samples.forEach((id, i) => {
    const t = (profile.timeDeltas[i] ?? 0) / 1000;
    if (chain(id).some((f) => f.includes('Shell::flush'))) {
      saving += t;
      return;
    }
    const n = byId.get(id);
    const name = n.callFrame.functionName || `(anonymous ${path.basename(n.callFrame.url)})`;
    self.set(name, (self.get(name) ?? 0) + t);
    const seen = new Set();
    for (let p = id; p; p = parent.get(p)) {
      const f = byId.get(p).callFrame.functionName.replace(/::h[0-9a-f]{16}/, '');
      if (f && !seen.has(f)) {
        seen.add(f);
        inclusive.set(f, (inclusive.get(f) ?? 0) + t);
      }
    }
  });
  const print = (map, filter) =>
    [...map.entries()]
      .filter(([k]) => filter.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .forEach(([k, t]) => console.log(`  ${(t / steps).toFixed(2).padStart(7)} ms  ${k.slice(0, 150)}`));
  console.log(`the autosave (chrome::start::Shell::flush): ${(saving / steps).toFixed(2)} ms per step; the rest:`);
  console.log(`self time per step (${steps} steps, the glides included):`);
  print(self, /./);
  console.log('inclusive time per step, the app and engine:');
  print(inclusive, /fairshare|leptos|reactive_graph|tachys/);
}
