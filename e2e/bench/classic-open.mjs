// The Classic tab's opening on an anchor tree, from a DevTools trace (run by hand; not part of
// `npx playwright test`): what the main thread runs from the click on the tab until the page
// is quiet again, task by task.
//
//   node e2e/bench/classic-open.mjs [--dist dist] [--size 100k] [--port 8878] [--settle 3000]
//        [--scroll] [--edits 0] [--profile [--task] [--top 40]] [--save PREFIX] [--count]
//        [--css '<rules>'] [--reopen]
//
// Loads `perf_<size>.json.gz` as workspace.mjs does, selects the first user, opens the
// Inspector, then traces the click on the Classic fairshare tab and `--settle` ms after it.
// Prints the time from the click to the first paint with the table's rows, and every main-thread
// task over 5 ms (wall `dur` and thread `tdur`: the thread time is what the load does not
// inflate as much), the longest, and the sum. With `--scroll`, the orders are then scrolled
// into view and traced the same way; with `--edits N`, N Raw usage edits follow (orders on
// screen with `--scroll`), each traced alike (`--save PREFIX` writes each trace's events to
// PREFIX-LABEL.json; `--count` counts the DOM calls of the opening, by method, and of each
// edit's task with the Classic panel's mutations). With `--reopen`, the tab is opened and closed
// (the Inspector shown again) first, so the opening traced is of a panel built and kept hidden.
// With `--profile`, the opening is profiled (DevTools'
// sampling profiler, from the click until the table is painted, or with `--task` through the
// click's own task, where the panel is built) instead of traced, and the
// script time is printed by function; for names, a build without wasm-opt
// (`FAIRSHARE_WASM_OPT=0 bash scripts/split-build.sh --dist dist-prof`).
import { arg, firstUsersRawUsage, flag, openClassicTimed, openPastedAnchor, printTop, profileTimes, startRecording } from './common.mjs';

const settle = Number(arg('settle', 3000));
const edits = Number(arg('edits', 0));

/** Main-thread top-level tasks of a trace (the renderer's main thread). */
function tasks(events) {
  const threads = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  // Top-level events of the main thread (a task, or script run by DevTools outside one).
  const all = events
    .filter((e) => e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const main = [];
  for (const e of all) {
    const last = main[main.length - 1];
    if (!last || e.ts >= last.ts + last.dur) main.push(e);
  }
  const inner = events.filter(
    (e) => e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' && e.dur && !main.includes(e),
  );
  return main.map((e) => {
    // The task's largest direct parts (what it was: an idle callback, a timer, a paint).
    const parts = new Map();
    for (const c of inner) {
      if (c.ts >= e.ts && c.ts + c.dur <= e.ts + e.dur && c.dur > 2000) {
        const k = c.name + (c.args?.data?.functionName ? `(${c.args.data.functionName})` : '');
        parts.set(k, Math.max(parts.get(k) ?? 0, c.dur / 1000));
      }
    }
    const top = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, d]) => `${k} ${d.toFixed(0)}`).join(', ');
    return { ts: e.ts, dur: (e.dur ?? 0) / 1000, tdur: (e.tdur ?? 0) / 1000, top: `[${e.name}] ${top}` };
  });
}

