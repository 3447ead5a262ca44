// What the browser benchmarks share: their arguments, the generated scenario, the static server
// for a built dist/, and Chromium.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

/** The project's root directory. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** Whether `--name` is on the command line. */
export function flag(name) {
  return process.argv.includes(`--${name}`);
}

/**
 * The URL fragment of a generated tree of `size` associations (the share-link format:
 * #scenario=<base64url JSON>). The engine's generator writes it through an ignored Rust test;
 * with `reuse`, a file written by an earlier run is kept (no cargo build while measuring).
 */
export function scenarioFragment(size, reuse = false) {
  const file = path.join(os.tmpdir(), `fairshare-bench-${size}.json`);
  if (!(reuse && fs.existsSync(file))) {
    execFileSync(
      'cargo',
      ['test', '-q', '-p', 'fairshare-explorer', '--lib', 'write_bench_scenario', '--', '--ignored'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, BENCH_SCENARIO_OUT: file, BENCH_SCENARIO_SIZE: String(size) },
      },
    );
  }
  const json = fs.readFileSync(file, 'utf8');
  return `#scenario=${Buffer.from(json, 'utf8').toString('base64url')}`;
}

/**
 * Serves `dir` on 127.0.0.1:`port` until the process exits; resolves once it answers. Fails when
 * the port is taken (another run's or another worktree's server would answer instead, and the
 * benchmark would measure that server's build) or the server stops before it answers.
 */
