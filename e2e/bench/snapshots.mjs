// Browser benchmark of snapshots over time (run by hand; not part of `npx playwright test`):
// issue 21's figures. For each anchor tree (perf_<size>.json.gz from the perf directory, by
// default the shared perf folder beside the project), two days are published as `sshare -a -l -P`
// text into dist/ (e2e/fixtures/timeline.mjs: decay, jobs, leavers, newcomers), then in headless
// Chromium at 1440x900 on the release dist/:
//   1. open ?src=day1&before=day0: the time from navigation to the page saying the comparison
//      (both fetched, imported, matched by name and ranked);
//   2. open ?timeline=timeline.txt (the same two days): the time to the Timeline region;
//   3. the transition: the scrubber moved to the older day and back, `--moves` times timed each
//      of two ways (p50, p95): from the input event to the first frame after the page shows the
//      other day, and frame-aligned: the input event dispatched at the start of a frame (in a
//      requestAnimationFrame callback) to a setTimeout(0) queued there, which runs after that
//      frame's paint (the budget's measure: the main thread's cost of the step); and the tree
//      cards in the DOM (only those in view are drawn, so only they move);
//   4. the before→after animation: after each step, every frame until the cards' glide ends
//      (the step's own frame left out): how many took over 20 ms, and the longest; and the DOM
//      changes each step makes (a MutationObserver's count: CPU-independent).
// Timings are printed, never asserted. With `--profile`, the steps run under DevTools' sampling
// profiler and the functions with the most self time per step are printed (build without
// wasm-opt into another dist for names: an index-prof.html with data-wasm-opt="0"). With
// `--trace`, a DevTools timeline trace instead: every main-thread task over 50 ms during the
// steps and glides, with what ran in it (where a long glide frame comes from).
//
//   trunk build --release --locked && node e2e/bench/snapshots.mjs [--sizes 10k,100k]
//       [--perf DIR] [--port 8879] [--moves 10] [--dist dist] [--profile] [--top 30]
//       [--reuse] (the days published by an earlier run) [--steps-only] (no src=+before= load)
//       [--select] (the first user card in view selected before the steps) [--trace]
//       [--me ACCOUNT/USER] (that user selected on open: the chart follows them)
//       [--callers NAME] (with --profile: the call chains above functions named NAME)
//       [--callees NAME] (with --profile: the functions NAME calls, by inclusive time)
//       [--css '<rules>'] (a style sheet added before the steps)
//       [--layouts] (with --trace: each frame-aligned step's layouts, how many objects dirty,
//       and the script that forced one) [--scripts] (with --trace: each step's script events)
//       [--save] (with --profile: the autosave's functions listed with the rest)
//       [--detail] (the DOM changes per step by where they land: region, tag and class; a
//       write of the value already there is marked `(same)`)
//       [--invalidations] (with --trace: what each frame-aligned step invalidates for style and
//       layout, by node and Blink's reason)
//       [--step-profile] (a CPU profile of each frame-aligned step alone, from its input event to
//       after its frame: console.profile around the step; a no-wasm-opt dist names functions)
//       [--trace-file PATH] (with --trace: the trace saved, for DevTools' Performance panel)
//       [--profiles-file FILE] (with --step-profile: those profiles written to FILE as JSON)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { arg, flag, launchChromium, pct, printTop, profileTimes, root, serve, startRecording } from './common.mjs';
import { publishDays } from '../fixtures/timeline.mjs';

