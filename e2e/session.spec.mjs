// Nothing is lost (issue 12.3): the session is saved in the browser as it changes, a reload
// brings it back with a note and `Start over`, the URL follows the scenario, and a link pasted
// into the open tab loads.
import { test, expect } from '@playwright/test';
import { deflateRawSync } from 'node:zlib';
import { ExplorerPage } from './fixtures/page.mjs';
import { chain } from './fixtures/scenarios.mjs';

/** The share-link fragment of a scenario, made as the app makes it (raw deflate, base64url). */
function linkFragment(scenario) {
  return `#z=${deflateRawSync(Buffer.from(JSON.stringify(scenario))).toString('base64url')}`;
}

function note(page) {
  return page.getByRole('status').filter({ hasText: 'Your last session in this browser was restored' });
}

test('a reload after an edit restores it; Start over resets', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  const historyLength = await page.evaluate(() => history.length);
  await expect(note(page)).toHaveCount(0);
  await app.choosePreset('fair-tree-example');
  await expect(app.allTreeItems()).toHaveCount(9);
  await app.clickTreeItem('UserB');
  await app.openTab('Inspector');
  await app.editField('Raw usage', '40000');
  await expect(app.treeItemWithId(221)).toHaveAttribute('data-rank', '1');
  await page.getByRole('checkbox', { name: 'Documented tie rule' }).check();
  const edited = await app.treeSnapshot();
  // The address bar follows the scenario (a compressed link), without new history entries.
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#z=[A-Za-z0-9_-]+&tie=documented$/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  await page.reload();
  await app.waitUntilReady();
  await expect(note(page)).toBeVisible();
  expect(await app.treeSnapshot()).toEqual(edited);
  await expect(app.treeItemWithId(221)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('checkbox', { name: 'Documented tie rule' })).toBeChecked();
  await app.screenshot('session-restored');

  // The undo history came back too: two undos take the edit and then the preset choice back.
  const undo = page.getByRole('button', { name: 'Undo' });
  await undo.click();
  await expect(app.treeItemWithId(221)).not.toHaveAttribute('data-rank', '1');
  await undo.click();
  await expect(app.treeItemWithId(211)).toHaveCount(1); // classic-example's User1

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(note(page)).toHaveCount(0);
  await expect(undo).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Documented tie rule' })).not.toBeChecked();
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await app.waitUntilReady();
  await expect(note(page)).toHaveCount(0);
  await expect(app.treeItemWithId(211)).toHaveCount(1);
  expect(app.errors).toEqual([]);
});

test('a reload right after an edit, before the address follows it, keeps the edit', async ({ page }) => {
  // The address each load of the page started with.
  await page.addInitScript(() => { window.__openedWith = location.hash; });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('test24-4');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#z=/);
  const another = new URL(page.url()).hash;
  await app.choosePreset('fair-tree-example');
  await expect.poll(() => new URL(page.url()).hash).not.toBe(another);
  const before = new URL(page.url()).hash;
  await app.clickTreeItem('UserB');
  await app.openTab('Inspector');
  const field = app.inspector().getByLabel('Raw usage', { exact: true });
  await field.fill('40000');
  // The edit, a frame, and the reload at once: the address has not followed yet (the save
  // waits for the state to be still), so the reload goes to the address before the edit.
  const stale = await field.evaluate(async (el) => {
    el.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const hash = location.hash;
    location.reload();
    return hash;
  });
  expect(stale).toBe(before);
  await page.waitForLoadState('load');
  await app.waitUntilReady();
  expect(await page.evaluate(() => window.__openedWith)).toBe(before);
  // The saved session is newer than that address: it wins, and the address follows it.
  await expect(note(page)).toBeVisible();
  await expect(app.treeItemWithId(221)).toHaveAttribute('data-rank', '1');
  await app.openTab('Inspector');
  await expect(app.inspector().getByLabel('Raw usage', { exact: true })).toHaveValue('40000');
  await expect.poll(() => new URL(page.url()).hash).not.toBe(before);

  // A link the session was not saved from is a new link opened: it wins over the session.
  // (From another page: from this one, only the fragment would change, a pasted link.)
  await page.goto('about:blank');
  await app.goto(`/${another}`);
  await expect(app.treeItemWithId(1001)).toHaveCount(1);
  await expect(note(page)).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('a link pasted into the open tab loads (hashchange), undoably', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('fair-tree-example');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#z=/);
  const link = page.url();
  await app.choosePreset('test24-4');
  await expect(app.treeItemWithId(1001)).toHaveCount(1);
  // The address bar has followed to test24-4, so pasting the old link is a change.
  await expect.poll(() => page.url()).not.toBe(link);
  await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  await expect(app.allTreeItems()).toHaveCount(9);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(app.treeItemWithId(1001)).toHaveCount(1);

  // A damaged pasted link: the alert, and the tree stays.
  await page.evaluate(() => { location.hash = 'z=AAAA'; });
  await expect(app.alerts().filter({ hasText: 'not compressed scenario data' })).toBeVisible();
  await expect(app.treeItemWithId(1001)).toHaveCount(1);
});

test('fresh=1 (the error banner\'s Start over) discards the saved session', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('test24-4');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#z=/);
  await app.goto('/');
  await expect(note(page)).toBeVisible();
  await expect(app.treeItemWithId(1001)).toHaveCount(1);

  await app.goto('/?fresh=1');
  await expect(note(page)).toHaveCount(0);
  await expect(app.treeItemWithId(211)).toHaveCount(1); // the default preset
  expect(new URL(page.url()).search).toBe('');
  expect(app.errors).toEqual([]);
});

