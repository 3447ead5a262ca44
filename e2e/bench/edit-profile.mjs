// Where one usage edit's time (or one step of the playing walk) goes on an anchor tree (run by
// hand; not part of `npx playwright test`).
//
//   node e2e/bench/edit-profile.mjs [--dist dist] [--size 1k|10k|100k] [--edits 10]
//        [--play 0] [--steps 0] [--top 40] [--callers <name>] [--trace] [--port 8878]
//        [--css '<rules>'] [--tab 'Classic fairshare'] [--start 7] [--window [--gap 250]]
//
// Loads `perf_<size>.json.gz` (the shared perf folder) by pasting it as workspace.mjs does,
// selects the first user and makes `--edits` Raw usage edits under DevTools' sampling profiler,
// then prints the Performance domain's durations per edit (script, style, layout) and the CPU
// profile's functions by self time. With `--play S`, it profiles S seconds of the playing walk
// instead; with `--steps N`, N steps of the walk from its start, one ArrowRight per frame (the
// finest granularity: a user stepping through by key). For readable function names build without wasm-opt (an index.html with
// data-wasm-opt="0", e.g. index-prof.html, gitignored) into another dist. `--css` adds a style
// sheet after loading: a style change (containment, layers) measured without a build.
// `--trace` also counts, independently of the machine's load, the layouts per unit (objects
// dirty of the total) and the layouts forced by script, by the JS stack that forced them (a
// wasm build without wasm-opt names its functions there); the profile also gives the script
// time by the innermost app or engine function on its stack. `--window` profiles each edit
// alone, from the start of the frame it is made in to a task after that frame (workspace.mjs's
// frame-aligned edit), 250 ms apart (no autosave starts; the slider's ticks and the dropped
// ranking, freed in idle periods, mostly fall outside), and sums them: what the edit's own frame
// runs, not the idle work after it.
import path from 'node:path';
import {
  arg,
  firstUsersRawUsage,
  flag,
  metrics,
  openPastedAnchor,
  printTop,
  profileTimes,
  startRecording,
  traceTotals,
} from './common.mjs';

const edits = Number(arg('edits', 10));
const play = Number(arg('play', 0));
const steps = Number(arg('steps', 0));
const top = Number(arg('top', 40));
const tab = arg('tab', null);
// The k-th edit sets 1000 × (k + start) × 3600 (`--start 1`: workspace.mjs's values).
const start = Number(arg('start', 7));

const { browser, page, size, users } = await openPastedAnchor();
try {
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
    if (flag('window')) {
      await page.waitForTimeout(1000);
      const profiles = [];
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      for (let i = 0; i < edits; i++) {
        await cdp.send('Profiler.start');
        times.push(
          await handle.evaluate(async (el, v) => {
            el.value = String(v);
            return new Promise((resolve) =>
              requestAnimationFrame(() => {
                const t0 = performance.now();
                el.dispatchEvent(new Event('change', { bubbles: true }));
                setTimeout(() => resolve(performance.now() - t0), 0);
              }),
            );
          }, 1000 * (i + start) * 3600),
        );
        profiles.push((await cdp.send('Profiler.stop')).profile);
        // Less than the autosave's 400 ms debounce, as workspace.mjs: no save starts (on a
        // loaded machine the DevTools round trips add to it: `--gap` shortens it).
        await page.waitForTimeout(Number(arg('gap', 250)));
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`perf_${size}: ${edits} edits, each profiled from its frame's start to a task after it`);
      console.log(`edit, frame-aligned: ${sorted.map((t) => t.toFixed(0)).join(' ')} ms`);
      reportProfile(profiles, arg('callers', null), edits, 'edit');
      await browser.close();
      process.exit();
    }
    run = async () => {
      for (let i = 0; i < edits; i++) {
        times.push(
          await handle.evaluate(async (el, v) => {
            el.value = String(v);
            const t0 = performance.now();
            el.dispatchEvent(new Event('change', { bubbles: true }));
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
            return performance.now() - t0;
          }, 1000 * (i + start) * 3600),
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
  // One profile, or (`--window`) one per edit, summed.
  const all = [profile].flat().map((p) => profileTimes(p, { callersOf, depth: 8, width: 100 }));
  const sum = (k) => {
    const m = new Map();
    for (const r of all) for (const [name, t] of r[k]) m.set(name, (m.get(name) ?? 0) + t);
    return m;
  };
  const total = all.reduce((a, r) => a + r.total, 0);
  const [self, inclusive, owners, callers] = ['self', 'inclusive', 'owners', 'callers'].map(sum);
  console.log(`\nCPU profile: ${(total / units).toFixed(1)} ms sampled per ${unit}; self time per ${unit}:`);
  printTop(self, units, { n: top });
  const ours = new RegExp(arg('ours', 'fairshare|leptos|reactive_graph|tachys'));
  console.log(`\ninclusive time per ${unit} of the app's and engine's functions:`);
  printTop(inclusive, units, { n: top, filter: ours });
  console.log(`\nscript time per ${unit} by the innermost app or engine function on its stack:`);
  printTop(owners, units, { n: top });
  if (callersOf) {
    console.log(`\ncallers of ${callersOf}:`);
    printTop(callers, units, { n: 8, width: 2000 });
  }
}

/** `--trace`: total duration of complete events per thread and name (nested events overlap). */
function reportTrace(events, units, unit) {
  // What each layout had to do (CPU-independent): objects dirty of the total, per layout.
  const layouts = events.filter((e) => e.name === 'Layout' && e.ph === 'X' && e.args?.beginData);
  if (layouts.length) {
    const sum = (f) => layouts.reduce((a, e) => a + (f(e) ?? 0), 0);
    const dirty = sum((e) => e.args.beginData.dirtyObjects);
    const total = sum((e) => e.args.beginData.totalObjects);
    const partial = layouts.filter((e) => e.args.beginData.partialLayout).length;
    console.log(
      `layouts: ${(layouts.length / units).toFixed(1)} per ${unit}, ${(dirty / units).toFixed(0)} dirty of ` +
        `${(total / units).toFixed(0)} layout objects per ${unit}, ${partial} of ${layouts.length} partial`,
    );
  }
  // Layouts forced by script (a read of the layout while it was dirty), by the JS that read it.
  const forced = new Map();
  for (const e of layouts) {
    const st = e.args.beginData.stackTrace;
    if (!st?.length) continue;
    const key = st.slice(0, 14).map((f) => `${f.functionName || '?'}@${path.basename(f.url)}:${f.lineNumber}`).join(' < ');
    const v = forced.get(key) ?? { n: 0, ms: 0 };
    v.n += 1;
    v.ms += (e.dur ?? 0) / 1000;
    forced.set(key, v);
  }
  for (const [k, v] of [...forced].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) {
    console.log(`  forced layout: ${(v.n / units).toFixed(1)} per ${unit}, ${(v.ms / units).toFixed(2)} ms per ${unit}: ${k.slice(0, 2400)}`);
  }
  const styles = events.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X' && e.args?.elementCount !== undefined);
  if (styles.length) {
    const n = styles.reduce((a, e) => a + e.args.elementCount, 0);
    console.log(`style recalcs: ${(n / units).toFixed(0)} elements restyled per ${unit}`);
  }
  console.log(`trace: total ms per ${unit} by thread and event:`);
  printTop(traceTotals(events), units, { n: top, width: Infinity });
}
