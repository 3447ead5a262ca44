// The edit with the Classic tab open at 100k, frame-aligned as workspace.mjs times it, traced
// (run by hand; not part of `npx playwright test`): where each edit's time from its frame's
// start to after its paint goes.
//
//   node e2e/bench/classic-edits.mjs [--dist dist] [--size 100k] [--port 8878] [--edits 20]
//        [--play 3] [--top 3] [--save FILE] [--closed] [--css '<rules>']
//
// As workspace.mjs's Classic line: the anchor pasted, its first user selected, the Inspector
// opened, the walk played `--play` seconds (0: not), then the Classic tab opened and `--edits`
// Raw usage edits made, each dispatched inside an animation-frame callback and timed to a
// setTimeout(0) queued there (after that frame's paint), two frames and 100 ms apart. The whole
// run is traced; per edit it prints the time, the thread time of every task in that window, and
// of the window's frame: style (elements), layout (objects dirty), paint. Then p50 / p95 of the
// time, and of the edit's own task and frame (thread time), over the edits.
import { arg, firstUsersRawUsage, flag, openClassicTimed, openPastedAnchor, pct, startRecording } from './common.mjs';

const edits = Number(arg('edits', 20));
const play = Number(arg('play', 3));
const { browser, page, users } = await openPastedAnchor();
try {
  // `--css '<rules>'`: a style sheet added after loading (a style change measured without a build).
  if (arg('css', null)) await page.addStyleTag({ content: arg('css', null) });
  const handle = await firstUsersRawUsage(page, users);
  if (play > 0) {
    const player = page.getByRole('region', { name: 'Ranking animation' });
    await player.getByRole('button', { name: 'Restart' }).click();
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForTimeout(play * 1000);
    await player.getByRole('button', { name: 'Pause', exact: true }).click();
  }
  await page.waitForTimeout(Number(arg('wait', 3000)));
  // `--closed`: the same edits with the Classic tab closed (the Inspector shown), to compare.
  const opened = flag('closed') ? 0 : await openClassicTimed(page);
  await page.waitForTimeout(1500);
  const cdp = await page.context().newCDPSession(page);
  const stop = await startRecording(cdp, true, flag('invalidations') ? ',disabled-by-default-devtools.timeline.invalidationTracking' : '');
  const times = [];
  for (let i = 0; i < edits; i++) {
    times.push(
      await handle.evaluate(async (el, [v, i]) => {
        el.value = String(v);
        const t = await new Promise((resolve) =>
          requestAnimationFrame(() => {
            console.timeStamp(`edit-start-${i}`);
            const t0 = performance.now();
            el.dispatchEvent(new Event('change', { bubbles: true }));
            setTimeout(() => {
              console.timeStamp(`edit-end-${i}`);
              resolve(performance.now() - t0);
            }, 0);
          }),
        );
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))));
        return t;
      }, [1000 * (i + 2) * 7200, i]),
    );
  }
  const { events } = await stop();
  if (arg('save', '')) (await import('node:fs')).writeFileSync(arg('save', ''), JSON.stringify(events));
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const onMain = (e) => threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  const main = events.filter((e) => e.ph === 'X' && onMain(e) && e.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const top = [];
  for (const e of main) {
    const last = top[top.length - 1];
    if (!last || e.ts >= last.ts + last.dur) top.push(e);
  }
  const stamp = (m) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === m)?.ts;
  const within = (a, b) => (e) => e.ts >= a && e.ts + e.dur <= b;
  const taskT = [];
  const frameT = [];
  const phaseT = {};
  console.log(`Classic opened in ${opened.toFixed(1)} ms`);
  for (let i = 0; i < edits; i++) {
    const a = stamp(`edit-start-${i}`);
    const b = stamp(`edit-end-${i}`);
    if (a === undefined || b === undefined) continue;
    // The tasks overlapping the window (the edit's rAF task began before its mark).
    const ts = top.filter((t) => t.ts + t.dur > a && t.ts < b);
    const parts = ts.map((t) => {
      const inner = main.filter((e) => e !== t && within(t.ts, t.ts + t.dur)(e));
      const names = new Map();
      for (const c of inner) if (c.dur > 1000 && !names.has(c.name)) names.set(c.name, c.tdur / 1000);
      const style = inner.filter((e) => e.name === 'UpdateLayoutTree').reduce((s, e) => s + (e.args?.elementCount ?? 0), 0);
      const lay = inner.filter((e) => e.name === 'Layout' && e.args?.beginData).map((e) => `${e.args.beginData.dirtyObjects}/${e.args.beginData.totalObjects}`);
      const kind = names.has('ProxyMain::BeginMainFrame') ? 'frame' : names.has('FireIdleCallback') ? 'idle' : names.has('TimerFire') ? 'timer' : 'task';
      const edit = inner.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'change');
      const sum = (name) => inner.filter((e) => e.name === name).reduce((s, e) => s + (e.tdur ?? 0) / 1000, 0);
      // Display items painted again (not from the cache) of the list's size: load-independent.
      const items = events.filter((e) => onMain(e) && e.name === 'PaintController::commitNewDisplayItems' && e.ts >= t.ts && e.ts <= t.ts + t.dur);
      const painted = items.reduce((s, e) => s + (e.args?.num_non_cached_new_items ?? 0), 0);
      const listed = items.reduce((s, e) => s + (e.args?.current_display_list_size ?? 0), 0);
      const phases = { script: sum('Blink.Animate.UpdateTime'), style: sum('UpdateLayoutTree'), layout: sum('Layout'), prepaint: sum('PrePaint'), paint: sum('LocalFrameView::RunPaintLifecyclePhase'), layerize: sum('Layerize') };
      return { t, kind: edit ? 'edit' : kind, style, lay, names, phases, painted, listed };
    });
    if (flag('invalidations')) {
      // What the edit's frame laid out and painted again, by node and reason.
      const seen = new Map();
      for (const e of events) {
        if (!onMain(e) || !/InvalidationTracking/.test(e.name) || e.ts < a - 3000 || e.ts > b) continue;
        const d = e.args?.data ?? {};
        const k = `${e.name.replace('InvalidationTracking', '')} ${d.reason ?? ''} ${d.nodeName ?? ''}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      console.log(`  invalidations: ${[...seen].sort((x, y) => y[1] - x[1]).slice(0, 25).map(([k, n]) => `${n}× ${k}`).join('; ')}`);
    }
    const editTask = parts.find((p) => p.kind === 'edit');
    const frame = parts.find((p) => p.kind === 'frame' || (p.kind === 'edit' && p.names.has('ProxyMain::BeginMainFrame')));
    if (editTask) taskT.push(editTask.t.tdur / 1000);
    if (editTask) for (const [k, v] of Object.entries(editTask.phases)) (phaseT[k] ??= []).push(v);
    if (editTask) (phaseT['display items painted'] ??= []).push(editTask.painted);
    if (frame) frameT.push(frame.t.tdur / 1000);
    console.log(`edit ${i}: ${times[i].toFixed(1)} ms (trace ${((b - a) / 1000).toFixed(1)})`);
    for (const p of parts) {
      if (p.kind === 'edit') console.log(`         ${Object.entries(p.phases).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}; display items painted ${p.painted} of ${p.listed}`);
      const detail = [...p.names].slice(0, Number(arg('top', 3))).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
      console.log(`  +${((p.t.ts - a) / 1000).toFixed(1).padStart(6)} ${p.kind.padEnd(5)} dur ${(p.t.dur / 1000).toFixed(1).padStart(5)} tdur ${(p.t.tdur / 1000).toFixed(1).padStart(5)}${p.style ? ` styled ${p.style}` : ''}${p.lay.length ? ` layout ${p.lay.join(',')}` : ''}  ${detail}`);
    }
  }
  const f = (xs) => `${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)}`;
  console.log(`edit with the Classic tab ${flag('closed') ? 'closed' : 'open'}, p50 / p95: ${f(times)} ms; the edit's task (thread) ${f(taskT)}; its frame ${f(frameT)}`);
  console.log(`  in the edit's task, thread p50 / p95: ${Object.entries(phaseT).map(([k, v]) => `${k} ${f(v)}`).join('; ')}`);
} finally {
  await browser.close();
  process.exit();
}
