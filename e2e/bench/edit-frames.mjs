// Which frame paints a usage edit, and what runs between the change and that paint (run by
// hand; not part of `npx playwright test`).
//
//   node e2e/bench/edit-frames.mjs [--dist dist] [--size 1k|10k|100k] [--edits 5] [--port 8878]
//        [--aligned] [--tab 'Classic fairshare']
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
// painted by the frame it started in. `--tab` opens that side-panel tab first.
import { arg, flag, firstUsersRawUsage, startRecording, openPastedAnchor } from './common.mjs';

const edits = Number(arg('edits', 5));
const tab = arg('tab', null);
const aligned = flag('aligned');

const { browser, page, size, users } = await openPastedAnchor();
try {
  const handle = await firstUsersRawUsage(page, users);
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  const stop = await startRecording(cdp, true);
  const measured = [];
  for (let i = 0; i < edits; i++) {
    measured.push(
      await handle.evaluate(async (el, [v, aligned]) => {
        el.value = String(v);
        let t;
        if (aligned) {
          t = await new Promise((resolve) =>
            requestAnimationFrame(() => {
              console.timeStamp(`edit-start`);
              const t0 = performance.now();
              el.dispatchEvent(new Event('change', { bubbles: true }));
              setTimeout(() => resolve(performance.now() - t0), 0);
            }),
          );
        } else {
          console.timeStamp(`edit-start`);
          const t0 = performance.now();
          el.dispatchEvent(new Event('change', { bubbles: true }));
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          t = performance.now() - t0;
        }
        await new Promise((r) => setTimeout(r, 300));
        return t;
      }, [1000 * (i + 11) * 3600, aligned]),
    );
  }
  const { events } = await stop();
  report(events, measured);
} finally {
  await browser.close();
  process.exit();
}

/** Per edit: the renderer main thread's top-level events from the edit to two frames later. */
function report(events, measured) {
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
    const what = aligned ? 'change at a frame start → a task after that frame' : 'change → first frame after it + a task';
    console.log(`\nedit ${k + 1}: ${what}: ${measured[k].toFixed(1)} ms`);
    for (const e of mine) {
      if (e.ts < t0 || e.ts >= end) continue;
      if (e.name === 'BeginMainThreadFrame') frames += 1;
      if (frames > 3) break;
      const d = e.dur ? (e.dur / 1000).toFixed(2) : '';
      if ((e.name === 'RunTask' || e.name === 'Paint' || e.name === 'UpdateLayer') && (e.dur ?? 0) < 300) continue;
      const layout = e.name === 'Layout' && e.args?.beginData;
      const detail = layout
        ? `${layout.dirtyObjects} dirty of ${layout.totalObjects} objects${layout.partialLayout ? ', partial' : ''}`
        : (e.args?.data?.type ?? e.args?.data?.functionName ?? '');
      console.log(`  ${((e.ts - t0) / 1000).toFixed(2).padStart(7)} ms  ${e.name} ${detail} ${d && `(${d} ms)`}`);
    }
  });
}
