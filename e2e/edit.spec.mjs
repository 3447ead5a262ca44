// Live editing: select a user in the tree, change its usage, and every rank and FairShare on the
// page equals what `fairshare compute` says for the edited scenario (exported by the app itself).
// Undo/redo by buttons and real keys anywhere on the page. (Refused values: the component test
// invalid_values_are_refused_with_an_alert_and_change_nothing in tests/web/edit.rs.)
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';
import { computeFile, computeText, ensureCli, repo, userRanks } from './fixtures/cli.mjs';
import path from 'node:path';

test.beforeAll(ensureCli);

const preset = (id) => path.join(repo, 'src', 'presets', `${id}.json`);

async function openFairTreeExample(page) {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('fair-tree-example');
  await expect(app.allTreeItems()).toHaveCount(9);
  await expect.poll(() => app.treeRanks()).toEqual(userRanks(computeFile(preset('fair-tree-example'))));
  return app;
}

test('editing a user\'s usage re-ranks exactly as fairshare compute does', async ({ page }) => {
  const app = await openFairTreeExample(page);
  await app.clickTreeItem('UserB');
  await app.openTab('Inspector');
  await expect(app.inspector().getByRole('heading', { name: 'User UserB in Acct16' })).toBeVisible();
  const usage = app.inspector().getByRole('spinbutton', { name: 'Raw usage' });
  await expect(usage).toHaveValue('400');

  await app.editField('Raw usage', '40000');
  // The tree re-ranks at once: UserB is now last.
  await expect(app.treeItemWithId(221)).toHaveAttribute('data-rank', '1');
  const exported = await app.exportScenario();
  expect(JSON.parse(exported).associations.find((a) => a.id === 221).usage_raw).toBe(40000);
  const expected = userRanks(computeText(exported));
  expect(await app.treeRanks()).toEqual(expected);
  // The inspector shows the engine's numbers for UserB, and hours beside the seconds.
  await app.openTab('Inspector');
  await expect(app.inspector().getByTestId('fact-rank')).toHaveText('4 of 4 (Slurm rank 1)');
  await expect(app.inspector().getByTestId('usage-hours')).toContainText('11.111111 TRES-hours');
  // The what-if list says who moved and why.
  await app.openTab('What if');
  const moved = app.whatIfRegion().getByRole('list', { name: 'Who moved and why' }).getByRole('listitem');
  await expect(moved.filter({ hasText: 'UserB in Acct16: position 2 → 4' })).toContainText('↓ 2');
  await expect(moved.filter({ hasText: 'UserA in Acct12' })).toContainText('↑');
  await app.screenshot('edit-usage');
  await app.screenshotRegion(app.whatIfRegion(), 'edit-whatif');
  await app.openTab('Inspector');
  await app.screenshotRegion(app.inspector(), 'edit-inspector');
  await app.screenshotRegion(page.getByRole('group', { name: 'Scenario controls' }), 'toolbar');

  // An 80-bit usage keeps every digit (parsed as long double, not as a double).
  // 2^60 + 1 needs 61 significant bits: exact in 80 bits, not in a double.
  await app.editField('Raw usage', '1152921504606846977');
  const precise = await app.exportScenario();
  expect(precise).toContain('"usage_raw":"1152921504606846977"');
  expect(await app.treeRanks()).toEqual(userRanks(computeText(precise)));

  // Shares of an account, then FairShare=parent on a user: still what the CLI says.
  await app.clickTreeItem('Acct12');
  await app.editField('Shares', '90');
  await app.clickTreeItem('UserC');
  await app.openTab('Inspector');
  await app.inspector().getByRole('checkbox', { name: 'FairShare=parent' }).check();
  await expect(app.inspector().getByRole('spinbutton', { name: 'Shares' })).toBeDisabled();
  const more = await app.exportScenario();
  expect(JSON.parse(more).associations.find((a) => a.id === 212).shares).toBe('parent');
  expect(await app.treeRanks()).toEqual(userRanks(computeText(more)));
  expect(app.errors).toEqual([]);
});

test('undo and redo with the buttons and the keyboard', async ({ page }) => {
  const app = await openFairTreeExample(page);
  const original = await app.treeRanks();
  await app.clickTreeItem('UserD');
  await app.editField('Raw usage', '5000');
  await expect.poll(() => app.treeRanks()).not.toEqual(original);
  const edited = await app.treeRanks();
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  await expect(redo).toBeDisabled();

  await undo.click();
  await expect.poll(() => app.treeRanks()).toEqual(original);
  await redo.click();
  await expect.poll(() => app.treeRanks()).toEqual(edited);

  // Keys work anywhere but in text fields (the focus is on the Redo button now).
  await page.keyboard.press('Control+z');
  await expect.poll(() => app.treeRanks()).toEqual(original);
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => app.treeRanks()).toEqual(edited);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await expect.poll(() => app.treeRanks()).toEqual(edited);

  // Inside the Name field Ctrl+Z is the browser's own undo of the typing, not ours.
  await app.openTab('Inspector');
  const name = app.inspector().getByRole('textbox', { name: 'Name' });
  await name.focus();
  await page.keyboard.press('Control+z');
  expect(await app.treeRanks()).toEqual(edited);

  // Add, move and delete are undoable too.
  await app.inspector().getByRole('button', { name: 'Add user' }).click();
  await expect(app.allTreeItems()).toHaveCount(10);
  await expect(app.inspector().getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('newcomer');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('treeitem', { name: /^newcomer\b/ })).toHaveCount(1);
  await app.inspector().getByRole('combobox', { name: 'Move to' }).selectOption('2'); // Acct1
  await expect(page.getByRole('treeitem', { name: /^newcomer in Acct1\b/ })).toHaveCount(1);
  // Delete says where the usage goes (Slurm keeps it on the parent account).
  const remove = app.inspector().getByRole('button', { name: 'Delete' });
  await expect(remove).toHaveAccessibleDescription(/Its usage stays with the parent account/);
  await remove.click();
  await expect(app.allTreeItems()).toHaveCount(9);
  await undo.click();
  await expect(app.allTreeItems()).toHaveCount(10);
  await app.screenshot('edit-added');
  expect(app.errors).toEqual([]);
});
