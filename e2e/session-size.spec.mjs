// The session of a big tree is saved too (a 100k-association tree's was longer than the old
// 2 M-character limit, and a reload lost it; edited, with its baseline, it is saved alone), in
// slices over many idle callbacks, and a browser that refuses a save (its storage for the site
// is full) keeps the session saved before and says so, losing nothing on the page.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

const KEY = 'fairshare-explorer:session';

/**
 * A scenario of `n` associations shaped like the shared 100k performance tree: root, accounts
 * of about 48 users each (names drawn from 50,000), shares 1-100, 30% of users without usage,
 * the others' log-normal with all their digits. The same text every run (xorshift).
 */
function bigScenario(n) {
  let x = 0x2545f491n;
  const next = () => {
    x ^= (x << 13n) & 0xffffffffn;
    x ^= x >> 17n;
    x ^= (x << 5n) & 0xffffffffn;
    return Number(x) / 2 ** 32;
  };
  const accounts = Math.round(n / 49);
  const rows = [{ id: 1, parent: null, account: 'root', user: null, shares: 1, usage_raw: 0 }];
  for (let a = 0; a < accounts; a++) {
    rows.push({ id: a + 2, parent: 1, account: `a${String(a).padStart(5, '0')}`, user: null, shares: 1 + Math.floor(next() * 100), usage_raw: 0 });
  }
  let users = 0;
  for (let id = accounts + 2; id <= n; id++, users++) {
    const a = Math.floor(((id - accounts - 2) * accounts) / (n - accounts - 1));
    const usage = next() < 0.3 ? 0 : Math.exp(8 + 4 * (next() + next() + next() - 1.5));
    rows.push({
      id,
      parent: a + 2,
      account: `a${String(a).padStart(5, '0')}`,
      // Names reused across accounts, never twice in one.
      user: `u${String((id * 7919) % 50000).padStart(6, '0')}`,
      shares: 1 + Math.floor(next() * 100),
      usage_raw: usage,
    });
  }
  const text = JSON.stringify({ name: 'big', algorithm: 'fair_tree', params: { damping_factor: 1, flags: [] }, associations: rows });
  return { text, users };
}

/** Loads `text` through the Import panel (one input event with the whole text). */
async function paste(app, text, users) {
  const { page } = app;
  await app.openTab('Import');
  await page.getByLabel('Paste sshare output or scenario JSON').evaluate((el, t) => {
    el.value = t;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await app.waitForUsers(users);
}

const stored = (page) => page.evaluate((k) => localStorage.getItem(k), KEY);

test('a pasted 100k tree survives a reload', async ({ page }) => {
  test.setTimeout(240_000);
  // Counts the idle callbacks run, and the session writes with the count at each.
  await page.addInitScript((key) => {
    window.__save = { callbacks: 0, writes: [] };
    const native = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (f, options) =>
      native((deadline) => {
        window.__save.callbacks += 1;
        f(deadline);
      }, options);
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === key) window.__save.writes.push({ callbacks: window.__save.callbacks, length: v.length });
      return setItem.call(this, k, v);
    };
  }, KEY);
  const app = new ExplorerPage(page);
  await app.goto('/');
  const { text, users } = bigScenario(100_000);
  await paste(app, text, users);
  const callbacksAtPaste = await page.evaluate(() => window.__save.callbacks);
  // Saved once the state is still (and the browser idle): longer than the old limit.
  await expect.poll(async () => (await stored(page))?.length ?? 0, { timeout: 90_000 }).toBeGreaterThan(2_000_000);
  const length = (await stored(page)).length;
  console.log(`100k session: ${length} characters stored`);
  await expect(page.locator('[data-session-unsaved]')).toHaveCount(0);
  // Printed and packed in slices over many idle callbacks (one callback held the main thread
  // for 0.35-1.4 s), then written in one call.
  const { callbacks, writes } = await page.evaluate(() => window.__save);
  const big = writes.filter((w) => w.length > 2_000_000);
  console.log(`100k save: written after ${big[0]?.callbacks - callbacksAtPaste} idle callbacks`);
  expect(big).toHaveLength(1);
  expect(big[0].callbacks - callbacksAtPaste).toBeGreaterThanOrEqual(10);
  expect(callbacks).toBeGreaterThanOrEqual(big[0].callbacks);

  await page.reload();
  await app.waitUntilReady();
  await app.waitForUsers(users);
  await expect(page.getByRole('status').filter({ hasText: 'Your last session in this browser was restored' })).toBeVisible();

  // An edit: the tree with its baseline is too long for any browser (about 5.7 M); the edited
  // tree is saved alone, and the page says its edits will no longer be marked after a reload.
  const find = page.getByRole('searchbox', { name: 'Find user or account' });
  await find.fill('a00000/u028517');
  await find.press('Enter');
  await app.tree().locator('[role="treeitem"][data-kind="user"][data-name="u028517"]').first().click();
  await app.editField('Raw usage', '123456');
  await expect(page.locator('[data-session-unsaved="without-baseline"]')).toHaveText(/no longer marked as changes/, {
    timeout: 90_000,
  });
  await page.reload();
  await app.waitUntilReady();
  await app.waitForUsers(users);
  await find.fill('a00000/u028517');
  await find.press('Enter');
  await app.tree().locator('[role="treeitem"][data-kind="user"][data-name="u028517"]').first().click();
  await app.openTab('Inspector');
  await expect(app.inspector().getByLabel('Raw usage', { exact: true })).toHaveValue('123456');
});

