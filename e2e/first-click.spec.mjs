// A click on the pre-rendered first view before the wasm arrives (issue 24 §1; src/prerender.rs,
// src/prerender-pick.js): the clicked card looks selected at once, and when the app mounts that
// association is selected in it, as a click on the app would have done. Under the strict CSP
// too (e2e/serve.py sends it under /csp/), since the pick is a same-origin script file.
import { test, expect } from '@playwright/test';
import { holdWasm, watchViolations } from './fixtures/loading.mjs';

/** Records page errors, console errors and CSP violations (init scripts run before the page's). */
async function watch(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await watchViolations(page);
  return errors;
}

/** Clicks the pre-rendered card named `name` at its centre, as a person would. */
async function clickCard(page, name) {
  const card = page.locator('#ft-prerender g[data-pick]').filter({
    has: page.locator('.ft-node__name', { hasText: new RegExp(`^${name}$`) }),
  });
  await expect(card).toHaveCount(1);
  await card.locator('.ft-node__body').scrollIntoViewIfNeeded();
  const box = await card.locator('.ft-node__body').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return card;
}

const selectedItems = (page) => page.locator('[role="treeitem"][aria-selected="true"]');

for (const [where, base] of [
  ['', '/'],
  [' under the strict CSP', '/csp/'],
]) {
  test(`a user card clicked before the wasm arrives is selected when the app mounts${where}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors = await watch(page);
    const release = await holdWasm(page);
    await page.goto(`${base}?fresh=1`);
    const pre = page.locator('#ft-prerender');
    await expect(pre).toBeVisible();

    // The first click is answered at once on the pre-render; a second one moves it.
    const first = await clickCard(page, 'User2');
    await expect(first).toHaveClass(/\bft-node--selected\b/);
    const card = await clickCard(page, 'User4');
    await expect(card).toHaveClass(/\bft-node--selected\b/);
    await expect(first).not.toHaveClass(/\bft-node--selected\b/);
    await expect(pre.locator('.ft-node--selected')).toHaveCount(1);
    const id = await card.getAttribute('data-pick');
    await expect(pre).toHaveAttribute('data-picked', id);
    // Still nothing for assistive technology, and nothing in it takes the keyboard's focus.
    await expect(page.getByRole('tree')).toHaveCount(0);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#ft-prerender'))).toBe(false);

    release();
    await expect(pre).toHaveCount(0);
    await expect(page.getByRole('treeitem')).toHaveCount(14);
    // The app opens with that user selected: its treeitem, its card and the Inspector.
    await expect(selectedItems(page)).toHaveCount(1);
    await expect(selectedItems(page)).toHaveAttribute('data-name', 'User4');
    await expect(selectedItems(page)).toHaveAttribute('data-assoc-id', id);
    await expect(page.locator('.ft-node--selected')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Inspector' })).toContainText('User4');

    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('an account card can be picked too, and a control of the pre-render does nothing', async ({ page }) => {
  const errors = await watch(page);
  const release = await holdWasm(page);
  await page.goto('/?fresh=1');
  await expect(page.locator('#ft-prerender')).toBeVisible();
  // The toolbar and the player are inert: a click on Play neither plays nor picks.
  const play = page.locator('#ft-prerender .ft-controls__play');
  const box = await play.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('#ft-prerender')).not.toHaveAttribute('data-picked', /./);
  await clickCard(page, 'AccountC');
  release();
  await expect(page.getByRole('treeitem')).toHaveCount(14);
  await expect(selectedItems(page)).toHaveAttribute('data-name', 'AccountC');
  await expect(selectedItems(page)).toHaveAttribute('data-kind', 'account');
  // The walk did not start.
  await expect(page.locator('.ft-controls__position')).toContainText('Finished ranking');
  expect(errors).toEqual([]);
});

test('a pick on the pre-render is not carried into another scenario', async ({ page }) => {
  const errors = await watch(page);
  const release = await holdWasm(page);
  // The pre-render always shows the default preset; this link opens another one.
  await page.goto('/?fresh=1&preset=fair-tree-example');
  await expect(page.locator('#ft-prerender')).toBeVisible();
  await clickCard(page, 'User4');
  await expect(page.locator('#ft-prerender')).toHaveAttribute('data-picked', /^\d+$/);
  release();
  await expect(page.locator('#ft-prerender')).toHaveCount(0);
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  await expect(selectedItems(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});
