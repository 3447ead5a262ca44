// What one usage edit changes in the DOM, counted (run by hand; not part of `npx playwright
// test`). Counts do not depend on the machine's load, so they show an A/B difference that frame
// times on a busy machine hide.
//
//   node e2e/bench/edit-mutations.mjs [--dist dist] [--size 1k|10k|100k] [--edits 5]
//        [--port 8878] [--perf DIR] [--detail] [--per-edit] [--tab 'Classic fairshare']
//        [--start 5] [--nodes]
//
// Loads `perf_<size>.json.gz` as workspace.mjs does, selects the first user, and makes `--edits`
// Raw usage edits 600 ms apart. For each, a MutationObserver counts the mutation records from
// the change to the second frame after it (attributes, character data, child lists; nodes added
// and removed; writes that set the value the node already had, "same-value writes"), by the
// nearest labelled region (the tree, the Inspector, …), and the CSS
// transitions running a frame later (`document.getAnimations()`, by property). Printed as the
// mean per edit; `--detail` also names the element (tag and class) of each record; `--per-edit`
// also prints each edit's totals (records, nodes added and removed), to tell a slow edit's work.
// `--tab` opens that side-panel tab first (its panel's own changes are then counted too).
// `--nodes` tells the nodes a child-list record adds or removes apart: *moved* (removed and added
// again, a keyed list's reorder), *made* (new; with the elements inside them) and *dropped*, by
// tag and class of the node itself, so a rebuilt card is told from a moved one.
import { arg, flag, firstUsersRawUsage, openPastedAnchor } from './common.mjs';

const edits = Number(arg('edits', 5));
const tab = arg('tab', null);
// The k-th edit sets 1000 × (k + start) × 3600 (`--start 1`: workspace.mjs's values).
const start = Number(arg('start', 5));

const { browser, page, size, users } = await openPastedAnchor();
try {
  const handle = await firstUsersRawUsage(page, users);
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.waitForTimeout(1000);
  const totals = {};
  for (let i = 0; i < edits; i++) {
    const one = await handle.evaluate(async (el, [v, detail, nodes]) => {
      const where = (node) => {
        let e = node.nodeType === 1 ? node : node.parentElement;
        for (; e; e = e.parentElement) {
          if (e.getAttribute('role') === 'tree' || e.classList?.contains('ft-tree__svg')) return 'tree';
          const label = e.getAttribute('aria-label');
          if (label && (e.getAttribute('role') === 'region' || e.tagName === 'SECTION')) return label;
        }
        return '(page)';
      };
      const counts = {};
      const add = (k, n = 1) => (counts[k] = (counts[k] ?? 0) + n);
      const added = new Set();
      const removed = new Set();
      const name = (n) =>
        n.nodeType === 1 ? `<${n.tagName.toLowerCase()} ${(n.getAttribute('class') ?? '').split(' ')[0]}>` : `#${n.nodeName}`;
      const count = (records) => {
        for (const r of records) {
          if (nodes) {
            for (const n of r.addedNodes) added.add(n);
            for (const n of r.removedNodes) removed.add(n);
          }
          const w = where(r.target);
          const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
          const what = detail ? ` <${t?.tagName.toLowerCase()} ${t?.getAttribute('class') ?? ''}>` : '';
          add(`${w}: ${r.type}${r.type === 'attributes' ? ` ${r.attributeName}` : ''}${what}`);
          if (r.addedNodes.length) add(`${w}: nodes added`, r.addedNodes.length);
          if (r.removedNodes.length) add(`${w}: nodes removed`, r.removedNodes.length);
          // A write of the value the node already had (a rewrite of what did not change).
          const now = r.type === 'attributes' ? r.target.getAttribute(r.attributeName) : r.target.nodeValue;
          if (r.type !== 'childList' && now === r.oldValue) add(`${w}: same-value writes${what}`);
        }
      };
      const observer = new MutationObserver(count);
      observer.observe(document.body, {
        subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true,
        characterDataOldValue: true,
      });
      el.value = String(v);
      el.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      count(observer.takeRecords());
      observer.disconnect();
      for (const n of added) {
        const w = where(n.isConnected ? n : el);
        if (removed.has(n)) add(`${w}: moved ${name(n)}`);
        else {
          add(`${w}: made ${name(n)}`);
          if (n.nodeType === 1) add(`${w}: elements made, with those inside`, 1 + n.querySelectorAll('*').length);
        }
      }
      for (const n of removed) if (!added.has(n)) add(`dropped ${name(n)}`);
      for (const a of document.getAnimations()) add(`running transitions: ${a.transitionProperty ?? a.animationName}`);
      await new Promise((r) => setTimeout(r, 600));
      return counts;
    }, [1000 * (i + start) * 3600, flag('detail'), flag('nodes')]);
    for (const [k, n] of Object.entries(one)) totals[k] = (totals[k] ?? 0) + n;
    if (flag('per-edit')) {
      const sum = (re) => Object.entries(one).filter(([k]) => re.test(k)).reduce((a, [, n]) => a + n, 0);
      console.log(
        `edit ${i + 1}: ${sum(/^(?!running)(?!.*same-value)/)} records; nodes added ${sum(/nodes added/)}, removed ` +
          `${sum(/nodes removed/)}; text ${sum(/characterData/)}; attributes ${sum(/attributes/)}; ` +
          `same-value writes ${sum(/same-value/)}`,
      );
      if (flag('nodes')) {
        for (const [k, n] of Object.entries(one).filter(([k]) => /moved|made|dropped/.test(k))) console.log(`    ${n}  ${k}`);
      }
    }
  }
  console.log(`perf_${size}: mean per usage edit over ${edits} edits`);
  for (const [k, n] of Object.entries(totals).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(n / edits).toFixed(1).padStart(8)}  ${k}`);
  }
} finally {
  await browser.close();
  process.exit();
}
