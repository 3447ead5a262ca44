// Which layout a one-text change costs, region by region (run by hand; not part of
// `npx playwright test`): issue 24 §5's "a text change does not lay out the whole document".
//
//   node e2e/bench/relayout.mjs --anchor 10k [--perf DIR] [--dist dist] [--port 8880]
//       [--repeat 7] (changes per region; the median CPU is printed) [--steps 30] (walk steps
//       taken first, after Restart)
//       [--css '<rules>'] (a style sheet added first: try a containment without a build)
//       [--wrap 'SELECTOR'] (each match moved into a new <div style="contain: size layout;
//       height: H px"> of its own height, and width with --wrap-width: a relayout boundary tried
//       without a build)
//       [--probe] (a fresh <div style="contain: size layout; height: 50px"><p>…</p></div>
//       appended to each region's parent, then its text changed: whether the page lets a
//       boundary there be laid out alone)
//
// The app opens with the 10k anchor pasted (as player-frames.mjs does), at 1400x1000 (the docked
// player). For each region, the first text node under it is rewritten in a frame of its own,
// under a DevTools timeline trace, and the frame's Layout events are read: objects dirty of the
// total, and Blink's `partialLayout` (true: laid out from relayout boundaries; false: the
// whole document from the LayoutView), with their main-thread CPU (tdur). Counts do not
// depend on the machine's load; CPU depends little.
import path from 'node:path';
import { arg, flag, launchChromium, openPlayer, root, serve } from './common.mjs';

const port = Number(arg('port', 8880));
const repeat = Number(arg('repeat', 7));
await serve(path.resolve(root, arg('dist', 'dist')), port);
const browser = await launchChromium();

// What a walk step or a scrubber step rewrites (e2e/bench/player-frames.mjs --per-step,
// snapshots.mjs --detail), one selector each.
const REGIONS = [
  ['narration', '.ft-player__narration'],
  ['step position', '.ft-controls__position'],
  ['group caption', '.ft-group__caption'],
  ['group row cell', '.ft-group__body > .ft-group__row:not([hidden]) .ft-group__name'],
  ['counters', '.ft-counters__item dd'],
  ['card text', '.ft-tree__cards > .ft-node text'],
  ['treeitem label', '.ft-tree__items .ft-item'],
  ['inspector', '[role="region"][aria-label="Inspector"] h2, [role="region"][aria-label="Inspector"] p'],
];

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const player = await openPlayer(page, port, arg('anchor', '10k'), null);
  await player.getByRole('button', { name: 'Restart' }).click();
  // Into the walk, where a step shows a sibling group, its counters and a current card.
  await page.evaluate(async (n) => {
    const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
    for (let i = 0; i < n; i++) {
      region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
    }
  }, Number(arg('steps', 30)));
  await page.waitForTimeout(800);
  const css = arg('css', null);
  if (css) await page.addStyleTag({ content: css });
  const wrap = arg('wrap', null);
  if (wrap)
    console.log(
      'wrapped:',
      await page.evaluate(({ sel, fixedWidth }) => {
        const els = [...document.querySelectorAll(sel)];
        for (const e of els) {
          const h = e.getBoundingClientRect().height;
          const w = document.createElement('div');
          w.style.cssText = `contain: size layout; height: ${h}px${fixedWidth ? `; width: ${e.getBoundingClientRect().width}px` : ''}`;
          e.before(w);
          w.append(e);
        }
        return els.length;
      }, { sel: wrap, fixedWidth: flag('wrap-width') }),
    );
  const cdp = await page.context().newCDPSession(page);
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  for (const [name, selector] of REGIONS) {
    let target = selector;
    if (flag('probe')) {
      const ok = await page.evaluate((sel) => {
        const e = document.querySelector(sel);
        if (!e?.parentElement) return false;
        document.getElementById('relayout-probe')?.remove();
        const d = document.createElement('div');
        d.id = 'relayout-probe';
        d.style.cssText = 'contain: size layout; height: 50px; display: block';
        d.innerHTML = '<p>probe</p>';
        e.parentElement.append(d);
        return true;
      }, selector);
      if (!ok) {
        console.log(`${name}: not on the page`);
        continue;
      }
      target = '#relayout-probe p';
    }
    const rows = [];
    for (let k = 0; k < repeat; k++) {
      await frames();
      const events = [];
      const on = (e) => events.push(...e.value);
      cdp.on('Tracing.dataCollected', on);
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      const found = await page.evaluate(
        ({ sel, k }) =>
          new Promise((resolve) => {
            const e = document.querySelector(sel);
            const walker = e && document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            const text = walker?.nextNode();
            if (!text) return resolve(false);
            // One character more, then one less: a text of about the same size.
            text.textContent = k % 2 ? text.textContent.slice(0, -1) : `${text.textContent}x`;
            requestAnimationFrame(() => setTimeout(() => resolve(true), 30));
          }),
        { sel: target, k },
      );
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', on);
      if (!found) break;
      const layouts = events.filter((e) => e.name === 'Layout' && e.ph === 'X');
      rows.push({
        n: layouts.length,
        dirty: layouts.map((e) => `${e.args?.beginData?.dirtyObjects} of ${e.args?.beginData?.totalObjects}`).join(', '),
        whole: layouts.filter((e) => e.args?.beginData?.partialLayout === false).length,
        cpu: layouts.reduce((a, e) => a + (e.tdur ?? e.dur), 0) / 1000,
      });
    }
    if (!rows.length) {
      console.log(`${name}: not on the page`);
      continue;
    }
    const wholes = rows.filter((r) => r.whole).length;
    console.log(
      `${name}${flag('probe') ? ' (probe beside it)' : ''}: ${wholes} of ${rows.length} changes laid out the whole document; ` +
        `objects dirty ${rows.find((r) => r.n)?.dirty ?? 'none'}; layout CPU median ${median(rows.map((r) => r.cpu)).toFixed(2)} ms`,
    );
  }
} finally {
  await browser.close();
  process.exit(0);
}
