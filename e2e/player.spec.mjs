// The ranking animation: a trainer loads Slurm's test24.4, steps through Fair Tree's walk and
// sees, at every step, which association is being visited, the narration, and ranks appearing
// and disappearing in step with the cursor.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

// Fair Tree's visiting order on test24.4 (root first; an account when it is entered, a user
// when it is ranked), as the engine computes it (FairTreeRun::visit_order, also the order of
// Slurm's own _ft_debug log of this tree). uDA1/uD1 are FairShare=parent users hoisted into aD.
const VISITING_ORDER = [
  'root', 'u1', 'aE', 'aE1', 'aE2', 'aF', 'uF1', 'uF2', 'aB', 'aBB', 'uBB1', 'aBA', 'uBA1', 'u2',
  'aA', 'aAA', 'uAA1', 'aAB', 'uAB2', 'uAB1', 'aD', 'uD1', 'uDA1', 'aDA', 'uDA2', 'uD3', 'uDA3',
  'uD2', 'aG', 'uG1', 'aGA', 'uGA1', 'uGA2', 'aC', 'uC1',
];
const N_STEPS = 76;

/** The treeitems of the association tree (all, or the one named `name`). */
function treeItems(page, name) {
  const items = page.getByRole('tree', { name: 'Association tree' }).locator('[role="treeitem"]');
  return name === undefined ? items : items.and(page.locator(`[data-name="${name}"]`));
}

/** Opens the app on the test24.4 preset (through the toolbar's Scenario menu). */
async function openTest24(page) {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('test24-4');
  await expect(app.narration()).toContainText('The finished ranking of 21 users');
  return app;
}

/** Waits for the tree these journeys read (data-current/data-ranked); fails, never skips, without it. */
async function needTree(page) {
  await expect(treeItems(page, 'uGA1')).toBeVisible();
}

/** Chooses one step per visit or comparison. */
async function fineSteps(app) {
  await app.player().getByRole('radio', { name: 'One step per visit or comparison' }).check();
}

test('Jump to end gives the same ranks as the table', async ({ page }) => {
  const app = await openTest24(page);
  await needTree(page);
  await app.playerButton('Restart').click();
  await expect(page.locator('[role="treeitem"][data-ranked="true"]')).toHaveCount(0);
  await app.playerButton('Jump to end').click();
  await expect(app.narration()).toHaveText('The walk is done: all 21 users have a rank.');

  const users = treeItems(page).and(page.locator('[data-kind="user"]'));
  await expect(users).toHaveCount(21);
  await expect(page.locator('[role="treeitem"][data-ranked="true"]')).toHaveCount(21);
  await app.openTab('sshare');
  const table = page.getByRole('region', { name: 'sshare' }).getByRole('table');
  // The tab's code is its own module, fetched on the first click: read the table once its rows
  // are there (every user's and account's row, the header's).
  await expect(table.getByRole('row').filter({ hasText: 'uGA1' })).toHaveCount(1);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const col = (name) => headers.findIndex((h) => h.trim() === name);
  const rows = await table.getByRole('row').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td, th')].map((c) => c.textContent.trim())),
  );
  for (const item of await users.all()) {
    const name = await item.getAttribute('data-name');
    const account = await item.getAttribute('data-account');
    const rank = Number(await item.getAttribute('data-rank'));
    const row = rows.find((r) => r[col('User')] === name && r[col('Account')] === account);
    expect(row, `${account}/${name} is in the table`).toBeTruthy();
    expect(row[col('FairShare')], `${name}: rank ${rank} of 21`).toBe((rank / 21).toFixed(6));
  }
  expect(app.errors).toEqual([]);
});

test('stepping moves data-current in the visiting order and the narration changes', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await openTest24(page);
  await needTree(page);
  await fineSteps(app);
  await app.playerButton('Restart').click();
  await expect(app.narration()).toContainText('Step 0');

  const seen = [];
  let previous = await app.narration().innerText();
  for (let k = 1; k <= N_STEPS; k++) {
    await app.playerButton('Step forward').click();
    await expect(app.player().getByTestId('player-position')).toHaveText(`Step ${k} of ${N_STEPS}`);
    const { currents, text } = await page.evaluate(() => ({
      currents: [...document.querySelectorAll('[role="treeitem"][data-current="true"]')].map(
        (item) => item.dataset.name,
      ),
      text: document.querySelector('[data-testid="player-narration"]').textContent.trim(),
    }));
    expect(currents, `one current treeitem at step ${k}`).toHaveLength(1);
    expect(text, `the narration changes at step ${k}`).not.toBe(previous);
    previous = text;
    const name = currents[0];
    if (!seen.includes(name)) {
      seen.push(name);
      if (name === 'uGA1') {
        expect(text).toBe('uGA1 reuses rank 4 because aGA was entered tied with uG1 (users before accounts).');
        await app.screenshot('player-mid-walk-tie');
      }
    }
  }
  expect(seen).toEqual(VISITING_ORDER);
  expect(app.errors).toEqual([]);
});

test('keyboard: Space plays and pauses, arrows step, Home and End jump', async ({ page }) => {
  const app = await openTest24(page);
  await fineSteps(app);
  const position = app.player().getByTestId('player-position');
  await app.playerButton('Restart').click();
  await app.playerButton('Restart').focus();

  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText(`Step 1 of ${N_STEPS}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText(`Step 2 of ${N_STEPS}`);
  await page.keyboard.press('End');
  await expect(position).toHaveText(`Step ${N_STEPS} of ${N_STEPS}`);
  await page.keyboard.press('Home');
  await expect(position).toHaveText(`Step 0 of ${N_STEPS}`);

  // Space on the focused Restart button plays (and does not also restart).
  // The fastest speed, 4× (the sixth of the slider's stops).
  const speed = app.player().getByRole('slider', { name: 'Speed' });
  await speed.fill('5');
  await expect(speed).toHaveAttribute('aria-valuetext', '4×');
  await app.playerButton('Restart').focus();
  await page.keyboard.press('Space');
  await expect(app.playerButton('Pause')).toBeVisible();
  await expect(position).not.toHaveText(`Step 0 of ${N_STEPS}`);
  await page.keyboard.press('Space');
  await expect(app.playerButton('Play')).toBeVisible();
  const stopped = await position.innerText();
  await page.waitForTimeout(500);
  await expect(position).toHaveText(stopped);
  expect(app.errors).toEqual([]);
});

test('the sibling group slides into order, and stays still under reduced motion', async ({ page }) => {
  const app = await openTest24(page);
  await fineSteps(app);
  await app.playerButton('Restart').click();
  // Step 3 computes the root's children (list order), step 4 sorts them.
  for (let i = 0; i < 3; i++) await app.playerButton('Step forward').click();
  const ae = app.player().locator('.ft-group__body [role="row"]').filter({ hasText: /^aE/ });
  await expect(app.player().getByText('List order: Level FS computed, not sorted yet.')).toBeVisible();
  await expect(ae).toHaveAttribute('aria-rowindex', '8');
  await app.playerButton('Step forward').click();
  await expect(app.player().getByText('Visiting order: highest Level FS first.')).toBeVisible();
  // aE has no usage: infinite Level FS, second only to u1 (users before accounts).
  await expect(ae).toHaveAttribute('aria-rowindex', '3');
  const moving = await ae.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  expect(moving).toBeGreaterThan(0.1);
  await app.screenshot('player-sorted-root');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = await ae.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  expect(still).toBeLessThan(0.001);
  expect(app.errors).toEqual([]);
});
