// What each frame-aligned walk step changes in the DOM, mutation by mutation (run by hand):
//   node e2e/bench/step-mutations.mjs --anchor 10k --perf DIR --dist dist --port P [--steps 100]
//       [--show 8,20,85] (the steps whose mutations are listed; others only counted)
// For each step: nodes added and removed by element kind (tag.class) and the attributes
// changed, in the tree (`.ft-tree`) and in the player, counted in the step's frame and the
// frame after it. Counts only, load-independent.
import path from 'node:path';
import { arg, launchChromium, openPlayer, root, serve } from './common.mjs';

const port = Number(arg('port', 8877));
const anchor = arg('anchor', '10k');
const show = new Set(String(arg('show', '')).split(',').filter(Boolean).map(Number));
await serve(path.resolve(root, arg('dist', 'dist')), port);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const player = await openPlayer(page, port, anchor, null);
  await player.getByRole('radio', { name: 'One step per visit or comparison' }).check();
  // 4×: a select before session 26, a slider since (the sixth stop); benches compare both.
  const select = player.getByRole('combobox', { name: 'Speed' });
  if (await select.count()) await select.selectOption('4');
  else await player.getByRole('slider', { name: 'Speed' }).fill('5');
  await player.getByRole('button', { name: 'Restart' }).click();
  const out = await page.evaluate(async (n) => {
    const region = document.querySelector('[role="region"][aria-label="Ranking animation"]');
    const name = (el) => {
      if (!el || el.nodeType !== 1) return el?.nodeType === 3 ? '#text' : '?';
      const cls = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean)[0];
      return el.tagName.toLowerCase() + (cls ? `.${cls}` : '');
    };
    const where = (t) => {
      const el = t.nodeType === 1 ? t : t.parentElement;
      const r = el?.closest('[role="region"]')?.getAttribute('aria-label') ?? '(page)';
      return r === 'Association tree' ? 'tree' : r === 'Ranking animation' ? 'player' : r;
    };
    let seen = null;
    const count = (records) => {
      for (const r of records) {
        const w = where(r.target);
        if (r.type === 'childList') {
          for (const a of r.addedNodes) { const k = `${w} +${name(a)} in ${name(r.target)}`; seen[k] = (seen[k] ?? 0) + 1; }
          for (const a of r.removedNodes) { const k = `${w} -${name(a)} in ${name(r.target)}`; seen[k] = (seen[k] ?? 0) + 1; }
        } else if (r.type === 'attributes') {
          const k = `${w} @${r.attributeName} on ${name(r.target)}`; seen[k] = (seen[k] ?? 0) + 1;
        } else {
          const k = `${w} text in ${name(r.target.parentElement)}`; seen[k] = (seen[k] ?? 0) + 1;
        }
      }
    };
    const observer = new MutationObserver(count);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const steps = [];
    for (let i = 0; i < n; i++) {
      seen = {};
      await new Promise((resolve) => requestAnimationFrame(() => {
        region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        setTimeout(resolve, 0);
      }));
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      count(observer.takeRecords());
      const said = region.querySelector('[role="status"]')?.textContent ?? '';
      steps.push({ seen, said: said.slice(0, 50) });
    }
    return steps;
  }, Number(arg('steps', 100)));
  const totals = {};
  out.forEach(({ seen, said }, i) => {
    const s = i + 1;
    const treeNodes = Object.entries(seen).filter(([k]) => /^tree [+-]/.test(k)).reduce((a, [, v]) => a + v, 0);
    const treeAttrs = Object.entries(seen).filter(([k]) => /^tree (@|text)/.test(k)).reduce((a, [, v]) => a + v, 0);
    console.log(`${String(s).padStart(4)}  tree ${treeNodes} nodes ${treeAttrs} changes | ${said}`);
    if (show.has(s)) for (const [k, v] of Object.entries(seen).sort()) console.log(`        ${v}  ${k}`);
    for (const [k, v] of Object.entries(seen)) totals[k] = (totals[k] ?? 0) + v;
  });
  console.log('\ntotals over the steps:');
  for (const [k, v] of Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`  ${String(v).padStart(6)}  ${k}`);
} finally {
  await browser.close();
  process.exit();
}
