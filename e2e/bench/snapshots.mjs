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
//      cards in the DOM (only those in view are drawn, so only they move).
// Timings are printed, never asserted.
//
//   trunk build --release --locked && node e2e/bench/snapshots.mjs [--sizes 10k,100k]
//       [--perf DIR] [--port 8879] [--moves 10]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { arg, launchChromium, root, serve } from './common.mjs';
import { publishDays } from '../fixtures/timeline.mjs';

const sizes = arg('sizes', '10k,100k').split(',');
const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));
const port = Number(arg('port', 8879));
const moves = Number(arg('moves', 10));
const dist = path.join(root, 'dist');

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
  publishDays({ scenario, days: 2, dir });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const base = `http://127.0.0.1:${port}`;

  let t0 = Date.now();
  await page.goto(`${base}/?src=${dir}/day1.txt&before=${dir}/day0.txt`);
  await page.getByRole('region', { name: 'Since the before snapshot' }).getByRole('status').waitFor({ timeout: 600_000 });
  const pair = Date.now() - t0;

  t0 = Date.now();
  await page.goto(`${base}/?timeline=${dir}/timeline.txt`);
  const scrubber = page.getByRole('slider', { name: 'Moment' });
  await scrubber.waitFor({ timeout: 600_000 });
  const timeline = Date.now() - t0;

  const times = [];
  for (let i = 0; i < moves; i += 1) {
    const to = i % 2 === 0 ? 0 : 1;
    times.push(
      await page.evaluate(
        (to) =>
          new Promise((resolve) => {
            const input = document.querySelector('input[type="range"][aria-label="Moment"]');
            const status = document.querySelector('[data-timeline-status]');
            const before = status.textContent;
            const start = performance.now();
            input.value = String(to);
            input.dispatchEvent(new Event('input', { bubbles: true }));
            const wait = () => {
              if (status.textContent === before) return requestAnimationFrame(wait);
              requestAnimationFrame(() => resolve(performance.now() - start));
            };
            wait();
          }),
        to,
      ),
    );
  }
  const cards = await page.locator('[role="tree"] [role="treeitem"]').count();
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  rows.push({ size, pair, timeline, p50: pct(times, 50), p95: pct(times, 95), cards, dom });
  console.log(
    `${size}: src+before ${ms(pair)}; timeline= ${ms(timeline)}; scrubber step p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}; treeitems ${cards}, DOM ${dom}`,
  );
  await page.close();
}
await browser.close();
console.log(JSON.stringify(rows));
