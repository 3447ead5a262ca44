// Browser benchmark of the ranking animation (run by hand; not part of `npx playwright test`).
//
//   trunk build --release --locked && node e2e/bench/player-frames.mjs [--size 500] [--seconds 8]
//       [--dist dist] [--port 8877] [--anchor 10k [--perf DIR]] (a perf anchor pasted instead of
//       a generated tree; no cargo build) [--steps 200] (phase 4's steps)
//       [--css '<rules>'] (a style sheet added before the phases) [--only-aligned] (phase 4 alone)
//       [--per-step] (phase 4: each step's time, its DOM changes by region (nodes added or
//       removed, attribute or text changes: CPU-independent) and the narration's first words,
//       and the totals of the steps over 16 ms against the rest, and the steps by kind: building
//       or dropping tree entries, rewriting the player's group table, both, neither)
//       [--trace] (phase 4 under a DevTools timeline trace: each step's layouts (forced by script,
//       objects dirty), style recalculations (elements), scroll events and main-thread CPU
//       time (tdur, load-independent), and their means; [--layouts] prints each layout and
//       the script that forced it; [--trace-file PATH] saves the trace; [--invalidations] lists
//       what each step marked for layout, by node and reason)
//
// It generates a tree with the engine's generator (an ignored Rust test writes the scenario
// JSON), opens the built app from dist/ with that scenario in the URL fragment (the share-link
// format: #scenario=<base64url JSON>), and measures requestAnimationFrame deltas in Chromium:
//   1. playing at 4x, one stop per visit or comparison (a step every 225 ms);
//   2. the worst case: one step per animation frame (ArrowRight on every frame);
//   3. scrubbing the Step slider across the whole walk, one position per frame;
//   4. stepping, frame-aligned (issue 24 §5: a step of the walk within 16 ms): ArrowRight
//      dispatched at the start of a frame (in a requestAnimationFrame callback), timed to a
//      setTimeout(0) queued there, which runs after that frame's paint: the main thread's cost
//      of one step (p50, p95, and how many took over 16 ms).
// For each phase it prints the median, p95 and max frame time, the share of frames over 20 ms
// and, for 1, the frame that contains each step. 60 fps means frames of about 16.7 ms.
import fs from 'node:fs';
import path from 'node:path';
import { arg, flag, launchChromium, openPlayer, root, scenarioFragment, serve, startRecording } from './common.mjs';

const anchor = arg('anchor', null);
const size = Number(arg('size', 500));
// The tree travels in the URL fragment, which Chromium caps at 2 MB; the 100k anchor is measured
// by workspace.mjs, which pastes it.
if (!anchor && size > 20000) {
  console.error('player-frames.mjs: --size above 20000 does not fit a URL; use workspace.mjs --sizes 100k');
  process.exit(2);
}
const seconds = Number(arg('seconds', 8));
const port = Number(arg('port', 8877));

