// The sshare table: sshare -l's headers, one row per association with exactly the text
// `fairshare compute --format sshare` prints, and selection shared with the tree.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExplorerPage } from './fixtures/page.mjs';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(repo, 'target');
const cli = path.join(targetDir, 'debug', 'fairshare');
const HEADERS = [
  'Account',
  'User',
  'RawShares',
  'NormShares',
  'RawUsage',
  'NormUsage',
  'EffectvUsage',
  'FairShare',
  'LevelFS',
];

test.beforeAll(() => {
  if (!existsSync(cli)) {
    execFileSync('cargo', ['build', '--locked', '-p', 'fairshare-cli'], { cwd: repo, stdio: 'inherit' });
  }
});

/** `sshare -l -P` lines of a preset, as the CLI prints them, cut to the table's columns. */
function sshareLines(preset) {
  const file = path.join(repo, 'src', 'presets', `${preset}.json`);
  const out = execFileSync(cli, ['compute', '--format', 'sshare', file], { encoding: 'utf8' });
  const [header, ...rows] = out.trimEnd().split('\n').map((line) => line.split('|'));
  expect(header.slice(0, HEADERS.length)).toEqual(HEADERS);
  return rows.map((cells) => cells.slice(0, HEADERS.length));
}

test('headers, rows and cell text are sshare -l', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('sshare');
  const table = app.sshareTable();
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(HEADERS);

  const expected = sshareLines('classic-example');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  // textContent keeps the Account cell's indentation (one space per level), as sshare prints.
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
  expect(cells).toEqual(expected);
  expect(app.errors).toEqual([]);
});

test('a row click selects the treeitem, and a tree click highlights the row', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('sshare');

  await app.sshareRowById(222).click();
  await expect(app.treeItemById(222)).toHaveAttribute('aria-selected', 'true');
  await expect(app.sshareRowById(222)).toHaveAttribute('aria-current', 'true');
  await app.screenshot('table-selected');

  await app.treeItemById(211).click();
  await expect(app.sshareRowById(211)).toHaveAttribute('aria-current', 'true');
  await expect(app.sshareRowById(222)).not.toHaveAttribute('aria-current', 'true');

  // Keyboard: the selected row is the table's tab stop; arrows move, Enter selects.
  await app.sshareRowById(211).focus();
  await page.keyboard.press('ArrowDown');
  await expect(app.sshareRowById(22)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.treeItemById(22)).toHaveAttribute('aria-selected', 'true');
  expect(app.errors).toEqual([]);
});

test('selecting a row inside a collapsed account reveals it in the tree', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.treeItemById(2).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(app.treeItemById(211)).toHaveCount(0);
  await app.openTab('sshare');
  await app.sshareRowById(211).click();
  await expect(app.treeItemById(211)).toHaveAttribute('aria-selected', 'true');
});