function report(label, events, t0, until = null) {
  // From the task holding the mark on: the click's own task (the handler, and the microtasks
  // after it, where the panel is built) started before the mark.
  const ts = tasks(events).filter((t) => t.ts + t.dur * 1000 > t0);
  const long = ts.filter((t) => (t.dur > 5 || t.tdur > 5) && (flag('idle') || !t.top.includes('FireIdleCallback')));
  const sum = ts.reduce((a, t) => a + t.tdur, 0);
  const longest = ts.reduce((a, t) => Math.max(a, t.tdur), 0);
  const over50 = ts.filter((t) => t.tdur > 50).length;
  console.log(`${label}: ${ts.length} tasks, thread time ${sum.toFixed(1)} ms, longest ${longest.toFixed(1)} ms (thread), ${over50} over 50 ms`);
  if (until !== null) {
    // The tasks begun before the action's result (the opening: the table painted).
    const before = ts.filter((t) => t.ts < t0 + until * 1000);
    const bSum = before.reduce((a, t) => a + t.tdur, 0);
    const bLongest = before.reduce((a, t) => Math.max(a, t.tdur), 0);
    console.log(`  until ${until.toFixed(1)} ms: ${before.length} tasks, thread time ${bSum.toFixed(1)} ms, longest ${bLongest.toFixed(1)} ms`);
    // What the page's style and layout did before the paint (load-independent counts).
    const inWindow = (e) => e.ph === 'X' && e.ts >= t0 - 20000 && e.ts < t0 + until * 1000;
    const styled = events.filter((e) => inWindow(e) && e.name === 'UpdateLayoutTree' && e.args?.elementCount !== undefined);
    const layouts = events.filter((e) => inWindow(e) && e.name === 'Layout' && e.args?.beginData);
    console.log(`  before the paint: ${styled.length} style recalcs, ${styled.reduce((a, e) => a + e.args.elementCount, 0)} elements styled; ${layouts.length} layouts, ${layouts.map((e) => `${e.args.beginData.dirtyObjects} of ${e.args.beginData.totalObjects}`).join(', ')} objects dirty; layout thread ${(layouts.reduce((a, e) => a + (e.tdur ?? 0), 0) / 1000).toFixed(1)} ms, style ${(styled.reduce((a, e) => a + (e.tdur ?? 0), 0) / 1000).toFixed(1)} ms`);
  }
  const idle = ts.filter((t) => t.top.includes('FireIdleCallback'));
  const idleLongest = idle.reduce((a, t) => Math.max(a, t.tdur), 0);
  console.log(`  idle callbacks: ${idle.length}, thread time ${idle.reduce((a, t) => a + t.tdur, 0).toFixed(1)} ms, longest ${idleLongest.toFixed(1)} ms`);
  for (const t of long) console.log(`  +${((t.ts - t0) / 1000).toFixed(1).padStart(7)} ms  dur ${t.dur.toFixed(1).padStart(6)}  tdur ${t.tdur.toFixed(1).padStart(6)}  ${t.top}`);
}

async function traced(page, cdp, label, action) {
  const stop = await startRecording(cdp, true);
  const t0 = await page.evaluate(() => performance.timeOrigin * 1000 + performance.now() * 1000);
  const result = await action();
  await page.waitForTimeout(settle);
  const { events } = await stop();
  if (arg('save', '')) {
    const fs = await import('node:fs');
    fs.writeFileSync(`${arg('save', '')}-${label}.json`, JSON.stringify(events));
  }
  // Trace timestamps are monotonic µs; align by the first event after t0 is not possible, so
  // report from the first task at or after the action's mark.
  const mark = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === label);
  report(label, events, mark ? mark.ts : 0, typeof result === 'number' ? result : null);
  return result;
}

