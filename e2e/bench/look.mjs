// Screenshots for looking at the page as its users will (run by hand; not a test):
//
//   trunk build --release --locked && node e2e/bench/look.mjs [--perf DIR] [--out DIR] [--lang en]
//
// Opens the release dist/ in headless Chromium at 1440x900 and at 390x844, on the default preset,
// on test24.4, on the 10k anchor (pasted, then a user found by name and the walk stepped), on a
// plain `sshare -l -P` paste (no -a) cut from it for one user, and on two days of the 10k anchor
// published into dist/look-days/ (e2e/fixtures/timeline.mjs) as a before/after pair with the
// user who moved most selected (`src=`, `before=`, `me=`) and as a timeline; then the first views a trainer
// and a docs page show: presenter mode (`present=1`) at 1280x720, 1440x900 and 1920x1080, and
// `embed=1` inside an 800x600 iframe. Writes one PNG per view into --out (default
// e2e/screenshots/look/). Prints the page's scroll width, height and element count for each, so
// sideways scrolling or a runaway DOM shows at once. `--only first` takes only the first views
// (the default preset at both sizes, presenter and embed), which need no CLI build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { arg, launchChromium, root, runThenExit, serve } from './common.mjs';
import { cliDiff, publishDays } from '../fixtures/timeline.mjs';

const perfDir = arg('perf', path.join(root, '..', 'shared', 'perf'));
const out = arg('out', path.join(root, 'e2e', 'screenshots', 'look'));
const lang = arg('lang', 'en');
const port = Number(arg('port', 8879));
const only = arg('only', 'all');
fs.mkdirSync(out, { recursive: true });

const tenK = only === 'first' ? '' : zlib.gunzipSync(fs.readFileSync(path.join(perfDir, 'perf_10k.json.gz'))).toString('utf8');
const deepUser = only === 'first' ? null : (() => {
  const assocs = JSON.parse(tenK).associations;
  const byId = new Map(assocs.map((a) => [a.id, a]));
  const depth = (a) => (a.parent === null ? 0 : 1 + depth(byId.get(a.parent)));
  return assocs.filter((a) => a.user).reduce((best, a) => (depth(a) > depth(best) ? a : best));
})();

// A plain `sshare -l -P` (no -a) as the deep user would paste it from a terminal: every account,
// only their own user row, with the shell prompt around it. Cut here from the 10k anchor's whole
// output, printed by the CLI (build it first: `cargo build -p fairshare-cli`).
const plainPaste = only === 'first' ? '' : (() => {
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'look-')), 'perf_10k.json');
  fs.writeFileSync(json, tenK);
  const cli = path.join(root, 'target', 'debug', 'fairshare');
  const whole = execFileSync(cli, ['convert', '--to', 'sshare', json], { encoding: 'utf8' });
  const rows = whole.trimEnd().split('\n');
  const kept = rows.filter((l, i) => i === 0 || l.split('|')[1] === '' || l.split('|')[1] === deepUser.user);
  return `[${deepUser.user}@login1 ~]$ sshare -l -P\n${kept.join('\n')}\n[${deepUser.user}@login1 ~]$ \n`;
})();

// Two days of the 10k anchor, as a docs site publishes them; `mover` is the user whose position
// changed most between them, by the CLI's diff (the page's own matching, by name).
const days = only === 'first' ? null : publishDays({ scenario: JSON.parse(tenK), days: 2, dir: 'look-days' });
const mover = days
  ? cliDiff(days[0], days[1]).users
      .filter((u) => u.position_before !== null && u.position !== null)
      .reduce((best, u) => (Math.abs(u.position - u.position_before) > Math.abs(best.position - best.position_before) ? u : best))
  : null;

await serve(path.join(root, 'dist'), port);
const browser = await launchChromium();

async function shot(page, name) {
  const facts = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
    elements: document.getElementsByTagName('*').length,
  }));
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log(name.padEnd(28), JSON.stringify(facts));
}

