// Job priority: the stacked bar and its total follow the weights and the selected user's FairShare.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

test('the priority total changes when a weight changes', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Job priority');
  const panel = app.priorityPanel();
  await expect(panel).toBeVisible();
  const total = panel.getByTestId('priority-total');
  await expect(total).toContainText('Priority = ');
  const before = await total.textContent();

  const age = panel.getByRole('spinbutton', { name: 'PriorityWeightAge' });
  await age.fill('5000');
  await age.blur();
  await expect(total).not.toHaveText(before);
  // The bar says the same in words, for screen readers.
  await expect(panel.getByRole('img', { name: /Stacked bar of the job's priority/ })).toHaveAttribute(
    'aria-label',
    /Age 714\.29/,
  );

  // The fairshare term follows the selected user's FairShare from the tree.
  await app.selectAssociation('User5');
  await expect(panel.getByTestId('priority-owner')).toContainText("User5's job: FairShare 1.000000");
  // PriorityWeightFairshare advice computed for this tree: N = 6 user associations.
  await expect(panel.getByTestId('priority-suggested')).toContainText('N = 6 user associations');
  await expect(panel.getByTestId('priority-suggested')).toContainText('6 to 12');
  await app.screenshotOf(panel, 'priority-panel');

  // A bad weight is refused with an alert and the total stays.
  const kept = await total.textContent();
  await age.fill('-3');
  await age.blur();
  await expect(panel.getByRole('alert')).toContainText('PriorityWeightAge: enter a whole number');
  await expect(total).toHaveText(kept);
  expect(app.errors).toEqual([]);
});