const { browser, page, users } = await openPastedAnchor();
try {
  // A style sheet added after loading: a style change measured without a build.
  if (arg('css', null)) await page.addStyleTag({ content: arg('css', null) });
  const handle = await firstUsersRawUsage(page, users);
  const cdp = await page.context().newCDPSession(page);
  await page.waitForTimeout(Number(arg('wait', 8000)));
  if (flag('reopen')) {
    // `--reopen`: the tab opened once and closed again (the Inspector shown), so what is
    // measured is a second opening, of a panel already built and kept hidden.
    await openClassicTimed(page);
    await page.getByRole('tab', { name: 'Inspector' }).click();
    await page.waitForTimeout(settle);
  }
  if (flag('profile')) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    // `--task`: the click's own task alone (the panel's build: the click's microtasks).
    const wall = flag('task')
      ? await page.evaluate(() => {
          const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Classic fairshare');
          const t0 = performance.now();
          tab.click();
          return performance.now() - t0;
        })
      : await openClassicTimed(page);
    const { profile } = await cdp.send('Profiler.stop');
    const { self, inclusive, owners, total } = profileTimes(profile);
    const top = Number(arg('top', 40));
    console.log(`click -> table painted: ${wall.toFixed(1)} ms (wall); ${total.toFixed(1)} ms sampled. Self time:`);
    printTop(self, 1, { n: top });
    console.log('inclusive, the app and the framework:');
    printTop(inclusive, 1, { n: top, filter: /fairshare|leptos|reactive_graph|tachys/ });
    console.log('by the innermost app or engine function:');
    printTop(owners, 1, { n: top });
    await browser.close();
    process.exit();
  }
  if (flag('count')) {
    // The DOM calls the opening makes until the table is painted (load-independent): each
    // method wrapped with a counter before the click.
    await page.evaluate(() => {
      const counts = (window.__domCalls = {});
      const wrap = (proto, name, label) => {
        const f = proto[name];
        proto[name] = function (...args) {
          counts[label] = (counts[label] ?? 0) + 1;
          return f.apply(this, args);
        };
      };
      wrap(Document.prototype, 'createElement', 'createElement');
      wrap(Document.prototype, 'createTextNode', 'createTextNode');
      wrap(Node.prototype, 'cloneNode', 'cloneNode');
      wrap(Node.prototype, 'insertBefore', 'insertBefore');
      wrap(Node.prototype, 'appendChild', 'appendChild');
      wrap(Element.prototype, 'setAttribute', 'setAttribute');
      wrap(Element.prototype, 'removeAttribute', 'removeAttribute');
      wrap(DOMTokenList.prototype, 'add', 'classList.add');
      wrap(DOMTokenList.prototype, 'remove', 'classList.remove');
      wrap(EventTarget.prototype, 'addEventListener', 'addEventListener');
      // And those of the click's own task (the panel's build): read at the next frame.
      const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Classic fairshare');
      tab.addEventListener('click', () => requestAnimationFrame(() => (window.__domCallsInTask = { ...counts })), { capture: true, once: true });
    });
  }
  const open = await traced(page, cdp, 'open', () =>
    openClassicTimed(page),
  );
  if (flag('count')) {
    for (const [label, key] of [['in the click\'s task', '__domCallsInTask'], ['until the page settled', '__domCalls']]) {
      const counts = await page.evaluate((key) => window[key], key);
      const total = Object.values(counts).reduce((a, n) => a + n, 0);
      console.log(`DOM calls ${label}: ${total} ${JSON.stringify(counts)}`);
    }
  }
  console.log(`click -> table painted: ${open.toFixed(1)} ms (wall)`);
  const orders = () => page.evaluate(() => document.querySelectorAll('[data-testid="classic-orders"] li[data-assoc-id]').length);
  console.log(`order entries after settling: ${await orders()}`);
  if (flag('scroll')) {
    await traced(page, cdp, 'scroll', () =>
      page.evaluate(() => {
        console.timeStamp('scroll');
        document.querySelector('[data-testid="classic-orders"]').scrollIntoView();
      }),
    );
  }
  for (let i = 0; i < edits; i++) {
    await traced(page, cdp, 'edit', () =>
      handle.evaluate((el, v) => {
        console.timeStamp('edit');
        // With `--count`: the DOM calls and the Classic panel's mutations of the edit's own
        // task, read at the next frame (the orders' idle slices come after it).
        const counts = window.__domCalls;
        let observer = null;
        if (counts) {
          for (const k of Object.keys(counts)) delete counts[k];
          const panel = document.querySelector('[role="region"][aria-label="Classic fairshare"]');
          const seen = { nodes: 0, attributes: 0, text: 0 };
          observer = new MutationObserver((rs) => {
            for (const r of rs) {
              if (r.type === 'childList') seen.nodes += r.addedNodes.length + r.removedNodes.length;
              else if (r.type === 'attributes') seen.attributes += 1;
              else seen.text += 1;
            }
          });
          observer.observe(panel, { subtree: true, childList: true, attributes: true, characterData: true });
          window.__editSeen = seen;
        }
        el.value = String(v);
        el.dispatchEvent(new Event('change', { bubbles: true }));
        if (counts)
          requestAnimationFrame(() => {
            observer.takeRecords().forEach((r) => {
              if (r.type === 'childList') window.__editSeen.nodes += r.addedNodes.length + r.removedNodes.length;
              else if (r.type === 'attributes') window.__editSeen.attributes += 1;
              else window.__editSeen.text += 1;
            });
            observer.disconnect();
            window.__domCallsEdit = { ...counts, panel: window.__editSeen };
          });
      }, 1000 * (i + 2) * 7200),
    );
    if (flag('count')) {
      const c = await page.evaluate(() => window.__domCallsEdit);
      const { panel, ...calls } = c ?? {};
      const total = Object.values(calls).reduce((a, n) => a + n, 0);
      console.log(`edit ${i + 1}, its task: ${total} DOM calls ${JSON.stringify(calls)}; the Classic panel's mutations: ${JSON.stringify(panel)}`);
    }
  }
} finally {
  await browser.close();
  process.exit();
}
