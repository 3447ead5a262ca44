// Which frame paints a usage edit, and what runs between the change and that paint (run by
// hand; not part of `npx playwright test`).
//
//   node e2e/bench/edit-frames.mjs [--dist dist] [--size 1k|10k|100k] [--edits 5] [--port 8878]
//        [--aligned] [--tab 'Classic fairshare'] [--summary [--per-edit]] [--start 11]
//        [--css '<rules>'] [--roots] [--thread] [--gap 300] [--wait 1000] [--pairs]
//
// Loads `perf_<size>.json.gz` (the shared perf folder) as workspace.mjs does, selects the first
// user, and makes `--edits` Raw usage edits 300 ms apart under a DevTools timeline trace. For
// each edit it prints the main thread's top-level work from the change event to the second
// frame after it (tasks, animation frame callbacks, style/layout/paint, commits to the
// compositor; a layout with its objects dirty of the total), in ms from the change, so one sees
// whether the edit's DOM changes are painted by the first frame after the change or by a later
// one, and what runs in between. With
// `--aligned`, the change is dispatched inside a requestAnimationFrame callback and timed to a
// setTimeout(0) queued there (workspace.mjs's frame-aligned figure): the edit should then be
// painted by the frame it started in. `--tab` opens that side-panel tab first. With `--summary`,
// instead of the listing, each edit's main-thread work from the change to the end of the first
// frame painted after it (the first Commit) is summed by kind (script: the change event and
// function calls; style; layout, with its dirty objects and `full`, how many of its layouts were
// whole-document ones, not partial: some change outside every relayout boundary; pre-paint,
// paint, layerize, commit), and the medians and p95s over the edits are printed: the breakdown to
// compare two builds by under load (`--per-edit` also prints each edit's row; `--thread` sums
// each event's thread time, DevTools' `tdur`, instead of its wall time: the time the main thread
// ran, which another process taking the core does not lengthen). `--css` adds a
// style sheet after loading (a style change measured without a build, as edit-profile.mjs's).
// `--roots` (listing only) also prints what each edit invalidated for layout (Blink's
// LayoutInvalidationTracking: why, which node, and its nearest ancestors), to find which change
// makes a layout whole-document, and what was marked for a style recalc and why. In the summary, `event` and `effects` split the script into the
// change event's handler (the intent and the engine's edit) and what runs after it in the frame
// (the reactive effects, microtasks); `gc` is the garbage collection inside it; `npre`/`pre`
// count and time the idle callbacks and timers that ran between the change and the edit's
// first commit (deferred work that held its paint), `npost`/`post` those after the commit and
// before the measured end (they lengthen `measured`, not the paint). `--gap` is the time between
// one edit's end and the next change (300 ms; workspace.mjs's edits are about 130 ms apart).
// `--wait` is the time between opening the tab and the first edit (what a panel built in an idle
// period after the app mounts needs). Each change is stamped `edit-start` and each measured end `edit-end` in the trace.
// `--pairs` makes workspace.mjs's two edits per step (implies `--start 1`, `--gap 130` unless
// given): a frame-aligned one to 1000 × (k + start) × 3600 and then, unaligned (its `wait`
// figure), one to 3600 more; the summary then gives each kind its own rows. The two kinds are
// not the same edits: the first moves the user's account by millions of units and often changes
// the order of the root's list (the shown window moves), the second by 3,600 and rarely does.
// The summary's `frames` counts the frames committed between the change and the measured end
// (1: the timer ran right after the edit's frame; 2 or more: it waited for another frame).
import { arg, flag, firstUsersRawUsage, startRecording, openPastedAnchor, pct } from './common.mjs';

const edits = Number(arg('edits', 5));
const tab = arg('tab', null);
const aligned = flag('aligned');
const summary = flag('summary');
const thread = flag('thread');
// Milliseconds between one edit's measured end and the next change (workspace.mjs's edits are
// about 130 ms apart: two frames and 100 ms).
const pairs = flag('pairs');
const gap = Number(arg('gap', pairs ? 130 : 300));
// The k-th edit sets 1000 × (k + start) × 3600 (`--start 1`: workspace.mjs's values).
const start = Number(arg('start', pairs ? 1 : 11));
// Per measured edit: `frame` (dispatched at a frame's start) or `wait` (dispatched when the
// previous one settled, timed to a task after the next frame).
const kinds = [];