const sizes = arg('sizes', '10k,100k').split(',');
const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));
const port = Number(arg('port', 8879));
const moves = Number(arg('moves', 10));
const distName = arg('dist', 'dist');
const dist = path.resolve(root, distName);
const profile = flag('profile');
const trace = flag('trace');
/** How long the cards glide (style/main.css --ft-duration-move) plus a frame or two. */
const GLIDE_MS = 450;

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
  // --me ACCOUNT/USER: that user selected on open (me=), as someone asking "why did I move?"
  // has: the Timeline chart and the panels follow them through the steps.
  const me = arg('me', null);
  await page.goto(`${base}/?timeline=${dir}/timeline.txt${me ? `&me=${encodeURIComponent(me)}` : ''}`);
  const scrubber = page.getByRole('slider', { name: 'Moment' });
  await scrubber.waitFor({ timeout: 600_000 });
  const timeline = Date.now() - t0;

  // A style sheet added after loading: a style change (containment) measured without a build.
  if (arg('css', null)) await page.addStyleTag({ content: arg('css', null) });
  if (flag('select')) {
    // A user selected, as someone asking "why did I move?" has: the panels follow them.
    const user = page.locator('[role="treeitem"][data-kind="user"]').first();
    if (await user.count()) await user.click();
    else console.log('--select: no user card in view');
  }
  const times = { event: [], aligned: [] };
  let late = 0;
  const order = [];
  const frames = [];
  const mutations = [];
  const stepProfile = flag('step-profile');
  const cdp = profile || trace || stepProfile ? await page.context().newCDPSession(page) : null;
  // --invalidations: Blink's invalidation tracking too (which nodes each step dirties, and why).
  const extra = flag('invalidations') ? ',disabled-by-default-devtools.timeline.invalidationTracking' : '';
  const stop = profile || trace ? await startRecording(cdp, trace, extra) : null;
  // --step-profile: a CPU profile of each frame-aligned step alone (console.profile around it).
  const stepProfiles = [];
  if (stepProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    cdp.on('Profiler.consoleProfileFinished', (e) => stepProfiles.push(e.profile));
  }
  // Moves alternate between the older and the newer day. Each pair of moves is timed one way,
  // the next pair the other: `event` (the input event at any moment → the first frame after
  // the page shows the other day: includes up to a frame of waiting for that frame) and
  // `aligned` (the input event dispatched at the start of a frame, in a requestAnimationFrame
  // callback, → a setTimeout(0) queued there, which runs after that frame's paint: the main
  // thread's cost of the step, judged against the frame budget). A step not shown by that
  // frame is counted as late and timed to the first frame after it is shown.
  for (let i = 0; i < 2 * moves; i += 1) {
    const to = i % 2 === 0 ? 0 : 1;
    const aligned = i % 4 >= 2;
    const { step, shownInFrame, glide, dom: changed } = await page.evaluate(
        ([to, glideMs, aligned, detail, profiled]) =>
          new Promise((resolve) => {
            const input = document.querySelector('input[type="range"][aria-label="Moment"]');
            const status = document.querySelector('[data-timeline-status]');
            const before = status.textContent;
            // DOM work of the step, counted (CPU-independent): nodes added or removed, other changes.
            const dom = { nodes: 0, other: 0, where: {} };
            const where = (node) => {
              const t = node.nodeType === 1 ? node : node.parentElement;
              let region = '(page)';
              for (let e = t; e; e = e.parentElement) {
                const label = e.getAttribute('aria-label');
                if (label && (e.getAttribute('role') === 'region' || e.tagName === 'SECTION')) {
                  region = label;
                  break;
                }
              }
              return `${region}: <${t?.tagName.toLowerCase()} ${t?.getAttribute('class') ?? ''}>`;
            };
            const count = (records) => {
              for (const r of records) {
                const n = r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1;
                if (r.type === 'childList') dom.nodes += n;
                else dom.other += 1;
                if (detail) {
                  // A write of the value already there (a change for nothing) is marked `(same)`.
                  const now = r.type === 'attributes' ? r.target.getAttribute(r.attributeName) : r.target.nodeValue;
                  const same = r.type !== 'childList' && r.oldValue === now ? ' (same)' : '';
                  const k = `${where(r.target)} ${r.type === 'attributes' ? r.attributeName : r.type}${same}`;
                  dom.where[k] = (dom.where[k] ?? 0) + n;
                }
              }
            };
            const observer = new MutationObserver(count);
            observer.observe(document.body, {
              subtree: true, childList: true, attributes: true, characterData: true,
              attributeOldValue: detail, characterDataOldValue: detail,
            });
            let start = 0;
            const move = () => {
              if (profiled) console.profile('step');
              console.timeStamp('step-start');
              start = performance.now();
              input.value = String(to);
              input.dispatchEvent(new Event('input', { bubbles: true }));
            };
            // After the step is timed: every frame of the glide (the step's own frame left out).
            const glideFrom = (step, shownInFrame) => {
              count(observer.takeRecords());
              observer.disconnect();
              requestAnimationFrame((t0) => {
                const glide = [];
                let last = t0;
                const next = (t) => {
                  glide.push(t - last);
                  last = t;
                  if (t - t0 < glideMs) requestAnimationFrame(next);
                  else resolve({ step, shownInFrame, glide, dom });
                };
                requestAnimationFrame(next);
              });
            };
            // Waits, frame by frame, until the page shows the other day, then times the step to
            // after the next frame (`then` runs in a setTimeout(0) queued in that frame's callback
            // when `afterPaint`, else in the callback itself).
            const whenShown = (afterPaint, then) => {
              const wait = () => {
                if (status.textContent === before) return requestAnimationFrame(wait);
                requestAnimationFrame(() => (afterPaint ? setTimeout(then, 0) : then()));
              };
              wait();
            };
            if (!aligned) {
              move();
              whenShown(false, () => glideFrom(performance.now() - start, null));
            } else {
              requestAnimationFrame(() => {
                move();
                setTimeout(() => {
                  const t = performance.now() - start;
                  if (profiled) console.profileEnd('step');
                  if (status.textContent !== before) glideFrom(t, true);
                  else whenShown(true, () => glideFrom(performance.now() - start, false));
                }, 0);
              });
            }
          }),
        [to, GLIDE_MS, aligned, flag('detail'), stepProfile && aligned],
      );
    (aligned ? times.aligned : times.event).push(step);
    order.push({ aligned, step });
    if (shownInFrame === false) late += 1;
    frames.push(...glide);
    mutations.push(changed);
  }
  if (stepProfiles.length) reportStepProfiles(stepProfiles);
  // --profiles-file FILE: the frame-aligned steps' CPU profiles as JSON (for reading by hand).
  if (stepProfiles.length && arg('profiles-file', null)) fs.writeFileSync(arg('profiles-file', null), JSON.stringify(stepProfiles));
  if (stop) {
    const { profile: cpu, events } = await stop();
    if (cpu) reportProfile(cpu, 2 * moves);
    else reportTrace(events, order);
    // --trace-file PATH: the trace saved, for DevTools' Performance panel.
    if (!cpu && arg('trace-file', null)) fs.writeFileSync(arg('trace-file', null), JSON.stringify({ traceEvents: events }));
  }
  const slow = frames.filter((f) => f > 20).length;
  const longest = Math.max(...frames);
  const cards = await page.locator('[role="tree"] [role="treeitem"]').count();
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  const [e, a] = [times.event, times.aligned];
  rows.push({
    size, pair, timeline, p50: pct(e, 50), p95: pct(e, 95), alignedP50: pct(a, 50), alignedP95: pct(a, 95), late,
    cards, dom, glideFrames: frames.length, slow, longest,
  });
  const loaded = Number.isNaN(pair) ? '' : `src+before ${ms(pair)}; `;
  console.log(`${size}: ${loaded}timeline= ${ms(timeline)}; treeitems ${cards}, DOM ${dom}`);
  console.log(
    `${size}: scrubber step (${e.length} + ${a.length} steps): input → the next frame p50 ${ms(pct(e, 50))}, p95 ${ms(pct(e, 95))}; ` +
      `frame-aligned (input at a frame's start → after its paint) p50 ${ms(pct(a, 50))}, p95 ${ms(pct(a, 95))}, ` +
      `${late} of ${a.length} not shown by that frame`,
  );
  console.log(`${size}: glide after a step: ${slow} of ${frames.length} frames over 20 ms, longest ${ms(longest)}`);
  if (flag('detail')) {
    const where = {};
    for (const m of mutations) for (const [k, n] of Object.entries(m.where)) where[k] = (where[k] ?? 0) + n;
    for (const [k, n] of Object.entries(where).sort((a, b) => b[1] - a[1])) {
      console.log(`${(n / mutations.length).toFixed(1).padStart(8)}  ${k}`);
    }
  }
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

