// "Why is B above me?": compare two users; the panel names the first common ancestor and the two
// children whose Level FS decided the order, the rule and the plain sentence (Fair Tree page, seed 000).
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

/** Opens the preset `preset`, selects `user` and opens the Compare tab. */
async function compareFrom(page, preset, user) {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset(preset);
  await app.clickTreeItem(user);
  await app.openTab('Compare');
  return { app, compare: app.compareRegion() };
}

// Issue 25.5: one word and one direction, position (1 = first served), as in the tree.
test('the Compare panel speaks of positions, and says who is first served', async ({ page }) => {
  const { app, compare } = await compareFrom(page, 'fair-tree-example', 'UserA');
  await compare.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'UserB in Acct16' });
  await expect(compare.locator('dt', { hasText: 'Positions (1 = first served)' })).toBeVisible();
  await expect(compare).not.toContainText(/\brank(s|ed)?\b(?! \d)/i);
  await app.clickTreeItem('UserD');
  await expect(app.tree().locator('[role="treeitem"][data-name="UserD"]')).toHaveAttribute('data-position', '1');
  await expect(compare.getByText('Nobody comes before UserD: position 1, first served.')).toBeVisible();
  expect(app.errors).toEqual([]);
});

test('UserA vs UserB on the Fair Tree page example: Acct1, Acct16 before Acct12', async ({ page }) => {
  const { app, compare } = await compareFrom(page, 'fair-tree-example', 'UserA');
  await expect(compare.getByRole('combobox', { name: 'Me' })).toHaveValue('211');
  await compare.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'UserB in Acct16' });

  await expect(compare.getByTestId('compare-ancestor')).toHaveText('Acct1');
  await expect(compare.getByTestId('compare-first-child')).toHaveText('Acct16 (Level FS 1.500000)');
  await expect(compare.getByTestId('compare-second-child')).toHaveText('Acct12 (Level FS 0.500000)');
  await expect(compare.getByTestId('compare-rule')).toHaveText('The higher Level FS goes first.');
  await expect(compare.getByTestId('compare-ranks')).toContainText('UserB: position 2 of 4 (Slurm rank 3)');
  await expect(compare.getByTestId('compare-ranks')).toContainText('UserA: position 3 of 4 (Slurm rank 2)');
  await expect(compare.getByTestId('compare-sentence')).toHaveText(
    'Under Acct1, Acct16 has Level FS 1.500000 and Acct12 has Level FS 0.500000: higher goes first, ' +
      'so every user under Acct16 comes before every user under Acct12. ' +
      'UserB (in Acct16) is at position 2 of 4; UserA (in Acct12) at position 3.',
  );
  // The tree highlights both paths, the first common ancestor and the two deciding children.
  const roles = () =>
    app
      .tree()
      .locator('[role="treeitem"]')
      .evaluateAll((items) =>
        Object.fromEntries(
          items.filter((i) => i.dataset.compare).map((i) => [i.dataset.name, i.dataset.compare]),
        ),
      );
  await expect(app.tree().locator('[role="treeitem"][data-name="Acct1"]')).toHaveAttribute('data-compare', 'ancestor');
  const marked = await roles();
  expect(marked).toMatchObject({
    root: 'path',
    Acct1: 'ancestor',
    Acct16: 'decider',
    Acct12: 'decider',
    UserA: 'path',
    UserB: 'path',
  });
  expect(Object.values(marked).filter((r) => r === 'ancestor')).toHaveLength(1);
  expect(Object.values(marked).filter((r) => r === 'decider')).toHaveLength(2);
  await expect(app.tree().locator('[role="treeitem"][data-name="UserD"]')).not.toHaveAttribute('data-compare', /.*/);
  await expect(app.tree().locator('[role="treeitem"][data-name="UserC"]')).not.toHaveAttribute('data-compare', /.*/);
  // The role is one more fact after the contract's name.
  await expect(app.tree().locator('[role="treeitem"][data-name="Acct1"]')).toHaveAttribute('aria-label', /^Acct1.*, first common ancestor$/);
  await app.screenshot('compare');
  await app.screenshotRegion(compare, 'compare-panel');
  await app.screenshotRegion(page.getByRole('region', { name: 'Association tree' }), 'compare-tree');

  // The same explanation in Japanese, built from the same data.
  // Region names are interface text: in Japanese the region is 比較.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
  const compareJa = page.getByRole('region', { name: '比較' });
  await expect(compareJa.getByTestId('compare-sentence')).toContainText('Acct1 の下で、Acct16 の Level FS は 1.500000');
  await app.screenshotRegion(compareJa, 'compare-panel-ja');
  await page.getByRole('combobox', { name: '言語' }).selectOption('en');

  // "The user just above me" is UserB too (Fair Tree visits UserD, UserB, UserA, UserC).
  await compare.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: '(choose a user)' });
  // Clearing the comparison clears the highlight.
  await expect(app.tree().locator('[role="treeitem"][data-compare]')).toHaveCount(0);
  await compare.getByRole('button', { name: 'The user just above me' }).click();
  await expect(compare.getByRole('combobox', { name: 'Compare with' })).toHaveValue('221');
  expect(app.errors).toEqual([]);
});

test('tied accounts: Slurm visits A then B, and b1 reuses a2\'s rank', async ({ page }) => {
  const { app, compare } = await compareFrom(page, 'tied-accounts', 'b1');
  await compare.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'a2 in A' });
  await expect(compare.getByTestId('compare-ancestor')).toHaveText('root');
  await expect(compare.getByTestId('compare-rule')).toHaveAttribute('data-rule', 'list-order');
  await expect(compare.getByTestId('compare-sentence')).toContainText('Both share position 2 of 4 (Slurm rank 3)');
  await expect(compare.getByTestId('compare-sentence')).toContainText('Slurm does not merge tied accounts');

  // The documented rule merges A and B: the rule changes, and the what-if list shows who moved.
  await page.getByRole('checkbox', { name: 'Documented tie rule' }).check();
  await expect(compare.getByTestId('compare-rule')).toHaveAttribute('data-rule', 'merged');
  await app.openTab('What if');
  await expect(app.whatIfRegion().getByRole('listitem').first()).toContainText('documented tie rule');
  await app.screenshot('compare-tie');
  await app.openTab('Compare');
  await app.screenshotRegion(compare, 'compare-tie-panel');
  expect(app.errors).toEqual([]);
});