const { browser, page, size, users } = await openPastedAnchor();
try {
  const handle = await firstUsersRawUsage(page, users);
  if (arg('css', null)) await page.addStyleTag({ content: arg('css', null) });
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.waitForTimeout(Number(arg('wait', 1000)));
  const cdp = await page.context().newCDPSession(page);
  if (flag('roots')) await cdp.send('DOM.getDocument', { depth: -1 });
  const stop = await startRecording(cdp, true, flag('roots') ? ',disabled-by-default-devtools.timeline.invalidationTracking' : '');
  const measured = [];
  const plan = [];
  for (let i = 0; i < edits; i++) {
    const v = 1000 * (i + start) * 3600;
    plan.push([v, aligned || pairs]);
    if (pairs) plan.push([v + 3600, false]);
  }
  for (const [v, aligned] of plan) {
    kinds.push(aligned ? 'frame' : 'wait');
    measured.push(
      await handle.evaluate(async (el, [v, aligned, gap]) => {
        el.value = String(v);
        let t;
        if (aligned) {
          t = await new Promise((resolve) =>
            requestAnimationFrame(() => {
              console.timeStamp(`edit-start`);
              const t0 = performance.now();
              el.dispatchEvent(new Event('change', { bubbles: true }));
              setTimeout(() => {
                console.timeStamp('edit-end');
                resolve(performance.now() - t0);
              }, 0);
            }),
          );
        } else {
          console.timeStamp(`edit-start`);
          const t0 = performance.now();
          el.dispatchEvent(new Event('change', { bubbles: true }));
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          console.timeStamp('edit-end');
          t = performance.now() - t0;
        }
        await new Promise((r) => setTimeout(r, gap));
        return t;
      }, [v, aligned, gap]),
    );
  }
  const { events } = await stop();
  // `--roots`: what each edit invalidated for layout (Blink's LayoutInvalidationTracking: the
  // node, why, and where it is: its ancestors, nearest first), asked while the page is
  // still there.
  const roots = new Map();
  if (flag('roots')) {
    for (const e of events) {
      const id = e.name === 'LayoutInvalidationTracking' && e.args?.data?.nodeId;
      if (!id || roots.has(id)) continue;
      const where = await cdp
        .send('DOM.resolveNode', { backendNodeId: id })
        .then(({ object }) =>
          cdp.send('Runtime.callFunctionOn', {
            objectId: object.objectId,
            returnByValue: true,
            functionDeclaration: `function () {
              const up = [];
              for (let n = this.nodeType === 1 ? this : this.parentElement; n && up.length < 5; n = n.parentElement) {
                const c = n.getAttribute('class');
                up.push(n.tagName.toLowerCase() + (c ? '.' + c.split(' ')[0] : n.id ? '#' + n.id : ''));
              }
              return up.join(' < ');
            }`,
          }),
        )
        .then((r) => r.result.value)
        .catch(() => '(gone)');
      roots.set(id, where);
    }
  }
  if (summary) summarize(events, measured, kinds);
  else report(events, measured, roots);
} finally {
  await browser.close();
  process.exit();
}