/** --step-profile: the frame-aligned steps' own CPU profiles (the script of the step alone). */
function reportStepProfiles(profiles) {
  const top = Number(arg('top', 30));
  const callersOf = arg('callers', null);
  const calleesOf = arg('callees', null);
  const merged = { self: new Map(), inclusive: new Map(), owners: new Map(), callers: new Map(), callees: new Map() };
  for (const p of profiles) {
    const t = profileTimes(p, { callersOf, calleesOf, depth: 10, width: 110 });
    for (const k of Object.keys(merged)) for (const [n, v] of t[k]) merged[k].set(n, (merged[k].get(n) ?? 0) + v);
  }
  const n = profiles.length;
  // --below NAME: the functions just below one whose full (hashed) name contains NAME, two deep.
  const below = arg('below', null);
  if (below) {
    const under = new Map();
    for (const p of profiles) {
      const byId = new Map(p.nodes.map((x) => [x.id, x]));
      const parent = new Map();
      for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
      p.samples.forEach((id, i) => {
        const stack = [];
        for (let q = id; q; q = parent.get(q)) stack.push(byId.get(q).callFrame.functionName);
        const at = stack.findLastIndex((f) => f.includes(below));
        if (at < 0) return;
        const k = stack.slice(Math.max(0, at - 3), at).reverse().map((f) => f.slice(0, 120)).join(' > ') || '(self)';
        under.set(k, (under.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
      });
    }
    console.log(`below ${below} (per step):`);
    printTop(under, n, { n: top, width: 400 });
  }
  console.log(`the frame-aligned steps' own profiles (${n}), self time per step:`);
  printTop(merged.self, n, { n: top, filter: /^(?!\(idle\))/ });
  console.log('inclusive, the app and engine:');
  printTop(merged.inclusive, n, { n: top, filter: /fairshare|leptos|reactive_graph|tachys/ });
  console.log('by the innermost app or engine function on the stack:');
  printTop(merged.owners, n, { n: top });
  if (calleesOf) {
    console.log(`what ${calleesOf} calls (inclusive, per step):`);
    printTop(merged.callees, n, { n: top });
  }
  if (callersOf) {
    console.log(`callers of ${callersOf} (inclusive, per step):`);
    printTop(merged.callers, n, { n: top, width: 2000 });
  }
}

/** Self time per function in the sampled CPU profile, per step, and the app's inclusive times. */
function reportProfile(profile, steps) {
  const top = Number(arg('top', 30));
  const callersOf = arg('callers', null);
  const calleesOf = arg('callees', null);
  // The debounced autosave runs once after each step (inside the next glide): counted apart.
  let saving = 0;
  const { self, inclusive, owners, callers, callees } = profileTimes(profile, {
    callersOf,
    calleesOf,
    depth: 10,
    width: 110,
    skip: (stack, t) => {
      const save = ['Shell::flush', 'flush_if_pending', 'save_in_slices'];
      if (!stack.some((f) => save.some((s) => f.includes(s)))) return false;
      saving += t;
      // With --save, the save's functions are listed too.
      return !flag('save');
    },
  });
  const print = (map, filter, width = 150) => printTop(map, steps, { n: top, width, filter });
  console.log(`the autosave (chrome::start::Shell::flush): ${(saving / steps).toFixed(2)} ms per step; the rest:`);
  console.log(`self time per step (${steps} steps, the glides included):`);
  print(self, /./);
  console.log('inclusive time per step, the app and engine:');
  print(inclusive, /fairshare|leptos|reactive_graph|tachys/);
  console.log('script time per step by the innermost app or engine function on its stack:');
  print(owners, /./);
  if (calleesOf) {
    console.log(`what ${calleesOf} calls (inclusive, per step):`);
    print(callees, /./);
  }
  if (callersOf) {
    console.log(`callers of ${callersOf} (inclusive, per step):`);
    print(callers, /./, 2000);
  }
}

/**
 * From a timeline trace: each main-thread task over 50 ms, in ms after the step it follows,
 * with the events inside it that took 5 ms or more (what ran: an idle callback, a timer, a
 * frame's callbacks, style, layout, paint).
 */
function reportTrace(events, order) {
  const starts = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'step-start');
  if (!starts.length) return console.log('no step markers in the trace');
  const main = `${starts[0].pid}:${starts[0].tid}`;
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  // Each frame-aligned step: where the main thread's time went from the input to after that
  // frame's paint (the time measured): script (outermost calls), style, layout, paint, commit.
  const kinds = {
    script: ['EventDispatch', 'FunctionCall', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame'],
    style: ['UpdateLayoutTree'],
    layout: ['Layout'],
    paint: ['PrePaint', 'Paint', 'Layerize'],
    commit: ['Commit'],
  };
  // The idle periods' work during the steps and glides (the autosave, the slider's ticks, the
  // frees `drop_later` defers): callbacks and their main-thread CPU (tdur), per step.
  const idle = on.filter((e) => e.name === 'FireIdleCallback' && e.ts >= starts[0].ts);
  const idleCpu = idle.reduce((a, e) => a + (e.tdur ?? e.dur), 0) / 1000;
  const longest = idle.reduce((a, e) => Math.max(a, (e.tdur ?? e.dur) / 1000), 0);
  console.log(
    `idle callbacks: ${(idle.length / starts.length).toFixed(1)} a step, CPU ${(idleCpu / starts.length).toFixed(1)} ms a step, ` +
      `the longest ${longest.toFixed(1)} ms`,
  );
  const sums = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const cpus = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  starts.forEach((s, k) => {
    const { aligned, step } = order[k] ?? {};
    if (!aligned) return;
    const end = s.ts + step * 1000;
    const inside = on.filter((e) => e.ts >= s.ts && e.ts <= end);
    const parts = [];
    for (const [kind, names] of Object.entries(kinds)) {
      const mine = inside.filter((e) => names.includes(e.name));
      // Outermost only: an event inside another of its kind is counted once.
      const outer = mine.filter((e) => !mine.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
      const ms = outer.reduce((a, e) => a + e.dur, 0) / 1000;
      // The main thread's CPU time (tdur): what the step costs whatever else the machine runs.
      const cpu = outer.reduce((a, e) => a + (e.tdur ?? e.dur), 0) / 1000;
      sums[kind].push(ms);
      cpus[kind].push(cpu);
      parts.push(`${kind} ${ms.toFixed(1)} (cpu ${cpu.toFixed(1)})`);
    }
    console.log(`step ${k + 1} (frame-aligned, ${step.toFixed(1)} ms): ${parts.join(', ')} ms`);
    if (flag('scripts')) {
      // Each script event of the step (outermost), with what ran: where the script time goes.
      const mine = inside.filter((e) => kinds.script.includes(e.name));
      const outer = mine.filter((e) => !mine.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
      for (const e of outer) {
        const d = e.args?.data ?? {};
        const what = d.type || d.functionName || d.url?.split('/').pop() || '';
        console.log(`    ${e.name} ${what} at +${((e.ts - s.ts) / 1000).toFixed(1)} ms: ${(e.dur / 1000).toFixed(1)} ms (cpu ${((e.tdur ?? e.dur) / 1000).toFixed(1)})`);
      }
    }
    if (flag('invalidations')) {
      // The nodes the step invalidated for layout and style, by node and reason (counts).
      const all = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ts >= s.ts && e.ts <= end);
      const seen = {};
      for (const e of all) {
        if (!/InvalidationTracking/.test(e.name)) continue;
        const d = e.args?.data ?? {};
        const why = d.reason || d.invalidationSet?.id || d.changedAttribute || d.changedClass || d.changedId || d.changedPseudo || '';
        const k = `${e.name.replace('InvalidationTracking', '')} ${d.nodeName ?? '?'} ${why}`;
        seen[k] = (seen[k] ?? 0) + 1;
      }
      for (const [k, n] of Object.entries(seen).sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        console.log(`    ${String(n).padStart(5)}  ${k}`);
      }
    }
    if (flag('layouts')) {
      for (const e of inside.filter((e) => e.name === 'Layout')) {
        const b = e.args?.beginData ?? {};
        // Forced by script (a read of the layout while it was dirty): the JS that read it.
        const st = b.stackTrace?.length
          ? `; forced by ${b.stackTrace.slice(0, 6).map((f) => f.functionName || '?').join(' < ')}`
          : '';
        console.log(`    layout ${(e.dur / 1000).toFixed(1)} ms: ${b.dirtyObjects} of ${b.totalObjects} objects dirty, partial ${b.partialLayout}${st}`);
      }
    }
  });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const total = (m) => Object.values(m).reduce((a, xs) => a + median(xs), 0);
  console.log(`medians of the frame-aligned steps: ${Object.entries(sums).map(([k, xs]) => `${k} ${median(xs).toFixed(1)}`).join(', ')} ms (sum ${total(sums).toFixed(1)})`);
  console.log(`  main-thread CPU time: ${Object.entries(cpus).map(([k, xs]) => `${k} ${median(xs).toFixed(1)}`).join(', ')} ms (sum ${total(cpus).toFixed(1)})`);
  const tasks = on.filter((e) => e.name === 'RunTask' && e.dur > 50_000 && e.ts >= starts[0].ts);
  console.log(`main-thread tasks over 50 ms during the steps: ${tasks.length}`);
  for (const t of tasks) {
    const k = starts.filter((s) => s.ts <= t.ts).length;
    const since = (t.ts - starts[k - 1].ts) / 1000;
    console.log(`  step ${k} + ${since.toFixed(0)} ms: a task of ${(t.dur / 1000).toFixed(0)} ms`);
    for (const e of on) {
      if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur || e.dur < 5_000) continue;
      const what = e.args?.data?.functionName || e.args?.data?.type || e.args?.data?.url || '';
      console.log(`    +${((e.ts - t.ts) / 1000).toFixed(0)} ms ${e.name} ${(e.dur / 1000).toFixed(1)} ms ${what}`.trimEnd());
    }
  }
}
