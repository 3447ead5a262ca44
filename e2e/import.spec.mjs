// Import: paste each format (sshare -l -P, -P without header, fixed width, --json, sacctmgr tree -P,
// scenario JSON) → the tree the CLI reads from the same text; a broken paste → an alert naming the
// line, the tree kept, and the valid part only on request. Share links restore the scenario.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ExplorerPage } from './fixtures/page.mjs';
import { computeFile, ensureCli, sample, userRanks } from './fixtures/cli.mjs';

test.beforeAll(ensureCli);

const formats = [
  ['sshare-long-P.txt', 'sshare -P', ['dave', 'carol']],
  ['sshare-P-noheader.txt', 'sshare -P without header', ['labmate1', 'g2']],
  ['sshare-fixed.txt', 'sshare (fixed width)', ['User1', 'User6']],
  ['sshare.json', 'sshare --json', ['u1']],
  ['sacctmgr-tree-P.txt', 'sacctmgr -P', ['alice', 'bob']],
  ['scenario.json', 'scenario JSON', ['ana', '<b>eve<b>']],
];

test('each format loads the tree fairshare compute reads from it', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  for (const [file, format, names] of formats) {
    const rows = computeFile(sample(file));
    await app.pasteAndLoad(readFileSync(sample(file), 'utf8'));
    await expect(app.importRegion().getByRole('status').first()).toContainText(
      `Loaded ${rows.length} associations (${format})`,
    );
    await expect(app.allTreeItems(), file).toHaveCount(rows.length);
    expect(await app.treeRanks(), file).toEqual(userRanks(rows));
    for (const name of names) {
      await expect(page.locator(`[role="treeitem"][data-name="${name}"]`), `${file}: ${name}`).toHaveCount(1);
    }
    if (file === 'sshare-long-P.txt') await app.screenshot('import-sshare');
  }
  // Untrusted names are text: no <b> element came from the pasted "<b>eve<b>".
  await expect(page.locator('b', { hasText: 'eve' })).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('a full sshare -a from a cluster that removed users ranks as the CLI does and names the kept usage', async ({ page }) => {
  // Account a prints 130 over users printed 10 and 20 (Slurm 22.05+ kept 100 from a removed
  // user): the import reads it as a's retained usage, so no inferred member is added.
  const app = new ExplorerPage(page);
  await app.goto('/');
  const file = 'sshare-retained-p.txt';
  const rows = computeFile(sample(file));
  await app.pasteAndLoad(readFileSync(sample(file), 'utf8'));
  await expect(app.allTreeItems()).toHaveCount(rows.length);
  expect(await app.treeRanks()).toEqual(userRanks(rows));
  await app.selectAssociation('a');
  await app.openTab('Inspector');
  await expect(app.inspector().getByTestId('account-usage')).toContainText(': 130 TRES-seconds');
  await expect(app.inspector().getByTestId('retained-usage')).toContainText(
    'Usage kept from removed users: 100 TRES-seconds',
  );
  await app.selectAssociation('b');
  await expect(app.inspector().getByTestId('retained-usage')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('a broken paste names the line, keeps the tree, and loads the valid part only on request', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('labmates');
  const before = await app.treeSnapshot();
  await app.pasteAndLoad(readFileSync(sample('broken-sshare.txt'), 'utf8'));
  const alert = app.importRegion().getByRole('alert');
  await expect(alert).toContainText('Not loaded (sshare -P)');
  await expect(alert.getByRole('listitem').first()).toHaveText(
    'line 4: RawShares "one" is not a whole number from 0 to 4294967295 or \'parent\'',
  );
  // One message for the one problem (there used to be a wrong second one, "RawShares is empty").
  await expect(alert.getByRole('listitem')).toHaveCount(1);
  await expect(alert).toContainText(': 1 problem.');
  expect(await app.treeSnapshot()).toEqual(before);
  await app.screenshot('import-alert');
  await app.screenshotRegion(app.importRegion(), 'import-alert-panel');

  // 7 rows read; dave's row is left out, and chem's printed RawUsage keeps his usage in one
  // inferred member (issue 20 §2).
  await app.importRegion().getByRole('button', { name: 'Load only the valid part (8 associations)' }).click();
  await expect(app.allTreeItems()).toHaveCount(8);
  await expect(page.locator('[role="treeitem"][data-name="dave"]')).toHaveCount(0);
  await expect(page.locator('[role="treeitem"][data-kind="hidden"][data-account="chem"]')).toHaveCount(1);
  await expect(app.importRegion().getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await app.treeSnapshot()).toEqual(before);

  // Nothing readable at all: an alert, no partial offer.
  await app.pasteAndLoad('hello world');
  await expect(app.importRegion().getByRole('alert')).toContainText('line 1: not a format this tool reads');
  await expect(app.importRegion().getByRole('button', { name: /valid part/ })).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

// Issue 20 §1: what people paste from a terminal into a forum post (prose, a code fence, the
// prompt before and after) loads as the output alone, and says what it skipped.
test('a prompt-and-fence paste loads like the bare output', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  const file = sample('sshare-pasted.md');
  const rows = computeFile(file);
  await app.pasteAndLoad(readFileSync(file, 'utf8'));
  const status = app.importRegion().getByRole('status').first();
  await expect(status).toContainText(`Loaded ${rows.length} associations (sshare (fixed width))`);
  await expect(status).toContainText('line 4 (assumption): skipped: a command line, not output');
  await expect(status).toContainText('line 1 (assumption): skipped: this line is not part of the output');
  await expect(app.allTreeItems()).toHaveCount(rows.length);
  expect(await app.treeRanks()).toEqual(userRanks(rows));
  await expect(page.locator('[role="treeitem"][data-name="User3"]')).toHaveCount(1);
  await expect(app.importRegion().getByRole('alert')).toHaveCount(0);
  // The paste box keeps what was pasted, which for a big cluster is tens of thousands of lines:
  // it is paint-contained, so frames that move anything else on the page (a step of the walk, a
  // glide) do not walk it again (style/controls.css).
  const paste = app.importRegion().getByLabel('Paste sshare output or scenario JSON');
  expect(await paste.evaluate((el) => getComputedStyle(el).contain)).toContain('paint');
  expect(app.errors).toEqual([]);
});

test('a file can be opened or dropped instead of pasted', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Import');
  await app.importRegion().getByLabel('Open a file').setInputFiles(sample('sacctmgr-tree-P.txt'));
  await expect(app.allTreeItems()).toHaveCount(6);

  // Drop a file on the paste box.
  const text = readFileSync(sample('sshare.json'), 'utf8');
  const dataTransfer = await page.evaluateHandle((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'shares.json', { type: 'application/json' }));
    return dt;
  }, text);
  await app.importRegion().getByLabel('Paste sshare output or scenario JSON').dispatchEvent('drop', { dataTransfer });
  await expect(app.allTreeItems()).toHaveCount(3);
  await expect(app.importRegion().getByLabel('Paste sshare output or scenario JSON')).toHaveValue(text);
  expect(app.errors).toEqual([]);
});

test('Copy link puts the whole scenario in the URL, and opening it restores it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('labmates');
  await app.clickTreeItem('you');
  await app.editField('Raw usage', '3000');
  await page.getByRole('checkbox', { name: 'Documented tie rule' }).check();
  const facts = await app.treeSnapshot();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const url = page.url();
  expect(url).toMatch(/#z=[A-Za-z0-9_-]+&tie=documented$/); // deflated (version 2 links)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const other = await context.newPage();
  const restored = new ExplorerPage(other);
  await restored.goto(url);
  await expect(restored.allTreeItems()).toHaveCount(facts.length);
  expect(await restored.treeSnapshot()).toEqual(facts);
  await expect(other.getByRole('checkbox', { name: 'Documented tie rule' })).toBeChecked();
  await expect(other.getByRole('alert')).toHaveCount(0);
  expect(restored.errors).toEqual([]);
});

test('a hostile or damaged link shows an alert and never runs its names', async ({ page }) => {
  const json = readFileSync(sample('scenario.json'), 'utf8').replace('"ana"', '"<img src=x onerror=window.pwned=1>"');
  const app = new ExplorerPage(page);
  await app.goto(`/#scenario=${Buffer.from(json).toString('base64url')}`);
  await expect(page.locator('[role="treeitem"][data-name="<img src=x onerror=window.pwned=1>"]')).toHaveCount(1);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();

  // A new page: changing only the fragment of an open page does not reload the app.
  const other = await page.context().newPage();
  const broken = new ExplorerPage(other);
  await broken.goto('/#scenario=not*base64');
  await expect(other.getByRole('alert')).toContainText('could not be read');
  await expect(broken.allTreeItems()).toHaveCount(14); // the default preset
  await broken.screenshot('link-damaged');
  await broken.screenshotRegion(other.getByRole('group', { name: 'Scenario controls' }), 'link-damaged-toolbar');
  await other.getByRole('button', { name: 'Dismiss' }).click();
  await expect(other.getByRole('alert')).toHaveCount(0);
  expect(broken.errors).toEqual([]);
});
