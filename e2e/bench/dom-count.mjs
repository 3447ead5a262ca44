// How many DOM elements the page holds, in total and outside the tree, on a scenario file
// (default: the 10k anchor), with each side panel open in turn. A benchmark, run by hand:
//   trunk build --release --locked && node e2e/bench/dom-count.mjs [--file F.json(.gz)] [--port P]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { arg, launchChromium, root, serve } from './common.mjs';

const file = arg('file', path.join(root, '..', 'shared', 'perf', 'perf_10k.json.gz'));
const port = Number(arg('port', process.env.E2E_PORT ?? 8790));
const timeout = Number(arg('timeout', 600_000));
const raw = fs.readFileSync(file);
const text = (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');

await serve(path.join(root, 'dist'), port);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(`http://127.0.0.1:${port}/`);
await page.getByRole('tree', { name: 'Association tree' }).waitFor();
await page.getByRole('tab', { name: 'Import', exact: true }).click();
await page.getByLabel('Paste sshare output or scenario JSON').fill(text);
const started = Date.now();
await page.getByRole('button', { name: 'Load', exact: true }).click();
await page
  .getByRole('status')
  .filter({ hasText: /Loaded \d+ associations/ })
  .first()
  .waitFor({ timeout });
const loadMs = Date.now() - started;

/** Elements on the page: all, in the tree's region, in the player, in the side column. */
const count = () =>
  page.evaluate(() => {
    const n = (sel) => [...document.querySelectorAll(sel)].reduce((k, el) => k + el.querySelectorAll('*').length + 1, 0);
    const all = document.querySelectorAll('*').length;
    const tree = n('[role="region"][aria-label="Association tree"]');
    return { all, tree, outsideTree: all - tree, player: n('[role="region"][aria-label="Ranking animation"]'), side: n('.ft-side') };
  });

console.log(`${path.basename(file)}: loaded in ${loadMs} ms (paste → status)`);
const rows = [['(on load)', await count()]];
const tabs = await page.getByRole('tab').allInnerTexts();
for (const name of tabs) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.waitForTimeout(200);
  rows.push([name, await count()]);
}
console.log('panel open                 all   tree  outside-tree  player  side');
for (const [name, c] of rows) {
  console.log(
    `${name.padEnd(24)} ${String(c.all).padStart(6)} ${String(c.tree).padStart(6)} ${String(c.outsideTree).padStart(12)} ${String(c.player).padStart(7)} ${String(c.side).padStart(5)}`,
  );
}
await browser.close();
process.exit(0);
