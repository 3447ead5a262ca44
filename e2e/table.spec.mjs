// The sshare table in the page: selection shared with the tree (clicks and real keys), revealing
// inside collapsed accounts, sorting and filtering, and drawing only the rows in view. (Its
// headers and cell text, sshare -l's, are checked natively in src/panels/sshare_table.rs and in
// the DOM by tests/web/tree.rs.)
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

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

test('sorting by any column and filtering by name', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('sshare');
  const table = app.sshareTable();
  const rows = table.locator('tbody tr[data-assoc-id]');
  await expect(rows).toHaveCount(14);
  const ids = () => rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.assocId));
  // Columns are found by their header's name, not by where they stand.
  const column = async (name) => {
    const i = await table
      .locator('thead th')
      .evaluateAll((ths, name) => ths.findIndex((th) => th.textContent.trim() === name), name);
    expect(i).toBeGreaterThanOrEqual(0);
    return rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i].textContent.trim()), i);
  };
  const listOrder = await ids();

  const header = table.getByRole('columnheader', { name: 'FairShare' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  let values = (await column('FairShare')).filter((v) => v !== '');
  expect(values.map(Number)).toEqual([...values.map(Number)].sort((a, b) => a - b));
  // Empty cells (accounts) go last.
  expect((await column('FairShare')).slice(0, values.length)).toEqual(values);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  values = (await column('FairShare')).filter((v) => v !== '');
  expect(values.map(Number)).toEqual([...values.map(Number)].sort((a, b) => b - a));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'none');
  expect(await ids()).toEqual(listOrder);

  // Text columns sort by name; the filter keeps the rows whose Account or User matches.
  await table.getByRole('columnheader', { name: 'User' }).getByRole('button').click();
  const users = (await column('User')).filter((v) => v !== '');
  expect(users).toEqual([...users].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await app.sshareRegion().getByLabel('Filter by account or user').fill('accountc');
  await expect(rows).toHaveCount(3);
  for (const account of await column('Account')) expect(account).toBe('AccountC');
  await expect(app.sshareRegion().getByRole('status')).toHaveText('3 of 14 rows');
  await app.sshareRegion().getByLabel('Filter by account or user').fill('accountb');
  await expect(rows).toHaveCount(2);
  // Selection still works on a sorted, filtered table.
  await app.sshareRowById(211).click();
  await expect(app.treeItemById(211)).toHaveAttribute('aria-selected', 'true');
  await app.screenshotRegion(app.sshareRegion(), 'table-sorted-filtered');
  expect(app.errors).toEqual([]);
});

