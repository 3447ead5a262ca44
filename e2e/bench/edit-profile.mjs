// Where one usage edit's time (or one step of the playing walk) goes on an anchor tree (run by
// hand; not part of `npx playwright test`).
//
//   node e2e/bench/edit-profile.mjs [--dist dist] [--size 1k|10k|100k] [--edits 10]
//        [--play 0] [--steps 0] [--top 40] [--callers <name>] [--trace] [--port 8878]
//        [--css '<rules>'] [--tab 'Classic fairshare']
//
// Loads `perf_<size>.json.gz` (the shared perf folder) by pasting it as workspace.mjs does,
// selects the first user and makes `--edits` Raw usage edits under DevTools' sampling profiler,
// then prints the Performance domain's durations per edit (script, style, layout) and the CPU
// profile's functions by self time. With `--play S`, it profiles S seconds of the playing walk
// instead; with `--steps N`, N steps of the walk from its start, one ArrowRight per frame (the
// finest granularity: a user stepping through by key). For readable function names build without wasm-opt (an index.html with
// data-wasm-opt="0", e.g. index-prof.html, gitignored) into another dist. `--css` adds a style
// sheet after loading: a style change (containment, layers) measured without a build.
import path from 'node:path';
import { arg, flag, launchChromium, root, pasteTree, readAnchor, firstUsersRawUsage, serve, startRecording } from './common.mjs';

const dist = path.resolve(root, arg('dist', 'dist'));
const size = arg('size', '1k');
const edits = Number(arg('edits', 10));
const play = Number(arg('play', 0));
const steps = Number(arg('steps', 0));
const top = Number(arg('top', 40));
const port = Number(arg('port', 8878));
const tab = arg('tab', null);
const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));

const { json, users, marker } = readAnchor(perfDir, size);

await serve(dist, port);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await pasteTree(page, port, json, marker);
  if (arg('css', null)) await page.addStyleTag({ content: arg('css', null) });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  let units = 0;
  let run;
  if (steps > 0) {
    const player = page.getByRole('region', { name: 'Ranking animation' });
    await player.getByRole('button', { name: 'Restart' }).click();
    await player.getByRole('radio', { name: 'One step per visit or comparison' }).check();
    run = async () => {
      units = await page.evaluate(async (n) => {
        const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
        for (let i = 0; i < n; i++) {
          region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          await new Promise(requestAnimationFrame);
        }
        return n;
      }, steps);
    };
  } else if (play > 0) {
    const player = page.getByRole('region', { name: 'Ranking animation' });
    await player.getByRole('button', { name: 'Restart' }).click();
    run = async () => {
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      units = await page.evaluate(async (duration) => {
        let frames = 0;
        const end = performance.now() + duration;
        while (performance.now() < end) {
          await new Promise(requestAnimationFrame);
          frames += 1;
        }
        return frames;
      }, play * 1000);
      await player.getByRole('button', { name: 'Pause', exact: true }).click();
    };
  } else {
    const handle = await firstUsersRawUsage(page, users);
    if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
    const times = [];
    run = async () => {
      for (let i = 0; i < edits; i++) {
        times.push(
          await handle.evaluate(async (el, v) => {
            el.value = String(v);
            const t0 = performance.now();
            el.dispatchEvent(new Event('change', { bubbles: true }));
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
            return performance.now() - t0;
          }, 1000 * (i + 7) * 3600),
        );
      }
      units = edits;
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`edit → painted: ${sorted.map((t) => t.toFixed(0)).join(' ')} ms`);
    };
  }
  const before = await metrics(cdp);
  const stop = await startRecording(cdp, flag('trace'));
  await run();
  const { profile, events } = await stop();
  const after = await metrics(cdp);
  const unit = steps > 0 ? 'step' : play > 0 ? 'frame' : 'edit';
  const d = (k) => after[k] - before[k];
  const ms = (k) => ((1000 * d(k)) / units).toFixed(1);
  console.log(`perf_${size}: ${units} ${unit}s`);
  console.log(
    `per ${unit}: task ${ms('TaskDuration')} ms, script ${ms('ScriptDuration')} ms, ` +
      `style ${ms('RecalcStyleDuration')} ms, layout ${ms('LayoutDuration')} ms`,
  );
  if (profile) reportProfile(profile, arg('callers', null), units, unit);
  else reportTrace(events, units, unit);
} finally {
  await browser.close();
  process.exit();
}

/** Self time per function from the sampled CPU profile; callers of `callersOf` (a substring). */
function reportProfile(profile, callersOf, units, unit) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const inclusive = new Map();
  const callers = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = n.callFrame.functionName || `(anonymous ${path.basename(n.callFrame.url)})`;
    const t = (profile.timeDeltas[i] ?? 0) / 1000;
    total += t;
    self.set(name, (self.get(name) ?? 0) + t);
    const seen = new Set();
    for (let p = id; p; p = parent.get(p)) {
      const f = byId.get(p).callFrame.functionName.replace(/::h[0-9a-f]{16}/, '');
      if (f && !seen.has(f)) {
        seen.add(f);
        inclusive.set(f, (inclusive.get(f) ?? 0) + t);
      }
    }
    if (callersOf && name.includes(callersOf)) {
      const chain = [];
      for (let p = parent.get(id); p && chain.length < 8; p = parent.get(p)) {
        chain.push(byId.get(p).callFrame.functionName.replace(/::h[0-9a-f]{16}/, '').slice(0, 100));
      }
      const key = chain.join('\n      <- ');
      callers.set(key, (callers.get(key) ?? 0) + t);
    }
  });
  console.log(`\nCPU profile: ${(total / units).toFixed(1)} ms sampled per ${unit}; self time per ${unit}:`);
  const lines = (map, n, line) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .forEach(([k, t]) => console.log(line(t, k)));
  lines(self, top, (t, name) => `  ${(t / units).toFixed(2).padStart(7)} ms  ${name.slice(0, 140)}`);
  const ours = new RegExp(arg('ours', 'fairshare|leptos|reactive_graph|tachys'));
  console.log(`\ninclusive time per ${unit} of the app's and engine's functions:`);
  lines(
    new Map([...inclusive].filter(([k]) => ours.test(k))),
    top,
    (t, name) => `  ${(t / units).toFixed(2).padStart(7)} ms  ${name.slice(0, 140)}`,
  );
  if (callersOf) {
    console.log(`\ncallers of ${callersOf}:`);
    lines(callers, 8, (t, chain) => `  ${(t / units).toFixed(2)} ms\n      <- ${chain}`);
  }
}

/** `--trace`: total duration of complete events per thread and name (nested events overlap). */
function reportTrace(events, units, unit) {
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
  console.log(`trace: total ms per ${unit} by thread and event:`);
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, t]) => console.log(`  ${(t / units).toFixed(2).padStart(7)} ms  ${k}`));
}

/** DevTools' Performance metrics by name. */
async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}
