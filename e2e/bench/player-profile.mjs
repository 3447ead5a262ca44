// Where a step's time goes on a big tree (run by hand; not part of `npx playwright test`).
//
//   node e2e/bench/player-profile.mjs [--dist dist] [--size 500] [--steps 100] [--from 0]
//        [--granularity visit|group] [--reuse] [--top 40] [--callers <name>] [--trace]
//        [--ab 'rule1||rule2'] [--anchor 10k [--perf DIR]] (a perf anchor pasted, no cargo build)
//        [--save-trace FILE] (with --trace: the raw events as JSON, for chrome://tracing)
//        [--css '<rules>'] (a style sheet added before the steps)
//        [--mutations] (the DOM changes per step, by region and class: CPU-independent)
//        [--mouse X,Y] (the mouse moved there before the steps; else it stays on Restart)
//
// Opens the built app with a generated tree (as player-frames.mjs does), moves the cursor one
// step per frame `--steps` times from step `--from`, and prints what Chromium's DevTools say
// about those steps: the Performance domain's durations (script, style, layout, task) and DOM
// node counts per region, then the CPU profile's functions by self time (with `--callers`, who
// calls a function), or with `--trace` a timeline trace's events by thread. `--ab` compares CSS
// rules (or `js:` scripts) on one page instead. For readable function names build without
// wasm-opt (an index.html with data-wasm-opt="0", e.g. index-prof.html, gitignored) into
// another dist.
import path from 'node:path';
import {
  arg,
  flag,
  launchChromium,
  metrics,
  openPlayer,
  printTop,
  profileTimes,
  root,
  scenarioFragment,
  serve,
  startRecording,
  traceTotals,
} from './common.mjs';

const dist = path.resolve(root, arg('dist', 'dist'));
const size = Number(arg('size', 500));
const steps = Number(arg('steps', 100));
const from = Number(arg('from', 0));
const top = Number(arg('top', 40));
const port = Number(arg('port', 8878));
const granularity = arg('granularity', 'visit');

const anchor = arg('anchor', null);
const fragment = anchor ? null : scenarioFragment(size, flag('reuse'));
await serve(dist, port);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const player = await openPlayer(page, port, anchor, fragment);
  if (granularity === 'visit') {
    await player.getByRole('radio', { name: 'One step per visit or comparison' }).check();
  }
  await player.getByRole('button', { name: 'Restart' }).click();
  const mouse = arg('mouse', null);
  if (mouse) await page.mouse.move(...mouse.split(',').map(Number));
  const css = arg('css', null);
  if (css) await page.addStyleTag({ content: css });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const ab = arg('ab', null);
  if (ab !== null) await compareRules(page, player, cdp, ab.split('||'));
  else await profileSteps(page, cdp);
} finally {
  await browser.close();
  // The static server is a child process: without this the run never ends.
  process.exit();
}

/**
 * `--ab`: each of three rounds applies each rule in turn (the empty rule is the baseline),
 * restarts the walk and times the steps; prints the median task and script time per step. A
 * rule starting with "js:" is a script run in the page (it cannot be undone: put it last).
 */