// Issue 25.2: the deciding columns show in the side panel without a sideways scroll.
for (const [width, height] of [[1440, 900], [390, 844]]) {
  test(`at ${width}x${height} FairShare and LevelFS are in view in the table without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const app = new ExplorerPage(page);
    await app.goto('/');
    await app.openTab('sshare');
    const table = app.sshareTable();
    await expect(table.getByRole('columnheader', { name: 'FairShare' })).toBeVisible();
    for (const name of ['Account', 'User', 'FairShare', 'LevelFS']) {
      const header = table.getByRole('columnheader', { name, exact: true });
      const place = await header.evaluate((th) => {
        const scroller = th.closest('table').parentElement;
        const cell = th.getBoundingClientRect();
        const view = scroller.getBoundingClientRect();
        return {
          scrollLeft: scroller.scrollLeft,
          left: cell.left - view.left,
          right: cell.right - view.left,
          visible: scroller.clientWidth,
        };
      });
      expect(place.scrollLeft, name).toBe(0);
      expect(place.left, name).toBeGreaterThanOrEqual(0);
      expect(place.right, `${name} ends within the ${place.visible}px the scroller shows`).toBeLessThanOrEqual(place.visible + 0.5);
    }
    expect(app.errors).toEqual([]);
  });
}

// After an sshare import, Slurm's printed values stand right after the recomputed ones.
test('an imported table shows Printed FS and Printed LF beside FairShare and LevelFS', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.pasteAndLoad(
    [
      'Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins',
      'root|||0.000000|100||1.000000||||cpu=0',
      ' a||1|0.500000|60|0.600000|0.600000||0.833333||cpu=0',
      '  a|u1|1|1.000000|60|0.600000|1.000000|0.500000|1.000000||cpu=0',
      ' b||1|0.500000|40|0.400000|0.400000||1.250000||cpu=0',
      '  b|u2|1|1.000000|40|0.400000|1.000000|0.900000|1.000000||cpu=0',
      '',
    ].join('\n'),
  );
  await app.openTab('sshare');
  const table = app.sshareTable();
  // The panel is its own wasm module, fetched when its tab opens: wait for the rows.
  await expect(table.locator('tbody tr[data-assoc-id]').filter({ hasText: 'u2' })).toHaveCount(1);
  const headers = await table.locator('thead th').evaluateAll((ths) => ths.map((th) => th.textContent.trim()));
  expect(headers.slice(0, 7)).toEqual(['Account', 'User', 'FairShare', 'Printed FS', 'LevelFS', 'Printed LF', 'Check']);
  const cells = await table
    .locator('tbody tr[data-assoc-id]')
    .filter({ hasText: 'u2' })
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => td.textContent.trim()));
  expect(cells.length).toBe(headers.length);
  expect(cells.slice(2, 6)).toEqual(['1.000000', '0.900000', '1.000000', '1.000000']);
  expect(cells[6]).toContain('unexplained');
  expect(app.errors).toEqual([]);
});

/** A scenario of 3 accounts/** A scenario of 3 accounts × `perAccount` users, as scenario JSON. */
function bigScenario(perAccount) {
  const associations = [{ id: 1, parent: null, account: 'root', user: null, shares: 1 }];
  for (let a = 0; a < 3; a += 1) {
    const account = `acct${a}`;
    const aid = 10 + a;
    associations.push({ id: aid, parent: 1, account, user: null, shares: a + 1 });
    for (let u = 0; u < perAccount; u += 1) {
      associations.push({
        id: 1000 * (a + 1) + u,
        parent: aid,
        account,
        user: `u${a}x${u}`,
        shares: 1 + (u % 5),
        usage_raw: (u * 37 + a * 11) % 500,
      });
    }
  }
  return JSON.stringify({ name: 'big', associations });
}

test('a table of more than 200 rows draws only the rows in view and follows the selection', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.pasteAndLoad(bigScenario(100)); // 304 associations
  await expect(app.importRegion().getByRole('status').first()).toContainText('Loaded 304 associations');
  await app.openTab('sshare');
  const rows = app.sshareTable().locator('tbody tr[data-assoc-id]');
  await expect(rows.first()).toBeVisible();
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(120);
  await expect(app.sshareRegion().getByRole('status')).toHaveText('304 of 304 rows');
  // Scrolling inside the table brings the last rows in.
  await app.sshareTable().evaluate((table) => {
    const scroller = table.parentElement;
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(app.sshareRowById(3099)).toBeVisible();
  expect(await rows.count()).toBeLessThan(120);

  // A user selected elsewhere (Compare's Me menu) is scrolled into view in the table.
  await app.sshareTable().evaluate((table) => {
    table.parentElement.scrollTop = 0;
  });
  await app.openTab('Compare');
  await app.compareRegion().getByLabel('Find a user for Me').fill('u2x50');
  await app.compareRegion().getByRole('combobox', { name: 'Me' }).selectOption({ label: 'u2x50 in acct2' });
  await app.openTab('sshare');
  await expect(app.sshareRowById(3050)).toBeVisible();
  await expect(app.sshareRowById(3050)).toHaveAttribute('aria-current', 'true');
  // The classic table is windowed too.
  await app.openTab('Classic fairshare');
  const classicRows = app.classicPanel().getByTestId('classic-table').locator('tbody tr[data-assoc-id]');
  await expect(classicRows.first()).toBeVisible();
  expect(await classicRows.count()).toBeLessThan(120);
  expect(app.errors).toEqual([]);
});