test('a save the browser refuses keeps the session saved before, and says so', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  // A save is deflated once the deflater's module is in (prefetched in an idle period after the
  // mount), and stored uncompressed before: on a busy machine the first save below could be the
  // long uncompressed one and the second a shorter deflated one, which fits where the first was.
  // So both are made after the module has arrived (in a split build, the one CI tests).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const names = performance.getEntriesByType('resource').map((e) => e.responseEnd > 0 && e.name);
        const split = names.some((n) => n && /\/__wasm_split-/.test(n));
        return !split || names.some((n) => n && /\/split_deflater-/.test(n));
      }),
    )
    .toBe(true);
  await app.choosePreset('fair-tree-example');
  await app.clickTreeItem('UserB');
  await app.openTab('Inspector');
  await app.editField('Raw usage', '40000');
  // The click's selection is saved too, and on a busy machine that save can land before the
  // edit's: wait until what is stored stands still for longer than a save's delay (400 ms) and
  // its wait for an idle period (at most 1 s), so `before` is the edit's session.
  let before = null;
  await expect
    .poll(
      async () => {
        const now = await stored(page);
        const still = now !== null && now === before;
        before = now;
        return still;
      },
      { intervals: [2000], timeout: 30000 },
    )
    .toBe(true);
  // Fill the site's storage to the last character: the next, longer session cannot be written.
  await page.evaluate(() => {
    let lo = 0;
    let hi = 16 << 20;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      try {
        localStorage.setItem('filler', 'x'.repeat(mid));
        lo = mid;
      } catch {
        hi = mid;
      }
    }
    localStorage.setItem('filler', 'x'.repeat(lo));
  });
  await app.editField('Raw usage', '50000');
  const note = page.locator('[data-session-unsaved="storage-full"]');
  await expect(note).toHaveRole('status');
  await expect(note).toHaveText(/storage for the site is full, so the latest changes were not saved/);
  expect(await stored(page)).toBe(before);
  // Nothing is lost on the page: the edit is there, and undo still works.
  await expect(app.inspector().getByLabel('Raw usage', { exact: true })).toHaveValue('50000');

  // Room again: the next save succeeds and the note goes.
  await page.evaluate(() => localStorage.removeItem('filler'));
  await app.editField('Raw usage', '60000');
  await expect(note).toHaveCount(0);
  await expect.poll(() => stored(page)).not.toBe(before);
  await page.reload();
  await app.waitUntilReady();
  await app.openTab('Inspector');
  await expect(app.inspector().getByLabel('Raw usage', { exact: true })).toHaveValue('60000');
});
