// Japanese: the engine's own messages (import diagnostics, the detected format, edit refusals)
// reach a Japanese page in Japanese, with the pasted values shown as text. Screenshots of the
// Japanese page (e2e/screenshots/ja-*.png) are for checking by eye that a CJK font is installed.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ExplorerPage } from './fixtures/page.mjs';
import { sample } from './fixtures/cli.mjs';

/** Opens the page in Japanese by its link (`lang=ja`, plus any other query), afresh. */
async function openJapanese(page, query = '') {
  const app = new ExplorerPage(page);
  await app.goto(`/?fresh=1&lang=ja${query}`);
  await expect(page.getByRole('combobox', { name: '言語', exact: true })).toBeVisible();
  return app;
}

/** Opens a side panel's tab by its Japanese name. */
async function openTabJa(page, name) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test('an invalid paste is explained in Japanese', async ({ page }) => {
  const app = await openJapanese(page);
  await openTabJa(page, 'インポート');
  const region = page.getByRole('region', { name: 'インポートとエクスポート' });
  await region.getByLabel('sshare の出力またはシナリオ JSON を貼り付け').fill(
    readFileSync(sample('broken-sshare.txt'), 'utf8'),
  );
  await region.getByRole('button', { name: '読み込む', exact: true }).click();
  const alert = region.getByRole('alert');
  await expect(alert.getByRole('listitem').first()).toHaveText(
    `4 行目: RawShares "one" は 0 から 4294967295 までの整数でも 'parent' でもありません`,
  );
  await expect(alert.getByRole('listitem')).toHaveCount(1);
  await expect(alert).not.toContainText('is not a whole number');
  await expect(alert).not.toContainText('left out');
  await app.screenshot('ja-import-alert');
  await app.screenshotRegion(region, 'ja-import-alert-panel');

  // A text in no known format: the engine's longest message, in Japanese around Slurm's commands.
  await region.getByLabel('sshare の出力またはシナリオ JSON を貼り付け').fill('hello world\n');
  await region.getByRole('button', { name: '読み込む', exact: true }).click();
  await expect(region.getByRole('alert')).toContainText('このツールが読める形式ではありません');
  await expect(region.getByRole('alert')).toContainText('不明な形式');
  expect(app.errors).toEqual([]);
});

test('a refused edit is explained in Japanese', async ({ page }) => {
  const app = await openJapanese(page, '&preset=fair-tree-example');
  await expect(app.allTreeItems()).toHaveCount(9);
  await app.clickTreeItem('UserA');
  await openTabJa(page, 'インスペクター');
  const inspector = page.getByRole('region', { name: 'インスペクター' });
  const name = inspector.getByLabel('名前', { exact: true });
  await name.fill('a|b');
  await name.press('Enter');
  const alert = inspector.getByRole('alert');
  await expect(alert).toContainText(`名前 "a|b" には '/'、'|'、改行を含められません`);
  await expect(alert).not.toContainText('may not contain');
  await app.screenshotRegion(inspector, 'ja-edit-refused-inspector');
  expect(app.errors).toEqual([]);
});
