// Usage edits with the Classic tab closed and open, measured two ways that hold up better on a
// loaded machine than workspace.mjs's p50/p95 (run by hand; not part of `npx playwright test`).
//
//   node e2e/bench/classic-cpu.mjs [--dist dist] [--size 100k] [--edits 20] [--port 8878]
//
// Loads `perf_<size>.json.gz` as workspace.mjs does, selects the first user, and makes
// `--edits` Raw usage edits 300 ms apart with the Inspector tab shown, then as many with the
// Classic fairshare tab open. For each phase it prints:
// - `fastest_wall`: the fastest edit, change -> after the next frame (ms); the minimum is the
//   edit least disturbed by other processes, the steadiest figure here;
// - `cpu_per_edit`: the CPU time (user + system, from /proc) of every process this script
//   started (Chromium's), per edit, minus that of an idle wait as long (`idle_per_edit`). It
//   counts whatever the page runs meanwhile (collection, deferred work of the load), so it is
//   noisy too; read it beside the other.
import fs from 'node:fs';
import { arg, firstUsersRawUsage, openPastedAnchor } from './common.mjs';

const edits = Number(arg('edits', 20));
const ticks = 100; // USER_HZ: /proc's clock ticks per second.

/** The process ids below `root` (itself included). */
function tree(root) {
  const kids = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(Number(d));
    } catch {}
  }
  const out = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop();
    out.push(p);
    stack.push(...(kids.get(p) ?? []));
  }
  return out;
}

/** CPU ms (user + system) of the processes below `root`. */
function cpuMs(root) {
  let sum = 0;
  for (const p of tree(root)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return (sum * 1000) / ticks;
}

async function phase(page, handle, root, offset) {
  const idle0 = cpuMs(root);
  await page.waitForTimeout(edits * 300);
  const idle = cpuMs(root) - idle0;
  const c0 = cpuMs(root);
  const walls = [];
  for (let i = 0; i < edits; i++) {
    walls.push(
      await handle.evaluate(async (el, v) => {
        el.value = String(v);
        const t0 = performance.now();
        el.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const t = performance.now() - t0;
        await new Promise((r) => setTimeout(r, 300));
        return t;
      }, 1000 * (i + offset) * 3600),
    );
  }
  const cpu = cpuMs(root) - c0;
  return { cpu_per_edit: ((cpu - idle) / edits).toFixed(1), idle_per_edit: (idle / edits).toFixed(1), fastest_wall: Math.min(...walls).toFixed(1) };
}

const { browser, page, size, users } = await openPastedAnchor();
try {
  // Every process this script started (Chromium and its children; this one waits).
  const root = process.pid;
  const handle = await firstUsersRawUsage(page, users);
  await page.waitForTimeout(1000);
  const closed = await phase(page, handle, root, 11);
  await page.getByRole('tab', { name: 'Classic fairshare', exact: true }).click();
  await page.waitForTimeout(1500);
  const open = await phase(page, handle, root, 11 + edits);
  console.log(JSON.stringify({ size, edits, closed, open }));
} finally {
  await browser.close();
}
// The static server keeps the event loop alive.
process.exit(0);