test('a 5,000-deep chain opens as a share link without an error; a reload keeps an edit', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new ExplorerPage(page);
  // The audit's crash: a 450-deep chain as a link trapped WebAssembly and blanked the page.
  await app.goto(`/${linkFragment(chain(5_000))}`);
  const root = app.tree().locator('[data-kind="root"]');
  await expect(root).toHaveAccessibleName(/: 1 users/, { timeout: 60_000 });
  await expect(app.alerts().filter({ hasText: 'link' })).toHaveCount(0);
  await expect(app.panicBanner()).toHaveCount(0);

  const find = page.getByRole('searchbox', { name: 'Find user or account' });
  await find.fill('deep');
  await find.press('Enter');
  const bottom = app.treeItemById(5_002);
  await expect(bottom).toHaveAttribute('aria-selected', 'true');
  await app.openTab('Inspector');
  await app.editField('Raw usage', '123');
  await expect(page.getByLabel('Raw usage', { exact: true })).toHaveValue('123');

  // Too big for the address bar to follow: the reload opens the saved session, not the link.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.reload();
  await app.waitUntilReady();
  await expect(note(page)).toBeVisible({ timeout: 60_000 });
  await expect(root).toHaveAccessibleName(/: 1 users/);
  await expect(app.treeItemById(5_002)).toHaveAttribute('aria-selected', 'true');
  await app.openTab('Inspector');
  await expect(page.getByLabel('Raw usage', { exact: true })).toHaveValue('123');
  await expect(app.panicBanner()).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('the session is saved in an idle period, never in the frame of an edit, and at once when the page hides', async ({ page }) => {
  // Every idle callback the page asks for, and whether the session changed inside one.
  await page.addInitScript(() => {
    window.__idle = { asked: 0, savedInside: 0 };
    const native = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (f, options) => {
      window.__idle.asked += 1;
      return native((deadline) => {
        const before = JSON.stringify(Object.entries(localStorage));
        f(deadline);
        if (JSON.stringify(Object.entries(localStorage)) !== before) window.__idle.savedInside += 1;
      }, options);
    };
  });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('fair-tree-example');
  await expect.poll(() => page.evaluate(() => window.__idle.savedInside)).toBeGreaterThan(0);
  const saved = await page.evaluate(() => window.__idle.savedInside);

  // The frame after an edit saves nothing; the idle period after it does.
  await app.clickTreeItem('UserB');
  await app.openTab('Inspector');
  const field = app.inspector().getByLabel('Raw usage', { exact: true });
  await field.fill('40000');
  const inFrame = await field.evaluate(async (el) => {
    const before = JSON.stringify(Object.entries(localStorage));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return JSON.stringify(Object.entries(localStorage)) !== before;
  });
  expect(inFrame).toBe(false);
  await expect(app.treeItemWithId(221)).toHaveAttribute('data-rank', '1');
  await expect.poll(() => page.evaluate(() => window.__idle.savedInside)).toBeGreaterThan(saved);

  // An edit and at once the page hides (no idle period between): the session is saved then.
  await field.fill('50000');
  const savedOnHide = await field.evaluate(async (el) => {
    el.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const before = JSON.stringify(Object.entries(localStorage));
    window.dispatchEvent(new Event('pagehide'));
    return JSON.stringify(Object.entries(localStorage)) !== before;
  });
  expect(savedOnHide).toBe(true);
  expect(app.errors).toEqual([]);
});
