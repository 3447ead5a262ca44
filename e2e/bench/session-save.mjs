// What saving a big tree's session costs, and whether it is stored: pastes a perf anchor
// (default 100k), records a trace until the session is in localStorage, and prints its length,
// the longest main-thread tasks in that window (the paste's, and the save's: it runs in idle
// periods, a slice at a time) and the save's idle callbacks (how many, and the longest). Then
// edits the first user's Raw usage (the session then holds the tree and its baseline) and does
// the same.
//   node e2e/bench/session-save.mjs [--size 100k] [--perf DIR] [--dist DIR] [--port 8322]
import path from 'node:path';
import { arg, firstUsersRawUsage, launchChromium, pasteTree, readAnchor, root, serve, startRecording } from './common.mjs';

const size = arg('size', '100k');
const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));
const dist = path.resolve(root, arg('dist', 'dist'));
const port = Number(arg('port', '8322'));
const KEY = 'fairshare-explorer:session';

/** The main thread's longest tasks (ms) among `events`, longest first. */
function longestTasks(events, n = 4) {
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main.has(`${e.pid}:${e.tid}`))
    .map((e) => e.dur / 1000)
    .sort((a, b) => b - a)
    .slice(0, n);
}

/** The main thread's idle callbacks (the save's slices): how many, and the longest (ms). */
function idleCallbacks(events) {
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const idle = events
    .filter((e) => e.ph === 'X' && e.name === 'FireIdleCallback' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => e.dur / 1000)
    .sort((a, b) => b - a);
  return { count: idle.length, longest: idle.slice(0, 4) };
}

/** Records until `done()` is true in the page; returns the longest tasks meanwhile. */
async function traceUntil(page, cdp, act, done) {
  const stop = await startRecording(cdp, true);
  await act();
  await page.waitForFunction(done, KEY, { timeout: 120_000, polling: 100 });
  // The task that wrote it has ended by now; let the trace flush.
  await page.waitForTimeout(200);
  const { events } = await stop();
  return { tasks: longestTasks(events), idle: idleCallbacks(events) };
}

await serve(dist, port);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
const { json, users, marker } = readAnchor(perfDir, size);
const fmt = (xs) => xs.map((x) => `${x.toFixed(0)} ms`).join(', ');
const result = async (label, { tasks, idle }) => {
  const { length, unsaved } = await page.evaluate((k) => ({
    length: localStorage.getItem(k)?.length ?? 0,
    unsaved: document.querySelector('[data-session-unsaved]')?.getAttribute('data-session-unsaved') ?? null,
  }), KEY);
  console.log(`${label}: stored ${length} characters${unsaved ? `, ${unsaved === 'without-baseline' ? 'saved without its baseline' : `not saved (${unsaved})`}` : ''}; longest main-thread tasks: ${fmt(tasks)}; the save's ${idle.count} idle callbacks, longest: ${fmt(idle.longest)}`);
};
// Recorded from the paste on (its save may follow it at once); the paste's own long tasks
// come first in the list.
let recorded = await traceUntil(
  page,
  cdp,
  () => pasteTree(page, port, json, marker),
  (k) => (localStorage.getItem(k)?.length ?? 0) > 100_000 || document.querySelector('[data-session-unsaved]'),
);
await result(`perf_${size} pasted`, recorded);
const field = await firstUsersRawUsage(page, users);
const before = await page.evaluate((k) => localStorage.getItem(k) ?? '', KEY);
console.log('editing the first user…');
recorded = await traceUntil(
  page,
  cdp,
  () => field.evaluate((el) => {
    el.value = String(Number(el.value || 0) + 1);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }),
  // The stored text changes (its length may not), or a note says why not.
  new Function('k', `return (localStorage.getItem(k) ?? '').length !== ${before.length} || (localStorage.getItem(k) ?? '').slice(-64) !== ${JSON.stringify(before.slice(-64))} || document.querySelector('[data-session-unsaved]')`),
);
await result(`perf_${size} with one user edited (the tree and its baseline)`, recorded);
await browser.close();
process.exit(0);
