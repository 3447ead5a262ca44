// Presenter mode (?present=1): the presets as a lesson sequence for a trainer. The lesson bar
// shows the current preset's caption large with `Previous lesson` / `Next lesson`; the
// clicker's PageDown/PageUp step the walk and, at its ends, move to the next/previous lesson.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

/** The lesson bar and what it shows. */
function lesson(page) {
  return page.getByRole('region', { name: 'Lesson', exact: true });
}

const scenarioMenu = (page) => page.getByRole('combobox', { name: 'Scenario', exact: true });

test('Next lesson opens the next preset with its caption, Previous lesson comes back', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1&present=1&preset=fair-tree-example');
  // The toolbar folds behind its menu button in presenter mode; open it to read the menu.
  await app.openToolbar();
  const bar = lesson(page);
  await expect(bar).toContainText('Lesson 2 of 10');
  await expect(bar.getByRole('heading')).toHaveText('Fair Tree page example: why is UserB above UserA?');
  await expect(bar).toContainText('UserB ran four times as much as UserA, yet ranks higher.');
  await expect(app.allTreeItems()).toHaveCount(9);

  await bar.getByRole('button', { name: 'Next lesson', exact: true }).click();
  await expect(scenarioMenu(page)).toHaveValue('test24-4');
  await expect(bar).toContainText('Lesson 3 of 10');
  await expect(bar).toContainText("The tree Slurm's test suite checks Fair Tree with");
  await expect(bar).not.toContainText('UserB ran four times');
  await expect(app.tree().locator('[role="treeitem"][data-kind="user"]')).toHaveCount(21);

  await bar.getByRole('button', { name: 'Previous lesson', exact: true }).click();
  await expect(scenarioMenu(page)).toHaveValue('fair-tree-example');
  await expect(bar).toContainText('UserB ran four times as much as UserA, yet ranks higher.');
  await expect(app.allTreeItems()).toHaveCount(9);

  await bar.getByRole('button', { name: 'Previous lesson', exact: true }).click();
  await expect(scenarioMenu(page)).toHaveValue('classic-example');
  await expect(bar.getByRole('button', { name: 'Previous lesson', exact: true })).toBeDisabled();
  await app.screenshot('present-lesson');
  expect(app.errors).toEqual([]);
});

test('the clicker steps the walk, and past its end opens the next lesson', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1&present=1&preset=fair-tree-example');
  await expect(page.locator('html')).toHaveClass(/\bft-present\b/);
  await app.openToolbar();
  const slider = app.player().getByRole('slider', { name: 'Step' });
  await page.keyboard.press('PageDown');
  await expect(slider).toHaveValue('0');
  await page.keyboard.press('PageDown');
  await expect(slider).toHaveValue('1');
  // PageUp at step 0 would leave the lesson; from step 1 it steps back.
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveValue('0');

  await app.playerButton('Jump to end').click();
  const end = await slider.getAttribute('max');
  await expect(slider).toHaveValue(end);
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('PageDown');
  await expect(scenarioMenu(page)).toHaveValue('test24-4');
  await expect(lesson(page)).toContainText("The tree Slurm's test suite checks Fair Tree with");

  // The new lesson opens on its finished ranking; PageDown starts its walk, and PageUp at its
  // first step goes back a lesson.
  await page.keyboard.press('PageDown');
  await expect(slider).toHaveValue('0');
  await page.keyboard.press('PageUp');
  await expect(scenarioMenu(page)).toHaveValue('fair-tree-example');
  expect(app.errors).toEqual([]);
});