/** Per edit: the renderer main thread's top-level events from the edit to two frames later. */
function report(events, measured, roots) {
  const threads = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const starts = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'edit-start');
  if (!starts.length) return console.log('no edit markers in the trace');
  const main = `${starts[0].pid}:${starts[0].tid}`;
  const names = new Set([
    'EventDispatch', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'UpdateLayoutTree',
    'Layout', 'Paint', 'PrePaint', 'Layerize', 'Commit', 'BeginMainThreadFrame', 'ScheduleStyleRecalculation',
    'UpdateLayer', 'ParseHTML', 'RunTask',
  ]);
  const mine = events
    .filter((e) => `${e.pid}:${e.tid}` === main && names.has(e.name) && (e.ph === 'X' || e.ph === 'I' || e.ph === 'i' || e.ph === 'B'))
    .sort((a, b) => a.ts - b.ts);
  starts.forEach((s, k) => {
    const t0 = s.ts;
    const end = (starts[k + 1]?.ts ?? Infinity);
    let frames = 0;
    console.log(`\nedit ${k + 1}: ${kinds[k] === 'frame' ? 'change at a frame start → a task after that frame' : 'change → first frame after it + a task'}: ${measured[k].toFixed(1)} ms`);
    if (roots.size) {
      const seen = new Map();
      for (const e of events) {
        if (e.name !== 'LayoutInvalidationTracking' || e.ts < t0 || e.ts >= end) continue;
        const key = `${e.args.data.reason}: ${e.args.data.nodeName.split(' ')[0]} in ${roots.get(e.args.data.nodeId)}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const [key, n] of seen) console.log(`  invalidated ${n}x ${key}`);
      // What was marked for a style recalc, and why (the elements restyled are those and, for
      // some reasons, their descendants).
      const styles = new Map();
      for (const e of events) {
        if (!/^Style.*InvalidationTracking$/.test(e.name) || e.ts < t0 || e.ts >= end) continue;
        const d = e.args?.data ?? {};
        const node = (d.nodeName ?? '').replace(/ id='[^']*'/, '').split(' ').slice(0, 2).join(' ');
        const key = `${e.name.replace('InvalidationTracking', '')}: ${d.reason ?? d.invalidationSet?.id ?? ''} ${node}`;
        styles.set(key, (styles.get(key) ?? 0) + 1);
      }
      for (const [key, n] of [...styles].sort((a, b) => b[1] - a[1])) console.log(`  style ${n}x ${key}`);
    }
    for (const e of mine) {
      if (e.ts < t0 || e.ts >= end) continue;
      if (e.name === 'BeginMainThreadFrame') frames += 1;
      if (frames > 3) break;
      const d = e.dur ? (e.dur / 1000).toFixed(2) : '';
      if ((e.name === 'RunTask' || e.name === 'Paint' || e.name === 'UpdateLayer') && (e.dur ?? 0) < 300) continue;
      const layout = e.name === 'Layout' && e.args?.beginData;
      const detail = layout
        ? `${layout.dirtyObjects} dirty of ${layout.totalObjects} objects${layout.partialLayout ? ', partial' : ''}`
        : e.name === 'FunctionCall'
          ? `${e.args?.data?.functionName ?? ''}@${e.args?.data?.lineNumber ?? ''}:${e.args?.data?.columnNumber ?? ''}`
          : (e.args?.data?.type ?? '');
      console.log(`  ${((e.ts - t0) / 1000).toFixed(2).padStart(7)} ms  ${e.name} ${detail} ${d && `(${d} ms)`}`);
    }
  });
}

/** `--summary`: per edit, the main thread's work from the change to the first Commit, by kind. */
function summarize(events, measured, editKinds) {
  const starts = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'edit-start');
  if (!starts.length) return console.log('no edit markers in the trace');
  const main = `${starts[0].pid}:${starts[0].tid}`;
  const kinds = {
    EventDispatch: 'script', FunctionCall: 'script', TimerFire: 'script', FireAnimationFrame: 'script',
    RunMicrotasks: 'script', UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'prepaint',
    Paint: 'paint', Layerize: 'layerize', Commit: 'commit',
  };
  const mine = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && kinds[e.name])
    .sort((a, b) => a.ts - b.ts);
  const ends = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'edit-end').map((e) => e.ts);
  const onMain = (e) => `${e.pid}:${e.tid}` === main && e.ph === 'X';
  // Garbage collection (nested in script, counted there too) and the tasks that are not the
  // edit's: idle callbacks and timers that ran between the change and `edit-end` (the bench's
  // own timer, excluded), before the edit's first commit (`pre`: deferred work that held the
  // paint) or after it (`post`: it held the measured end, not the paint).
  const commits = events.filter((e) => onMain(e) && e.name === 'Commit').map((e) => e.ts);
  const gcs = events.filter((e) => onMain(e) && (e.name === 'MinorGC' || e.name === 'MajorGC'));
  const others = events.filter((e) => onMain(e) && (e.name === 'FireIdleCallback' || e.name === 'TimerFire'));
  console.log(`in the whole trace: ${gcs.length} GCs, ${others.filter((e) => e.name === 'FireIdleCallback').length} idle callbacks, ${others.filter((e) => e.name === 'TimerFire').length} timers`);
  const rows = [];
  starts.forEach((s, k) => {
    const end = starts[k + 1]?.ts ?? Infinity;
    const endMark = ends.find((t) => t > s.ts && t < end) ?? end;
    const row = { kind: editKinds[k], frames: 0, measured: measured[k], script: 0, style: 0, layout: 0, styled: 0, dirty: 0, full: 0, prepaint: 0, paint: 0, layerize: 0, commit: 0, painted: NaN, event: 0, effects: 0, gc: 0, pre: 0, post: 0, npre: 0, npost: 0 };
    let lastEnd = -Infinity;
    for (const e of mine) {
      if (e.ts < s.ts || e.ts >= end) continue;
      // Nested events (a FunctionCall inside an EventDispatch, a layout inside a script) are
      // counted once, in the outermost.
      if (e.ts < lastEnd) continue;
      lastEnd = e.ts + e.dur;
      row[kinds[e.name]] += (thread ? (e.tdur ?? e.dur) : e.dur) / 1000;
      // The script by phase: the change event's handler (the intent, the engine's edit), then
      // what runs after it in the same frame (the reactive effects, run as microtasks).
      if (e.name === 'EventDispatch') row.event += (thread ? (e.tdur ?? e.dur) : e.dur) / 1000;
      else if (kinds[e.name] === 'script') row.effects += (thread ? (e.tdur ?? e.dur) : e.dur) / 1000;
      if (e.name === 'UpdateLayoutTree') row.styled += e.args?.elementCount ?? 0;
      if (e.name === 'Layout') {
        row.dirty += e.args?.beginData?.dirtyObjects ?? 0;
        if (!e.args?.beginData?.partialLayout) row.full += 1;
      }
      if (e.name === 'Commit') {
        row.painted = (e.ts + e.dur - s.ts) / 1000;
        break;
      }
    }
    row.total = row.script + row.style + row.layout + row.prepaint + row.paint + row.layerize + row.commit;
    const t = (e) => (thread ? (e.tdur ?? e.dur) : e.dur) / 1000;
    const committed = Number.isNaN(row.painted) ? endMark : s.ts + row.painted * 1000;
    row.frames = commits.filter((t) => t >= s.ts && t < endMark).length;
    for (const e of gcs) if (e.ts >= s.ts && e.ts < committed) row.gc += t(e);
    let outer = -Infinity;
    for (const e of others) {
      if (e.ts < s.ts || e.ts >= endMark || e.ts < outer) continue;
      // The bench's own timer, which stamps `edit-end`, is not other work.
      if (e.ts + e.dur >= endMark) continue;
      outer = e.ts + e.dur;
      if (e.ts < committed) { row.pre += t(e); row.npre += 1; } else { row.post += t(e); row.npost += 1; }
    }
    rows.push(row);
  });
  const cols = ['measured', 'painted', 'frames', 'total', 'script', 'event', 'effects', 'style', 'styled', 'layout', 'dirty', 'full', 'prepaint', 'paint', 'layerize', 'commit', 'gc', 'npre', 'pre', 'npost', 'post'];
  const counted = (c) => c === 'dirty' || c === 'full' || c === 'styled' || c === 'npre' || c === 'npost' || c === 'frames';
  console.log(`${rows.length} edits; main thread from the change to the first frame's commit, ${thread ? 'thread' : 'wall'} ms (frames: frames committed between the change and the measured end; event, effects: the script in the change event's handler and after it, its effects;  styled: elements whose style was recalculated; dirty: layout objects; full: layouts from the document's root, not partial; gc: garbage collection inside the script; npre/pre: idle callbacks and timers that ran before the commit, how many and ms; npost/post: the same after it, before the measured end)`);
  for (const kind of [...new Set(rows.map((r) => r.kind))]) {
    const mine = rows.filter((r) => r.kind === kind);
    console.log(`${kind === 'frame' ? 'frame-aligned' : 'including the wait for the frame'}: ${mine.length} edits`);
    console.log(`       ${cols.map((c) => c.padStart(9)).join('')}`);
    if (flag('per-edit')) {
      rows.forEach((r, k) => r.kind === kind && console.log(`  ${String(k + 1).padEnd(5)}${cols.map((c) => r[c].toFixed(counted(c) ? 0 : 2).padStart(9)).join('')}`));
    }
    for (const [name, p] of [['p50', 50], ['p95', 95], ['mean', null]]) {
      const v = (c) => {
        const xs = mine.map((r) => r[c]).filter((x) => !Number.isNaN(x));
        return p === null ? xs.reduce((a, b) => a + b, 0) / xs.length : pct(xs, p);
      };
      console.log(`  ${name.padEnd(5)}${cols.map((c) => v(c).toFixed(counted(c) ? 0 : 2).padStart(9)).join('')}`);
    }
  }
}