async function compareRules(page, player, cdp, rules) {
  const results = rules.map(() => []);
  for (let round = 0; round < 3; round++) {
    for (const [i, rule] of rules.entries()) {
      const script = rule.startsWith('js:');
      if (script) await page.evaluate(rule.slice(3));
      const tag = rule && !script ? await page.addStyleTag({ content: rule }) : null;
      await player.getByRole('button', { name: 'Restart' }).click();
      const mouse = arg('mouse', null);
      if (mouse) await page.mouse.move(...mouse.split(',').map(Number));
      for (let k = 0; k < from; k++) await step(page);
      const m0 = await metrics(cdp);
      for (let k = 0; k < steps; k++) await step(page);
      const m1 = await metrics(cdp);
      results[i].push({
        task: (1000 * (m1.TaskDuration - m0.TaskDuration)) / steps,
        script: (1000 * (m1.ScriptDuration - m0.ScriptDuration)) / steps,
      });
      if (tag) await tag.evaluate((el) => el.remove());
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[1].toFixed(1);
  for (const [i, rule] of rules.entries()) {
    const tasks = results[i].map((r) => r.task);
    const scripts = results[i].map((r) => r.script);
    console.log(
      `task ${median(tasks)} ms (${tasks.map((t) => t.toFixed(0)).join(' ')}), ` +
        `script ${median(scripts)} ms  ${rule || '(baseline)'}`,
    );
  }
}

/** The default mode: DevTools metrics, DOM census, and a CPU profile or a timeline trace. */
async function profileSteps(page, cdp) {
  for (let i = 0; i < from; i++) await step(page);
  if (flag('mutations')) await observeMutations(page);
  const before = await metrics(cdp);
  const tracing = flag('trace');
  const stop = await startRecording(cdp, tracing);
  const t0 = Date.now();
  for (let i = 0; i < steps; i++) await step(page);
  const wall = Date.now() - t0;
  const { profile, events } = await stop();
  if (tracing) reportTrace(events);
  const saveTo = arg('save-trace', null);
  if (saveTo) (await import('node:fs')).writeFileSync(saveTo, JSON.stringify(events));
  const after = await metrics(cdp);

  const d = (k) => after[k] - before[k];
  const ms = (k) => ((1000 * d(k)) / steps).toFixed(1);
  console.log(`${steps} steps from step ${from}, ${granularity} granularity, wall ${(wall / steps).toFixed(1)} ms/step`);
  console.log(
    `per step: task ${ms('TaskDuration')} ms, script ${ms('ScriptDuration')} ms, ` +
      `style ${ms('RecalcStyleDuration')} ms (${(d('RecalcStyleCount') / steps).toFixed(1)}×), ` +
      `layout ${ms('LayoutDuration')} ms (${(d('LayoutCount') / steps).toFixed(1)}×)`,
  );
  console.log(`DOM nodes ${before.Nodes} → ${after.Nodes}, JS heap ${(after.JSHeapUsedSize / 1e6).toFixed(1)} MB`);
  // Where the DOM nodes are: per landmark region, elements and all nodes (comments, text).
  const census = await page.evaluate(() =>
    [...document.querySelectorAll('[role="region"]')].map((r) => {
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_ALL);
      let nodes = 0;
      let comments = 0;
      while (walker.nextNode()) {
        nodes += 1;
        if (walker.currentNode.nodeType === Node.COMMENT_NODE) comments += 1;
      }
      return `${r.getAttribute('aria-label')}: ${r.querySelectorAll('*').length} elements, ${nodes} nodes (${comments} comments)`;
    }),
  );
  console.log(census.map((c) => `  ${c}`).join('\n'));
  if (profile) reportProfile(profile, arg('callers', null));
  if (flag('mutations')) await reportMutations(page);
}

/** `--mutations`: counts the DOM changes the steps make (CPU-independent), by region and class. */
async function observeMutations(page) {
  await page.evaluate(() => {
    const seen = { nodes: 0, other: 0, where: {} };
    window.__mutations = seen;
    const where = (node) => {
      const t = node.nodeType === 1 ? node : node.parentElement;
      const region = t?.closest('[role="region"]')?.getAttribute('aria-label') ?? '(page)';
      const cls = (t?.getAttribute('class') ?? '').split(' ')[0];
      return `${region}: <${t?.tagName.toLowerCase()} ${cls}>`;
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const n = r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1;
        if (r.type === 'childList') seen.nodes += n;
        else seen.other += 1;
        const k = `${where(r.target)} ${r.type === 'attributes' ? r.attributeName : r.type}`;
        seen.where[k] = (seen.where[k] ?? 0) + n;
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

async function reportMutations(page) {
  const seen = await page.evaluate(() => window.__mutations);
  console.log(
    `DOM changes per step: ${(seen.nodes / steps).toFixed(1)} nodes added or removed, ` +
      `${(seen.other / steps).toFixed(1)} attribute or text changes; by where they land:`,
  );
  for (const [k, n] of Object.entries(seen.where).sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${(n / steps).toFixed(2).padStart(7)}  ${k}`);
  }
}

/** Total duration of complete events per thread and name (nested events count again). */
function reportTrace(events) {
  console.log('trace: total ms per step by thread and event (nested events overlap):');
  printTop(traceTotals(events), steps, { n: top, width: Infinity });
}

/** Self time per function from the sampled CPU profile; callers of `callersOf` (a substring). */
function reportProfile(profile, callersOf) {
  const { total, self, callers } = profileTimes(profile, { callersOf, depth: 6, width: 90 });
  console.log(`\nCPU profile: ${(total / steps).toFixed(1)} ms sampled per step; self time per step:`);
  printTop(self, steps, { n: top });
  if (callersOf) {
    console.log(`\ncallers of ${callersOf}:`);
    printTop(callers, steps, { n: 8, width: 2000 });
  }
}

/** One step (ArrowRight in the player), then two frames, or a second each if none comes
 * (headless Chromium sometimes skips frames). */
async function step(page) {
  await page.evaluate(async () => {
    const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
    region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    const frame = () =>
      new Promise((r) => {
        requestAnimationFrame(r);
        setTimeout(r, 1000);
      });
    await frame();
    await frame();
  });
}
