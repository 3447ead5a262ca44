// Where a step's time goes on a big tree (run by hand; not part of `npx playwright test`).
//
//   node e2e/bench/player-profile.mjs [--dist dist] [--size 500] [--steps 100] [--from 0]
//
// Opens the built app with a generated tree (as player-frames.mjs does), moves the cursor one
// step per frame `--steps` times from step `--from`, and prints what Chromium's DevTools say
// about those steps: the Performance domain's durations (script, style, layout, task) and DOM
// node counts per step, then the CPU profile's functions by self time. For readable function
// names build without wasm-opt (an index.html with data-wasm-opt="0") into another dist.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dist = path.resolve(root, arg('dist', 'dist'));
const size = Number(arg('size', 500));
const steps = Number(arg('steps', 100));
const from = Number(arg('from', 0));
const top = Number(arg('top', 40));
const port = Number(arg('port', 8878));
const granularity = arg('granularity', 'visit');

const scenarioFile = path.join(os.tmpdir(), `fairshare-bench-${size}.json`);
// --reuse: keep the scenario written by an earlier run (no cargo build while measuring).
if (!(process.argv.includes('--reuse') && fs.existsSync(scenarioFile))) execFileSync(
  'cargo',
  ['test', '-q', '-p', 'fairshare-explorer', '--lib', 'write_bench_scenario', '--', '--ignored'],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BENCH_SCENARIO_OUT: scenarioFile, BENCH_SCENARIO_SIZE: String(size) },
  },
);
const json = fs.readFileSync(scenarioFile, 'utf8');
const fragment = `#scenario=${Buffer.from(json, 'utf8').toString('base64url')}`;