// 1. The scenario, from the engine's generator; 2. a static server for dist/, and Chromium.
const fragment = anchor ? null : scenarioFragment(size);
await serve(path.resolve(root, arg('dist', 'dist')), port);
const browser = await launchChromium();

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const player = await openPlayer(page, port, anchor, fragment);
  const nItems = await page.locator('[role="treeitem"]').count();
  const nSteps = Number(await player.getByRole('slider', { name: 'Step' }).getAttribute('max'));
  console.log(`tree: ${anchor ? `perf_${anchor} pasted` : `${size} associations generated`}, ${nItems} treeitems on the page, ${nSteps} steps`);
  await player.getByRole('radio', { name: 'One step per visit or comparison' }).check();
  // 4×: a select before session 26, a slider since (the sixth stop); benches compare both.
  const select = player.getByRole('combobox', { name: 'Speed' });
  if (await select.count()) await select.selectOption('4');
  else await player.getByRole('slider', { name: 'Speed' }).fill('5');
  await player.getByRole('button', { name: 'Restart' }).click();
  // After the controls are set (a style sheet may hide one of them).
  const css = arg('css', null);
  if (css) await page.addStyleTag({ content: css });

  if (!flag('only-aligned')) {
    // Phase 1: playing at 4x.
    await installProbe(page);
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    const playing = await measure(page, seconds * 1000);
    await player.getByRole('button', { name: 'Pause', exact: true }).click();
    report('playing at 4x (visit granularity)', playing);

    // Phase 2: one step per frame.
    await player.getByRole('button', { name: 'Restart' }).click();
    const perFrame = await page.evaluate(async (n) => {
      const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
      const deltas = [];
      let last = performance.now();
      for (let i = 0; i < n; i++) {
        region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return { deltas, stepFrames: [] };
    }, Math.min(nSteps, 600));
    report('one step per frame (ArrowRight each frame)', perFrame);

    // Phase 3: scrubbing the slider.
    const scrub = await page.evaluate(async (n) => {
      const slider = document.querySelector('[role="region"][aria-label="Ranking animation"] input[type="range"]');
      const deltas = [];
      let last = performance.now();
      for (let k = 0; k <= n; k += Math.max(1, Math.floor(n / 300))) {
        slider.value = String(k);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return { deltas, stepFrames: [] };
    }, nSteps);
    report('scrubbing the Step slider (one position per frame)', scrub);
  }

  // Phase 4: one step at a time, frame-aligned (the budget's measure), with a frame of rest
  // between steps so that each is timed alone.
  await player.getByRole('button', { name: 'Restart' }).click();
  const cdp = flag('trace') ? await page.context().newCDPSession(page) : null;
  const stop = cdp
    ? await startRecording(cdp, true, flag('invalidations') ? ',disabled-by-default-devtools.timeline.invalidationTracking' : '')
    : null;
  const { times, changes } = await page.evaluate(async ({ n, perStep }) => {
    const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
    const times = [];
    const changes = [];
    // --per-step: the DOM changes of each step, by region (a MutationObserver's records).
    let seen = null;
    const count = (records) => {
      for (const r of records) {
        const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const where = t?.closest('[role="region"]')?.getAttribute('aria-label') ?? '(page)';
        const c = (seen[where] ??= { nodes: 0, other: 0 });
        if (r.type === 'childList') c.nodes += r.addedNodes.length + r.removedNodes.length;
        else c.other += 1;
      }
    };
    const observer = perStep ? new MutationObserver(count) : null;
    observer?.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    for (let i = 0; i < n; i++) {
      seen = {};
      times.push(
        await new Promise((resolve) =>
          requestAnimationFrame(() => {
            const start = performance.now();
            console.timeStamp('step-start');
            region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
            setTimeout(() => {
              console.timeStamp('step-end');
              resolve(performance.now() - start);
            }, 0);
          }),
        ),
      );
      if (observer) {
        count(observer.takeRecords());
        const said = region.querySelector('[role="status"]')?.textContent ?? '';
        changes.push({ seen, said: said.slice(0, 60) });
      }
      await new Promise(requestAnimationFrame);
    }
    observer?.disconnect();
    return { times, changes };
  }, { n: Math.min(nSteps, Number(arg('steps', 200))), perStep: flag('per-step') });
  const aligned = times;
  if (flag('per-step')) reportPerStep(times, changes);
  if (stop) {
    const { events } = await stop();
    // --trace-file PATH: the trace saved, for DevTools' Performance panel.
    if (arg('trace-file', null)) fs.writeFileSync(arg('trace-file', null), JSON.stringify({ traceEvents: events }));
    reportTrace(events, times);
  }
  const sorted = [...aligned].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  console.log('\none step, frame-aligned (ArrowRight at a frame\'s start → after its paint)');
  console.log(
    `  ${aligned.length} steps: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, ` +
      `max ${sorted[sorted.length - 1].toFixed(1)} ms, ${aligned.filter((t) => t > 16).length} over 16 ms`,
  );

  if (errors.length) console.log('page errors:', errors);
} finally {
  await browser.close();
  // The static server is a child process: end it with us.
  process.exit();
}

/** `--per-step`: each step's time and DOM changes by region, then the mean changes of the steps
 * over 16 ms and of the others. */
function reportPerStep(times, changes) {
  const line = (seen) =>
    Object.entries(seen)
      .map(([where, c]) => `${where}: ${c.nodes} nodes, ${c.other} changes`)
      .join('; ');
  console.log('\nper step: ms, DOM changes by region, narration');
  times.forEach((t, i) => console.log(`  ${String(i + 1).padStart(3)} ${t.toFixed(1).padStart(6)}  ${line(changes[i].seen)}  | ${changes[i].said}`));
  for (const [label, pick] of [['over 16 ms', (t) => t > 16], ['the rest', (t) => t <= 16]]) {
    const picked = changes.filter((_, i) => pick(times[i]));
    const sum = {};
    for (const { seen } of picked)
      for (const [where, c] of Object.entries(seen)) {
        const s = (sum[where] ??= { nodes: 0, other: 0 });
        s.nodes += c.nodes;
        s.other += c.other;
      }
    const mean = Object.fromEntries(
      Object.entries(sum).map(([w, c]) => [w, { nodes: (c.nodes / picked.length).toFixed(1), other: (c.other / picked.length).toFixed(1) }]),
    );
    console.log(`  ${label} (${picked.length} steps), mean per step: ${line(mean)}`);
  }
  // By kind: whether the step built or dropped tree entries (nodes added to or removed from the
  // tree's region) and whether it rewrote the player's group table (over 50 other changes in
  // the player's region: a sort, a Level FS computation or a return to the parent rewrites its
  // rows; the other steps change 5 to 31). Session 26 (pool26): the steps that do both are the
  // p95's core.
  const tree = (c) => (c.seen['Association tree']?.nodes ?? 0) > 0;
  const table = (c) => (c.seen['Ranking animation']?.other ?? 0) > 50;
  console.log('  by kind: steps, median ms, over 16 ms');
  for (const [label, pick] of [
    ['tree entries and the table', (c) => tree(c) && table(c)],
    ['tree entries only', (c) => tree(c) && !table(c)],
    ['the table only', (c) => !tree(c) && table(c)],
    ['neither', (c) => !tree(c) && !table(c)],
  ]) {
    const ts = times.filter((_, i) => pick(changes[i])).sort((a, b) => a - b);
    const median = ts.length ? ts[Math.floor(ts.length / 2)].toFixed(1) : '-';
    console.log(`    ${label}: ${ts.length}, ${median}, ${ts.filter((t) => t > 16).length}`);
  }
}

/**
 * `--trace`: for each frame-aligned step (between its `step-start` and `step-end` marks on the
 * main thread), the layouts (those forced by script: a read of layout while it was dirty), the
 * objects they laid out, the style recalculations and the elements they styled, the scroll
 * events, and the main thread's CPU time (tdur); then the means over the steps over 16 ms and
 * the rest. Counts do not depend on the machine's load; CPU time depends little.
 */
function reportTrace(events, times) {
  const marks = events.filter((e) => e.name === 'TimeStamp' && /^step-(start|end)$/.test(e.args?.data?.message ?? ''));
  if (!marks.length) return console.log('no step markers in the trace');
  const main = `${marks[0].pid}:${marks[0].tid}`;
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main && (e.ph === 'X' || e.ph === 'I' || e.ph === 'i')).sort((a, b) => a.ts - b.ts);
  const starts = marks.filter((e) => e.args.data.message === 'step-start').sort((a, b) => a.ts - b.ts);
  const ends = marks.filter((e) => e.args.data.message === 'step-end').sort((a, b) => a.ts - b.ts);
  const rows = [];
  starts.forEach((s, k) => {
    const end = ends.find((e) => e.ts >= s.ts)?.ts ?? s.ts;
    // What the step caused up to the next step: the frame of rest after it too (the camera
    // follows the walk in the next animation frame).
    const until = starts[k + 1]?.ts ?? end + 40_000;
    // (Not the task holding the next step's start: that is the next step.)
    const inside = on.filter((e) => e.ts >= s.ts && e.ts + (e.dur ?? 0) < until);
    const layouts = inside.filter((e) => e.name === 'Layout');
    const forced = layouts.filter((e) => e.args?.beginData?.stackTrace?.length);
    const dirty = layouts.reduce((a, e) => a + (e.args?.beginData?.dirtyObjects ?? 0), 0);
    const styles = inside.filter((e) => e.name === 'UpdateLayoutTree');
    const styled = styles.reduce((a, e) => a + (e.args?.elementCount ?? 0), 0);
    const scrolls = inside.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'scroll').length;
    // Whole-document layouts (Blink's `partialLayout` false: laid out from the document, not
    // from relayout boundaries), and the paint work (pre-paint, paint, layerize).
    const whole = layouts.filter((e) => e.args?.beginData?.partialLayout === false).length;
    // Outermost only: a layer's Paint event holds its descendant layers' (#document > HTML > …).
    const paintsAll = inside.filter((e) => ['PrePaint', 'Paint', 'Layerize'].includes(e.name));
    const paints = paintsAll.filter((e) => !paintsAll.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
    const cpuOf = (xs) => xs.reduce((a, e) => a + (e.tdur ?? e.dur), 0) / 1000;
    // The tasks of the measured part: the frame's task that holds the step's start, and every
    // task up to the timer after that frame's paint.
    const tasks = on.filter((e) => e.name === 'RunTask' && e.ts <= end && e.ts + e.dur >= s.ts);
    const cpu = cpuOf(tasks);
    const row = {
      layouts: layouts.length, forced: forced.length, dirty, styles: styles.length, styled, scrolls, cpu,
      layoutCpu: cpuOf(layouts), styleCpu: cpuOf(styles), whole, paintCpu: cpuOf(paints),
      restCpu: cpuOf(on.filter((e) => e.name === 'RunTask' && e.ts > end && e.ts + e.dur < until)),
    };
    rows.push(row);
    console.log(
      `  step ${String(k + 1).padStart(3)} ${(times[k] ?? NaN).toFixed(1).padStart(6)} ms: cpu ${cpu.toFixed(1)} ms ` +
        `(layout ${row.layoutCpu.toFixed(1)}, style ${row.styleCpu.toFixed(1)}, paint ${row.paintCpu.toFixed(1)}; after it ${row.restCpu.toFixed(1)}), ` +
        `${row.layouts} layouts (${row.forced} forced, ${whole} whole-document, ${dirty} objects dirty), ${row.styles} style recalcs (${styled} elements), ${scrolls} scroll events`,
    );
    if (flag('invalidations')) {
      // What the step marked for layout, by node and Blink's reason (counts).
      const seen = {};
      for (const e of events) {
        if (e.name !== 'LayoutInvalidationTracking' || `${e.pid}:${e.tid}` !== main || e.ts < s.ts || e.ts > until) continue;
        const d = e.args?.data ?? {};
        const k = `${d.nodeName ?? '?'} ${d.reason ?? ''}`;
        seen[k] = (seen[k] ?? 0) + 1;
      }
      for (const [k, n] of Object.entries(seen).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`      ${String(n).padStart(4)}  ${k}`);
    }
    if (flag('layouts'))
      for (const e of layouts) {
        const b = e.args?.beginData ?? {};
        const st = b.stackTrace?.length ? `; forced by ${b.stackTrace.slice(0, 6).map((f) => f.functionName || '?').join(' < ')}` : '';
        const when = e.ts <= end ? 'in the step' : 'after it';
        const roots = e.args?.endData?.layoutRoots?.length;
        console.log(`      layout ${when} ${(e.dur / 1000).toFixed(1)} ms (cpu ${((e.tdur ?? e.dur) / 1000).toFixed(1)}): ${b.dirtyObjects} of ${b.totalObjects} objects dirty, partial ${b.partialLayout}${roots != null ? `, ${roots} roots` : ''}${st}`);
      }
  });
  const mean = (xs, f) => (xs.length ? xs.reduce((a, r) => a + f(r), 0) / xs.length : NaN);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  for (const [label, pick] of [['all', () => true], ['over 16 ms', (i) => times[i] > 16], ['the rest', (i) => times[i] <= 16]]) {
    const xs = rows.filter((_, i) => pick(i));
    console.log(
      `  trace, ${label} (${xs.length} steps), mean per step: ${mean(xs, (r) => r.layouts).toFixed(2)} layouts, ` +
        `${mean(xs, (r) => r.forced).toFixed(2)} forced, ${mean(xs, (r) => r.whole).toFixed(2)} whole-document, ${mean(xs, (r) => r.dirty).toFixed(1)} objects dirty, ` +
        `${mean(xs, (r) => r.styles).toFixed(2)} style recalcs (${mean(xs, (r) => r.styled).toFixed(1)} elements), ` +
        `${mean(xs, (r) => r.scrolls).toFixed(2)} scroll events; step cpu median ${median(xs.map((r) => r.cpu)).toFixed(1)} ms, ` +
        `mean ${mean(xs, (r) => r.cpu).toFixed(1)} ms (layout ${mean(xs, (r) => r.layoutCpu).toFixed(1)}, style ${mean(xs, (r) => r.styleCpu).toFixed(1)}, paint ${mean(xs, (r) => r.paintCpu).toFixed(1)}), after it ${mean(xs, (r) => r.restCpu).toFixed(1)} ms`,
    );
  }
}