await runThenExit(browser, async () => {
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      const size = `${w}x${h}`;
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      const base = `http://127.0.0.1:${port}/index.html?fresh=1&lang=${lang}`;
      await page.goto(base);
      await page.getByRole('tree').waitFor();
      await shot(page, `preset-${size}`);
      if (only === 'first') {
        await page.close();
        continue;
      }

      await page.goto(`${base}&preset=test24-4`);
      await page.getByRole('tree').waitFor();
      await shot(page, `test24.4-${size}`);

      await page.goto(base);
      await page.getByRole('tree').waitFor();
      const importTab = page.getByRole('tab', { name: lang === 'ja' ? 'インポート' : 'Import' });
      if (await importTab.count()) await importTab.click();
      await page.locator('textarea').first().evaluate((el, t) => {
        el.value = t;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, tenK);
      await page.locator('button', { hasText: /^(Load|読み込む)$/ }).first().click();
      // Loaded when the root's name counts the 10k tree's users (grouped or not: compared without commas).
      const users = JSON.parse(tenK).associations.filter((a) => a.user).length;
      await page.locator('[role="treeitem"][data-kind="root"]').first().waitFor({ state: 'attached' });
      await page.waitForFunction(
        (n) => document.querySelector('[role="treeitem"][data-kind="root"]')?.getAttribute('aria-label')?.replaceAll(',', '').includes(String(n)),
        users,
      );
      await shot(page, `10k-${size}`);
      const find = page.getByRole('searchbox').first();
      if (await find.count()) {
        await find.fill(`${deepUser.account}/${deepUser.user}`);
        await find.press('Enter');
        await page.waitForTimeout(500);
        await shot(page, `10k-found-${size}`);
        const player = page.getByRole('region', { name: /Ranking animation|順位付け/ });
        await player.getByRole('button', { name: /^(Restart|最初から)/ }).first().click().catch(() => {});
        for (let i = 0; i < 12; i++) await player.getByRole('button', { name: /^(Step forward|1ステップ進む)/ }).first().click().catch(() => {});
        await page.waitForTimeout(400);
        await shot(page, `10k-walk-${size}`);
      }

      await page.goto(base);
      await page.getByRole('tree').waitFor();
      if (await importTab.count()) await importTab.click();
      await page.locator('textarea').first().evaluate((el, t) => {
        el.value = t;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, plainPaste);
      await page.locator('button', { hasText: /^(Load|読み込む)$/ }).first().click();
      await page.locator(`[role="treeitem"][data-name="${deepUser.user}"][aria-selected="true"]`).first().waitFor({ state: 'attached' });
      await page.waitForTimeout(500);
      await shot(page, `plain-sshare-${size}`);

      const me = encodeURIComponent(`${mover.account}/${mover.user}`);
      await page.goto(`${base}&src=look-days/day1.txt&before=look-days/day0.txt&me=${me}`);
      await page.locator(`[role="treeitem"][data-name="${mover.user}"][aria-selected="true"]`).first().waitFor({ state: 'attached', timeout: 120_000 });
      await page.waitForTimeout(800);
      await shot(page, `before-after-${size}`);
      // The answer to "why did I move?", scrolled into view where it sits in the side column.
      const since = page.getByRole('region', { name: /Since the before snapshot|前のスナップショットから/ });
      await since.getByRole('status').waitFor({ timeout: 120_000 });
      await since.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shot(page, `before-after-why-${size}`);

      await page.goto(`${base}&timeline=look-days/timeline.txt&me=${me}`);
      await page.getByRole('slider', { name: /Moment|時点/ }).waitFor({ timeout: 120_000 });
      await page.waitForTimeout(800);
      await shot(page, `timeline-${size}`);
      await page.close();
    }

    // Presenter mode, the trainer's first slide.
    for (const [w, h] of [
      [1280, 720],
      [1440, 900],
      [1920, 1080],
    ]) {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.goto(`http://127.0.0.1:${port}/index.html?fresh=1&lang=${lang}&present=1`);
      await page.getByRole('tree').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `present-${w}x${h}`);
      await page.close();
    }

    // A docs page embedding the app in an 800x600 iframe.
    {
      const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
      await page.setContent(
        `<iframe title="embedded" src="http://127.0.0.1:${port}/index.html?fresh=1&lang=${lang}&embed=1" style="width:800px;height:600px;border:1px solid #888"></iframe>`,
      );
      await page.frameLocator('iframe').getByRole('tree').waitFor();
      await page.waitForTimeout(300);
      const facts = await page.frames()[1].evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
        elements: document.getElementsByTagName('*').length,
      }));
      await page.locator('iframe').screenshot({ path: path.join(out, 'embed-800x600.png') });
      console.log('embed-800x600'.padEnd(28), JSON.stringify(facts));
      await page.close();
    }
});