export async function serve(dir, port) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`${dir} has no index.html: run \`trunk build --release --locked\` first`);
    process.exit(1);
  }
  const taken = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (e) => resolve(e.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
  if (taken) {
    throw new Error(`port ${port} is already taken (another server would answer): choose another with --port`);
  }
  const server = spawn('python3', ['e2e/serve.py', '--port', String(port), '--dir', dir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d) => (stderr += d));
  let exited = null;
  server.on('exit', (code) => (exited = code));
  process.on('exit', () => server.kill());
  const url = `http://127.0.0.1:${port}/index.html`;
  for (let i = 0; i < 100; i++) {
    if (exited !== null) {
      throw new Error(`the server for ${dir} stopped (exit ${exited}) before it answered:\n${stderr}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no server at ${url}`);
}

/**
 * Headless Chromium from the system (Playwright's own download does not work here).
 * `CHROMIUM_EXTRA` adds switches for an experiment, e.g.
 * `CHROMIUM_EXTRA=--js-flags=--no-wasm-lazy-compilation` (what the mount's lazy compilation costs).
 */
export function launchChromium() {
  const extra = process.env.CHROMIUM_EXTRA?.split(' ').filter(Boolean) ?? [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', ...extra],
  });
}

/**
 * Runs `body`, then closes `browser` and ends the process (the static server is a child
 * process: without the exit the run never ends). An error is printed and sets exit status 1.
 */
export async function runThenExit(browser, body) {
  try {
    await body();
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  } finally {
    await browser.close();
    process.exit();
  }
}

/**
 * Starts DevTools recording on `cdp`: a timeline trace when `tracing`, else the sampling CPU
 * profiler (200 µs). Returns `stop()`, which ends it and resolves to `{ profile, events }`
 * (the CPU profile, or `null` and the trace's events).
 */
export async function startRecording(cdp, tracing, extraCategories = '') {
  const events = [];
  if (tracing) {
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    await cdp.send('Tracing.start', {
      categories: `devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack,blink,cc,viz${extraCategories}`,
      transferMode: 'ReportEvents',
    });
  } else {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  return async () => {
    if (!tracing) return { profile: (await cdp.send('Profiler.stop')).profile, events };
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    return { profile: null, events };
  };
}

/**
 * Opens the app served on `port` in `page` and pastes `text` (a scenario JSON or an sshare
 * text) into the Import panel, without loading it (a benchmark that times the load clicks Load
 * itself).
 */
export async function openAndPaste(page, port, text) {
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  await page.getByRole('tree', { name: 'Association tree' }).waitFor();
  const importTab = page.getByRole('tab', { name: 'Import' });
  if (await importTab.count()) await importTab.click();
  const area = page.getByRole('textbox', { name: 'Paste sshare output or scenario JSON' });
  await area.evaluate((el, t) => {
    el.value = t;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/**
 * Opens the app served on `port` in `page`, pastes `text` (a perf tree's scenario JSON) into the
 * Import panel, loads it, and waits until the root's name says `marker` (": N users"; see
 * `readAnchor`).
 */
export async function pasteTree(page, port, text, marker) {
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await openAndPaste(page, port, text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.waitForFunction(
    (m) => document.querySelector('[role="treeitem"][data-kind="root"]')?.getAttribute('aria-label')?.replaceAll(',', '').includes(m),
    marker,
  );
}

/**
 * A perf anchor `perf_<size>.json.gz` from `perfDir`: its scenario JSON, its user associations,
 * and the marker the root's name carries once it is on screen (": N users"). The page groups the
 * count (`: 10,000 users`), dists from before it did not: the benches look for the marker in the
 * name without its commas, so one marker finds the root in both (A/B runs).
 */
export function readAnchor(perfDir, size) {
  const json = zlib.gunzipSync(fs.readFileSync(path.join(perfDir, `perf_${size}.json.gz`))).toString('utf8');
  const users = JSON.parse(json).associations.filter((a) => a.user);
  return { json, users, marker: `: ${users.length} users` };
}

/**
 * The edit benches' start, from their shared arguments (`--dist dist`, `--size 1k`,
 * `--port 8878`, `--perf ../shared/perf`): serves the dist, opens it at 1440x900 in Chromium and
 * pastes the anchor tree (`readAnchor`). Returns the browser, the page, the size and the anchor's
 * users.
 */
export async function openPastedAnchor() {
  const dist = path.resolve(root, arg('dist', 'dist'));
  const size = arg('size', '1k');
  const port = Number(arg('port', 8878));
  const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));
  const { json, users, marker } = readAnchor(perfDir, size);
  await serve(dist, port);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await pasteTree(page, port, json, marker);
  return { browser, page, size, users };
}

/**
 * Opens a tree on `page` for the player benchmarks: the perf anchor `anchor` pasted (from
 * `--perf`, default ../shared/perf), or else the share link `fragment`. Resolves to the
 * `Ranking animation` region once its Play button shows.
 */
export async function openPlayer(page, port, anchor, fragment) {
  if (anchor) {
    const { json, marker } = readAnchor(arg('perf', path.join(root, '..', 'shared', 'perf')), anchor);
    await pasteTree(page, port, json, marker);
  } else {
    await page.goto(`http://127.0.0.1:${port}/${fragment}`);
  }
  const player = page.getByRole('region', { name: 'Ranking animation' });
  await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
  return player;
}

/**
 * Selects the first user on screen (found by name when the collapsed tree shows none), opens the
 * Inspector, and returns the handle of its Raw usage field.
 */
export async function firstUsersRawUsage(page, users) {
  let user = page.locator('[role="treeitem"][data-kind="user"]').first();
  if (!(await user.count())) {
    const find = page.getByRole('searchbox', { name: 'Find user or account' });
    await find.fill(`${users[0].account}/${users[0].user}`);
    await find.press('Enter');
    user = page.locator('[role="treeitem"][data-kind="user"]').first();
  }
  await user.click();
  const inspectorTab = page.getByRole('tab', { name: 'Inspector' });
  if (await inspectorTab.count()) await inspectorTab.click();
  return page.getByRole('region', { name: 'Inspector' }).getByRole('spinbutton', { name: 'Raw usage' }).first().elementHandle();
}

/** DevTools' Performance metrics (the domain enabled on `cdp`) by name. */
export async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** A function's name without the hash a Rust symbol carries in the wasm build. */
const unhashed = (f) => f.replace(/::h[0-9a-f]{16}/, '');

/**
 * Where a sampled CPU profile's time went (ms, summed over its samples), by function:
 * - `self`: the sample's own function (`(anonymous <file>)` when it has no name);
 * - `inclusive`: every distinct function on the sample's stack;
 * - `owners`: the innermost app or engine function on the stack (`(none)`), idle, program and
 *   garbage collector left out: who the time, plumbing included, is for;
 * - `callers` (with `callersOf`, a substring of a function's name): the chain of up to `depth`
 *   callers above the innermost function so named, each cut to `width` characters;
 * - `callees` (with `calleesOf`): the function just below the outermost one so named (`(self)`
 *   when the time is its own).
 * `skip(stack, t)` (the stack's function names, innermost first) leaves a sample out when true.
 * `total` is the time of the samples kept.
 */
export function profileTimes(profile, { callersOf = null, calleesOf = null, depth = 8, width = 100, skip = null } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = { self: new Map(), inclusive: new Map(), owners: new Map(), callers: new Map(), callees: new Map() };
  const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
  let total = 0;
  profile.samples.forEach((id, i) => {
    const t = (profile.timeDeltas[i] ?? 0) / 1000;
    const stack = [];
    for (let p = id; p; p = parent.get(p)) stack.push(byId.get(p).callFrame.functionName);
    if (skip?.(stack, t)) return;
    total += t;
    const frame = byId.get(id).callFrame;
    const name = frame.functionName || `(anonymous ${path.basename(frame.url)})`;
    add(maps.self, name, t);
    const names = stack.map(unhashed);
    for (const f of new Set(names.filter(Boolean))) add(maps.inclusive, f, t);
    if (!/\((idle|program|garbage collector)\)/.test(name)) {
      add(maps.owners, names.find((f) => /^fairshare_explorer|^fairshare::/.test(f)) ?? '(none)', t);
    }
    if (callersOf) {
      const at = names.findIndex((f) => f.includes(callersOf));
      if (at >= 0) {
        const chain = names.slice(at + 1, at + 1 + depth).map((f) => f.slice(0, width));
        add(maps.callers, chain.join('\n      <- '), t);
      }
    }
    if (calleesOf) {
      const at = names.findLastIndex((f) => f.includes(calleesOf));
      if (at >= 0) add(maps.callees, at === 0 ? '(self)' : names[at - 1], t);
    }
  });
  return { total, ...maps };
}

/**
 * Prints the `n` largest entries of a name → ms map, per `units`, one line each
 * (`   1.25 ms  name`, the name cut to `width` characters); `filter` keeps the names it matches.
 */
export function printTop(map, units, { n = 40, width = 140, filter = /./ } = {}) {
  [...map.entries()]
    .filter(([k]) => filter.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, t]) => console.log(`  ${(t / units).toFixed(2).padStart(7)} ms  ${k.slice(0, width)}`));
}

/** From a timeline trace: total duration (ms) of its complete events by thread and name (nested
 * events overlap). */
export function traceTotals(events) {
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
  return totals;
}

/** The `p`th percentile of `xs` (nearest rank). */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/**
 * Clicks the Classic fairshare tab and returns the ms until its table's first row is painted
 * (a DevTools timestamp `open` marks the click for traces): an animation-frame callback asked
 * for before the click (so it runs before any the app asks for while it builds the panel) looks
 * for the row at each frame, and the first frame that has it is painted when a task queued from
 * that callback runs (before the tasks the app queues after that paint, which the browser runs
 * in the order they were queued). `poll` (`--poll`: the figures before session 21, 2026-11-28)
 * looks for the row with 1 ms timers instead, which the browser runs only after the frame that
 * paints the table when the build is long, then waits for one more frame and for the tasks the
 * app queued after the paint: a frame or more past the paint.
 */
export async function openClassicTimed(page, poll = flag('poll')) {
  return page.evaluate(async (poll) => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Classic fairshare');
    const row = '[role="region"][aria-label="Classic fairshare"] [data-testid="classic-table"] tbody tr[data-assoc-id]';
    // A row of the shown panel (a panel built before, kept hidden, holds rows too).
    const shown = () => [...document.querySelectorAll(row)].some((r) => !r.closest('[role="tabpanel"]').hidden);
    if (poll) {
      console.timeStamp('open');
      const t0 = performance.now();
      tab.click();
      while (!shown()) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    }
    let t0;
    const painted = new Promise((resolve) => {
      const frame = () => {
        if (shown()) setTimeout(() => resolve(performance.now() - t0), 0);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    console.timeStamp('open');
    t0 = performance.now();
    tab.click();
    return painted;
  }, poll);
}