/** Records every animation frame's delta and marks the frames in which the narration changed. */
async function installProbe(page) {
  await page.evaluate(() => {
    const probe = { deltas: [], stepFrames: [], changed: false, running: true };
    window.__probe = probe;
    const status = document.querySelector('[role="region"][aria-label="Ranking animation"] [role="status"]');
    new MutationObserver(() => {
      probe.changed = true;
    }).observe(status, { childList: true, characterData: true, subtree: true });
    let last = performance.now();
    const frame = (now) => {
      const delta = now - last;
      last = now;
      probe.deltas.push(delta);
      if (probe.changed) {
        probe.stepFrames.push(delta);
        probe.changed = false;
      }
      if (probe.running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function measure(page, ms) {
  await page.waitForTimeout(ms);
  return page.evaluate(() => {
    window.__probe.running = false;
    const { deltas, stepFrames } = window.__probe;
    // The first delta spans the click; the next frame's change is its own.
    return { deltas: deltas.slice(1), stepFrames };
  });
}

function stats(values) {
  if (values.length === 0) return 'no frames';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const over = values.filter((v) => v > 20).length;
  return (
    `${values.length} frames: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, ` +
    `max ${sorted[sorted.length - 1].toFixed(1)} ms, ${((100 * over) / values.length).toFixed(1)}% over 20 ms`
  );
}

function report(title, { deltas, stepFrames }) {
  console.log(`\n${title}`);
  console.log(`  all frames:  ${stats(deltas)}`);
  if (stepFrames.length) console.log(`  step frames: ${stats(stepFrames)}`);
}
