// Partial output (issue 20 §2–§4): a plain-`sshare` paste (every account, one user's rows: cut here
// from the 1k anchor tree as sshare without -a would print it) loads with that user selected, an
// inferred card for each account's hidden users, and FairShare "not computable"; on a phone, Load
// brings the tree into view.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ExplorerPage } from './fixtures/page.mjs';
import { cli, ensureCli } from './fixtures/cli.mjs';

test.beforeAll(ensureCli);

/** `sshare -a -l -P` of the 1k anchor, cut to what plain `sshare -l -P` prints for `me`. */
function plainSshare(me) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fairshare-partial-'));
  const json = path.join(dir, 'perf_1k.json');
  writeFileSync(json, zlib.gunzipSync(readFileSync(new URL('./fixtures/perf_1k.json.gz', import.meta.url))));
  const whole = execFileSync(cli, ['convert', '--to', 'sshare', json], { encoding: 'utf8' });
  const lines = whole.trimEnd().split('\n');
  const kept = lines.filter((l, i) => i === 0 || l.split('|')[1] === '' || l.split('|')[1] === me);
  const mine = kept.find((l) => l.split('|')[1] === me).split('|');
  return { text: `${kept.join('\n')}\n`, printedFairShare: mine[7], printedLevelFs: mine[8] };
}

test('a plain sshare paste selects the caller, shows inferred cards and no computed FairShare', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  const { text, printedLevelFs, printedFairShare } = plainSshare('u000004');
  await app.pasteAndLoad(text);

  const me = page.locator('[role="treeitem"][data-name="u000004"]');
  await expect(me).toHaveAttribute('aria-selected', 'true');
  // Not computable from the paste: no FairShare, no rank; Level FS is Slurm's printed one.
  await expect(me).toHaveAttribute('data-fairshare', '');
  await expect(me).toHaveAttribute('data-rank', '');
  await expect(me).toHaveAttribute('aria-label', /FairShare not computable from this output/);
  // Recomputed from the printed RawUsage, which sshare truncates: within that truncation.
  const lf = Number(await me.getAttribute('data-level-fs'));
  expect(Math.abs(lf - Number(printedLevelFs)) / lf).toBeLessThan(1e-3);

  const hidden = page.locator('[role="treeitem"][data-kind="hidden"][data-inferred="true"]');
  await expect(hidden.first()).toBeAttached();
  await expect(hidden.first()).toHaveAttribute('aria-label', /hidden users' shares in a\d+ \(inferred from the paste\)/);
  // The Inspector: FairShare not computable, Slurm's printed one beside it, marked as printed,
  // and "Why is my FairShare this?" offered at once, one level per step down the caller's path.
  // The Import panel's status offers the explanation at once; it opens the Inspector.
  await page.getByRole('status').getByRole('button', { name: 'Why is my FairShare this?' }).click();
  await expect(page.getByRole('tab', { name: 'Inspector' })).toHaveAttribute('aria-selected', 'true');
  const inspector = page.getByRole('region', { name: 'Inspector', exact: true });
  await expect(inspector.getByTestId('fact-fairshare')).toContainText('not computable from this output');
  await expect(inspector.getByTestId('fact-fairshare-printed')).toHaveText(`${printedFairShare} as printed by Slurm`);
  const why = inspector.getByRole('region', { name: 'Why is my FairShare this?' });
  await expect(why).toBeVisible();
  // At most one level per ancestor (FairShare=parent accounts are skipped, as Slurm hoists).
  const levels = await why.locator('li').count();
  expect(levels).toBeGreaterThan(0);
  expect(levels).toBeLessThan(Number(await me.getAttribute('aria-level')));
  await expect(why.locator('li').first()).toContainText(/^Under root: a\d+ has Level FS /);
  await app.screenshot('partial-plain-sshare');
  expect(app.errors).toEqual([]);
});

test('on a phone, Load brings the tree into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  const { text } = plainSshare('u000004');
  await app.pasteAndLoad(text);
  await expect(page.locator('[role="treeitem"][data-name="u000004"]')).toHaveAttribute('aria-selected', 'true');
  const box = await page.getByRole('tree').boundingBox();
  expect(box).not.toBeNull();
  expect(box.y + box.height).toBeGreaterThan(0);
  expect(box.y).toBeLessThan(844);
  expect(app.errors).toEqual([]);
});