const server = spawn('python3', ['e2e/serve.py', '--port', String(port), '--dir', dist], {
  cwd: root,
  stdio: 'ignore',
});
process.on('exit', () => server.kill());
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/index.html`)).ok) break;
  } catch {
    // Not up yet.
  }
  await new Promise((r) => setTimeout(r, 100));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`http://127.0.0.1:${port}/${fragment}`);
  const player = page.getByRole('region', { name: 'Ranking animation' });
  await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
  if (granularity === 'visit') {
    await player.getByRole('radio', { name: 'One step per visit or comparison' }).check();
  }
  await player.getByRole('button', { name: 'Restart' }).click();
  const cdp = await page.context().newCDPSession(page);
  // --ab 'css1||css2||…': compare CSS rules on one page without a rebuild. Each round applies
  // each rule in turn (the empty rule is the baseline), restarts the walk and times the steps.
  const ab = arg('ab', null);
  if (ab !== null) {
    await cdp.send('Performance.enable');
    const rules = ab.split('||');
    const results = rules.map(() => []);
    for (let round = 0; round < 3; round++) {
      for (const [i, rule] of rules.entries()) {
        // A rule starting with "js:" is a script run in the page instead (irreversible: last).
        if (rule.startsWith('js:')) await page.evaluate(rule.slice(3));
        const tag = rule && !rule.startsWith('js:') ? await page.addStyleTag({ content: rule }) : null;
        await player.getByRole('button', { name: 'Restart' }).click();
        for (let k = 0; k < from; k++) await stepPage(page);
        const m0 = await metricsOf(cdp);
        for (let k = 0; k < steps; k++) await stepPage(page);
        const m1 = await metricsOf(cdp);
        const task = (1000 * (m1.TaskDuration - m0.TaskDuration)) / steps;
        const script = (1000 * (m1.ScriptDuration - m0.ScriptDuration)) / steps;
        results[i].push([task, script]);
        if (tag) await tag.evaluate((el) => el.remove());
      }
    }
    for (const [i, rule] of rules.entries()) {
      const med = (xs) => [...xs].sort((a, b) => a - b)[1].toFixed(1);
      const tasks = results[i].map((r) => r[0]);
      const scripts = results[i].map((r) => r[1]);
      console.log(`task ${med(tasks)} ms (${tasks.map((t) => t.toFixed(0)).join(' ')}), script ${med(scripts)} ms  ${rule || '(baseline)'}`);
    }
    process.exit(0);
  }
  console.error("loaded");
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const stepOnce = () =>
    page.evaluate(async () => {
      const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
      region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      // A frame, or a second if no frame comes (headless Chromium sometimes skips them).
      const frame = () =>
        new Promise((r) => {
          requestAnimationFrame(r);
          setTimeout(r, 1000);
        });
      await frame();
      await frame();
    });
  for (let i = 0; i < from; i++) await stepOnce();
  const metrics = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  // --trace: a DevTools timeline trace instead of the CPU profile (event durations by name).
  const tracing = process.argv.includes('--trace');
  const events = [];
  if (tracing) {
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz',
      transferMode: 'ReportEvents',
    });
  } else {
    await cdp.send('Profiler.start');
  }
  const t0 = Date.now();
  for (let i = 0; i < steps; i++) await stepOnce();
  const wall = Date.now() - t0;
  let profile = { nodes: [], samples: [], timeDeltas: [] };
  if (tracing) {
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    // Total duration of complete events per thread and name (nested events count again).
    const threads = new Map();
    for (const e of events) {
      if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
    }
    const totals = new Map();
    for (const e of events) {
      if (e.ph !== 'X' || !e.dur) continue;
      const key = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} ${e.name}`;
      totals.set(key, (totals.get(key) ?? 0) + e.dur / 1000);
    }
    console.log('trace: total ms per step by thread and event (nested events overlap):');
    [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .forEach(([k, t]) => console.log(`  ${(t / steps).toFixed(2).padStart(7)} ms  ${k}`));
  } else {
    profile = (await cdp.send('Profiler.stop')).profile;
  }
  const after = await metrics();
  const d = (k) => after[k] - before[k];
  const ms = (k) => ((1000 * d(k)) / steps).toFixed(1);
  console.log(`${steps} steps from step ${from}, ${granularity} granularity, wall ${(wall / steps).toFixed(1)} ms/step`);
  console.log(
    `per step: task ${ms('TaskDuration')} ms, script ${ms('ScriptDuration')} ms, ` +
      `style ${ms('RecalcStyleDuration')} ms (${(d('RecalcStyleCount') / steps).toFixed(1)}×), ` +
      `layout ${ms('LayoutDuration')} ms (${(d('LayoutCount') / steps).toFixed(1)}×)`,
  );
  console.log(`DOM nodes ${before.Nodes} → ${after.Nodes}, JS heap ${(after.JSHeapUsedSize / 1e6).toFixed(1)} MB`);
  // Where the DOM nodes are: per landmark region, elements and all nodes (comments, text).
  const census = await page.evaluate(() =>
    [...document.querySelectorAll('[role="region"]')].map((r) => {
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_ALL);
      let nodes = 0;
      let comments = 0;
      while (walker.nextNode()) {
        nodes += 1;
        if (walker.currentNode.nodeType === Node.COMMENT_NODE) comments += 1;
      }
      return `${r.getAttribute('aria-label')}: ${r.querySelectorAll('*').length} elements, ${nodes} nodes (${comments} comments)`;
    }),
  );
  console.log(census.map((c) => `  ${c}`).join('\n'));

  // Callers of the functions named by --callers (a substring), two frames up.
  const callersOf = arg('callers', null);
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const callers = new Map();

  // Self time per function, from the sampled CPU profile.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = n.callFrame.functionName || `(anonymous ${path.basename(n.callFrame.url)})`;
    const t = (dt[i] ?? 0) / 1000;
    total += t;
    self.set(name, (self.get(name) ?? 0) + t);
    if (callersOf && name.includes(callersOf)) {
      const chain = [];
      for (let p = parent.get(id); p && chain.length < 6; p = parent.get(p)) {
        chain.push(byId.get(p).callFrame.functionName.replace(/::h[0-9a-f]{16}/, '').slice(0, 90));
      }
      const key = chain.join('\n      <- ');
      callers.set(key, (callers.get(key) ?? 0) + t);
    }
  });
  console.log(`\nCPU profile: ${(total / steps).toFixed(1)} ms sampled per step; self time per step:`);
  [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([name, t]) => console.log(`  ${(t / steps).toFixed(2).padStart(7)} ms  ${name.slice(0, 140)}`));
  if (callersOf) {
    console.log(`\ncallers of ${callersOf}:`);
    [...callers.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .forEach(([chain, t]) => console.log(`  ${(t / steps).toFixed(2)} ms\n      <- ${chain}`));
  }
} finally {
  await browser.close();
}

async function stepPage(page) {
  await page.evaluate(async () => {
    const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
    region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    const frame = () =>
      new Promise((r) => {
        requestAnimationFrame(r);
        setTimeout(r, 1000);
      });
    await frame();
    await frame();
  });
}

async function metricsOf(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}
