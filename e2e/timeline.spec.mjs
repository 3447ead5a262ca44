// Snapshots over time on a real-shaped cluster: two 10k snapshots a day apart (the anchor tree,
// then a day of decay, jobs, leavers and newcomers; e2e/fixtures/timeline.mjs) published as sshare
// text and opened with src=/before=: positions, moves and deciding levels on the page equal
// `fairshare diff --json` on the same two files. Then a timeline of three days of the 1k tree,
// through timeline= (also under the strict CSP) and through the Import panel: the scrubber, the
// chart and its table, each step compared with the day before, a replay ending in the after
// order, and a list's bad lines named while the rest loads.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ExplorerPage } from './fixtures/page.mjs';
import { cliDiff, publishDays } from './fixtures/timeline.mjs';

let days;
test.beforeAll(() => {
  days = publishDays({ size: '10k', days: 3, dir: 'e2e-timeline' });
});

/** Finds `account/user` with the searchbox and picks it. */
async function find(page, query) {
  const box = page.getByRole('searchbox', { name: 'Find user or account' });
  await box.fill(query);
  await expect(page.getByRole('listbox', { name: 'Matches' }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
}

/** A few users worth checking: the largest moves up and down, a deciding level inside an account, a newcomer. */
function pick(diff) {
  const there = diff.users.filter((u) => u.position_before !== null && u.position !== null);
  const delta = (u) => u.position - u.position_before;
  const byDelta = [...there].sort((a, b) => delta(a) - delta(b));
  const chosen = [byDelta[0], byDelta[1], byDelta.at(-1), byDelta.at(-2)];
  const inner = there.find((u) => u.deciding?.ahead && u.deciding.parent !== 'root');
  if (inner) chosen.push(inner);
  const still = there.find((u) => delta(u) === 0);
  if (still) chosen.push(still);
  chosen.push(diff.users.find((u) => u.position_before === null));
  return chosen;
}

test('the CLI and the page agree on two 10k snapshots a day apart', async ({ page }) => {
  test.setTimeout(600_000);
  const diff = cliDiff(days[0], days[1]);
  expect(diff.added).toBeGreaterThan(0);
  expect(diff.removed).toBeGreaterThan(0);
  const app = new ExplorerPage(page);
  await app.goto('/?src=e2e-timeline/day1.txt&before=e2e-timeline/day0.txt');
  const region = page.getByRole('region', { name: 'Since the before snapshot' });
  await expect(region).toContainText(`users added: ${diff.added}, removed: ${diff.removed}`, { timeout: 120_000 });
  for (const u of pick(diff)) {
    await find(page, `${u.account}/${u.user}`);
    const item = page.locator(
      `[role="treeitem"][data-kind="user"][data-account="${u.account}"][data-name="${u.user}"]`,
    );
    await expect(item, u.user).toHaveAttribute('aria-selected', 'true');
    await expect(item, u.user).toHaveAttribute('data-position', String(u.position));
    await expect(item, u.user).toHaveAttribute('data-position-before', u.position_before === null ? '' : String(u.position_before));
    const moved = u.position_before === null ? 0 : u.position - u.position_before;
    if (moved !== 0) {
      const places = Math.abs(moved).toLocaleString('en-US');
      await expect(item, u.user).toHaveAttribute('aria-label', new RegExp(`; ${moved < 0 ? 'up' : 'down'} ${places} place`));
    }
    const reason = region.locator('[data-snapshot-reason] li').first();
    if (u.deciding?.ahead) {
      await expect(reason, u.user).toHaveText(`Under ${u.deciding.parent}, ${u.deciding.ahead} passed ${u.deciding.behind}.`);
    }
  }
  expect(app.errors).toEqual([]);
});

/** The day files of the 1k timeline (three days), published once for the tests below. */
let small;
test.beforeAll(() => {
  small = publishDays({ size: '1k', days: 3, dir: 'e2e-timeline-1k' });
  const dir = path.dirname(small[0]);
  // A list with a bad time, a foreign URL, a missing file, then two good days.
  writeFileSync(
    path.join(dir, 'bad.txt'),
    'yesterday day0.txt\nhttps://example.com/day.txt\nmissing.txt\n2026-11-21T09:00Z day1.txt\n2026-11-22T09:00Z day2.txt\n',
  );
  writeFileSync(path.join(dir, 'one.txt'), 'day0.txt\nmissing.txt\n');
});

/** A user present on all three days whose position changed on both steps, and its positions. */
function movingUser() {
  const [a, b] = [cliDiff(small[0], small[1]), cliDiff(small[1], small[2])];
  const key = (u) => `${u.account}/${u.user}`;
  const second = new Map(b.users.map((u) => [key(u), u]));
  for (const u of a.users) {
    const v = second.get(key(u));
    if (u.position_before !== null && v && v.position_before !== null && u.position !== u.position_before && v.position !== v.position_before) {
      return { account: u.account, user: u.user, positions: [u.position_before, u.position, v.position] };
    }
  }
  throw new Error('no user moved on both days');
}

const treeItem = (page, u) =>
  page.locator(`[role="treeitem"][data-kind="user"][data-account="${u.account}"][data-name="${u.user}"]`);

/** Presses "Replay the change" and expects the user's treeitem `item` to show exactly the
 * positions `seen`, in that order, as the replay runs (recorded as its attribute changes). */
async function expectReplay(page, region, item, seen) {
  await item.evaluate((el) => {
    window.__seen = [];
    new MutationObserver(() => window.__seen.push(el.getAttribute('data-position'))).observe(el, {
      attributes: true,
      attributeFilter: ['data-position'],
    });
  });
  await region.getByRole('button', { name: 'Replay the change' }).click();
  await expect.poll(() => page.evaluate(() => window.__seen)).toEqual(seen);
}

for (const base of ['/', '/csp/']) {
  test(`timeline= loads three days: scrubber, chart and table, each step explained (${base})`, async ({ page }) => {
    test.setTimeout(240_000);
    const u = movingUser();
    const app = new ExplorerPage(page);
    await app.goto(`${base}?timeline=e2e-timeline-1k/timeline.txt&me=${u.account}%2F${u.user}`);
    const region = page.getByRole('region', { name: 'Timeline' });
    const slider = region.getByRole('slider', { name: 'Moment' });
    await expect(slider).toHaveAttribute('aria-valuetext', '2026-11-22T09:00Z (3 of 3)', { timeout: 60_000 });
    const item = treeItem(page, u);
    await expect(item).toHaveAttribute('aria-selected', 'true');
    // me= is looked up in the loaded timeline, not in the tree the page opened with.
    await expect(page.getByText(/names no user or account/)).toHaveCount(0);
    // The newest day, compared with the day before it, as the CLI says.
    await expect(item).toHaveAttribute('data-position', String(u.positions[2]));
    await expect(item).toHaveAttribute('data-position-before', String(u.positions[1]));
    // The chart has a name and a table saying the same positions.
    await expect(region.getByRole('img', { name: `${u.user}: position and FairShare over time` })).toBeVisible();
    const cells = region.locator('[data-timeline-position]');
    await expect(cells).toHaveText(u.positions.map((p) => p.toLocaleString('en-US')));
    // The scrubber by keyboard: one day back, compared with the first day.
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuetext', '2026-11-21T09:00Z (2 of 3)');
    await expect(region.locator('[data-timeline-status]')).toHaveText('Compared with the snapshot before it (2026-11-20T09:00Z).');
    await expect(item).toHaveAttribute('data-position', String(u.positions[1]));
    await expect(item).toHaveAttribute('data-position-before', String(u.positions[0]));
    await expect(page.getByRole('region', { name: 'Since the before snapshot' }).locator('[data-snapshot-move]')).toContainText(
      `position ${u.positions[0].toLocaleString('en-US')} → ${u.positions[1].toLocaleString('en-US')}`,
    );
    // A point of the chart picks its day: the oldest, with nothing before it.
    await region.locator('circle[data-moment="0"]').first().click();
    await expect(slider).toHaveAttribute('aria-valuetext', '2026-11-20T09:00Z (1 of 3)');
    await expect(item).toHaveAttribute('data-position', String(u.positions[0]));
    await expect(item).not.toHaveAttribute('data-position-before');
    // The table's buttons too; then the change replayed ends in the after order.
    await region.getByRole('button', { name: 'Show 2026-11-22T09:00Z' }).click();
    await expect(item).toHaveAttribute('data-position', String(u.positions[2]));
    // Every value the user's treeitem shows during the replay, recorded as it changes (the same
    // node throughout: the snapshots share ids, so the keyed item moves instead of being replaced).
    await expectReplay(page, region, item, [String(u.positions[1]), String(u.positions[2])]);
    await expect(item).toHaveAttribute('data-position', String(u.positions[2]));
    await expect(slider).toHaveAttribute('aria-valuetext', '2026-11-22T09:00Z (3 of 3)');
    await expect(page.getByRole('alert')).toHaveCount(0);
    if (base === '/') {
      for (const [w, h] of [[1440, 900], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await region.scrollIntoViewIfNeeded();
        await app.screenshot(`timeline-${w}x${h}`);
        await app.screenshotOf(region, `timeline-region-${w}x${h}`);
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      await app.screenshotOf(region, 'timeline-region-390x844-dark');
      // The region passes axe in both themes (contrast of the chart's texts included).
      for (const scheme of ['dark', 'light']) {
        await page.emulateMedia({ colorScheme: scheme });
        const results = await new AxeBuilder({ page }).include('[aria-label="Timeline"]').analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), scheme).toEqual([]);
      }
    }
    expect(app.errors).toEqual([]);
  });
}

test('a before/after pair from src=/before= is a timeline of two: scrubber, chart, step explained, replay', async ({ page }) => {
  test.setTimeout(240_000);
  const u = movingUser();
  const app = new ExplorerPage(page);
  await app.goto(`/?src=e2e-timeline-1k/day1.txt&before=e2e-timeline-1k/day0.txt&me=${u.account}%2F${u.user}`);
  const region = page.getByRole('region', { name: 'Timeline' });
  const slider = region.getByRole('slider', { name: 'Moment' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'after snapshot (2 of 2)', { timeout: 60_000 });
  const item = treeItem(page, u);
  await expect(item).toHaveAttribute('aria-selected', 'true');
  await expect(item).toHaveAttribute('data-position', String(u.positions[1]));
  await expect(item).toHaveAttribute('data-position-before', String(u.positions[0]));
  // The chart and its table: the user's two positions.
  await expect(region.getByRole('img', { name: `${u.user}: position and FairShare over time` })).toBeVisible();
  await expect(region.locator('[data-timeline-position]')).toHaveText(u.positions.slice(0, 2).map((p) => p.toLocaleString('en-US')));
  const since = page.getByRole('region', { name: 'Since the before snapshot' });
  await expect(since.locator('[data-snapshot-move]')).toContainText(
    `position ${u.positions[0].toLocaleString('en-US')} → ${u.positions[1].toLocaleString('en-US')}`,
  );
  // Who moved and why: the list's rows, in the accessibility tree as Chromium builds it.
  const moved = app.whatIfRegion().getByRole('list', { name: 'Who moved and why' }).getByRole('listitem');
  const listed = await moved.count();
  expect(listed).toBeGreaterThan(0);
  const cdp = await page.context().newCDPSession(page);
  const accessibleRows = async () => {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.ft-whatif__list' });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId, role: 'listitem' });
    return nodes.filter((n) => !n.ignored).length;
  };
  expect(await accessibleRows()).toBe(listed);
  // Only the rows in or near view are laid out and painted (content-visibility: auto): with the
  // list in view, its first row is, and its last, below the list's box, is skipped.
  const rendered = (row) => row.evaluate((li) => li.lastElementChild.checkVisibility({ contentVisibilityAuto: true }));
  const rows = page.locator('.ft-whatif__row');
  expect(listed).toBeGreaterThan(12);
  await rows.first().scrollIntoViewIfNeeded();
  await expect.poll(() => rendered(rows.first())).toBe(true);
  expect(await rendered(rows.last())).toBe(false);
  // The scrubber shows the before snapshot, with nothing before it, and back.
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', 'before snapshot (1 of 2)');
  await expect(item).toHaveAttribute('data-position', String(u.positions[0]));
  await expect(item).not.toHaveAttribute('data-position-before');
  // No one moved: the list's rows are kept for the next step but neither read nor shown.
  await expect(moved).toHaveCount(0);
  expect(await accessibleRows()).toBe(0);
  await expect(page.locator('.ft-whatif__row').first()).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(item).toHaveAttribute('data-position', String(u.positions[1]));
  await expect(item).toHaveAttribute('data-position-before', String(u.positions[0]));
  await expect(moved).toHaveCount(listed);
  await expect(moved.first()).toBeVisible();
  expect(await accessibleRows()).toBe(listed);
  // The replay: the before order, then the after order, on the same treeitem.
  await expectReplay(page, region, item, [String(u.positions[0]), String(u.positions[1])]);
  await expect(slider).toHaveAttribute('aria-valuetext', 'after snapshot (2 of 2)');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('a timeline list with bad lines: each is named, the rest loads', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new ExplorerPage(page);
  await app.goto('/?timeline=e2e-timeline-1k/bad.txt');
  const alert = page.locator('.ft-snapshot__alert');
  await expect(alert).toContainText('e2e-timeline-1k/bad.txt, line 1: "yesterday" is not an ISO 8601 time', { timeout: 60_000 });
  await expect(alert).toContainText('https://example.com/day.txt is not on this site');
  await expect(alert).toContainText('missing.txt could not be loaded (HTTP 404)');
  expect(app.requests.filter((u) => new URL(u).hostname === 'example.com')).toEqual([]);
  const slider = page.getByRole('slider', { name: 'Moment' });
  await expect(slider).toHaveAttribute('aria-valuetext', '2026-11-22T09:00Z (2 of 2)');
});

test('a timeline of one snapshot is said, and that snapshot loads', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?timeline=e2e-timeline-1k/one.txt');
  await expect(page.locator('.ft-snapshot__alert')).toContainText('A timeline needs two snapshots at least; 1 could be loaded.', { timeout: 60_000 });
  await expect(page.getByRole('slider', { name: 'Moment' })).toHaveCount(0);
  await expect(app.allTreeItems().first()).toBeVisible();
});

test('three files at once in the Import panel are a timeline, oldest first', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Import');
  // Given in another order, with one modification time: the names decide.
  await app.importRegion().getByLabel('Open before (or before and after)').setInputFiles(
    [2, 0, 1].map((k) => ({ name: `day${k}.txt`, mimeType: 'text/plain', buffer: readFileSync(small[k]) })),
  );
  await app.openTab('What if');
  const slider = page.getByRole('slider', { name: 'Moment' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'day2.txt (3 of 3)', { timeout: 60_000 });
  const u = movingUser();
  const item = treeItem(page, u);
  await page.getByRole('searchbox', { name: 'Find user or account' }).fill(`${u.account}/${u.user}`);
  await page.getByRole('searchbox', { name: 'Find user or account' }).press('Enter');
  await expect(item).toHaveAttribute('data-position-before', String(u.positions[1]));
  expect(app.errors).toEqual([]);
});

test('a reload keeps the before snapshot: the comparison comes back from the saved session', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.pasteAndLoad(readFileSync(small[1], 'utf8'));
  await app.importRegion().getByLabel('Paste sshare output or scenario JSON').fill(readFileSync(small[0], 'utf8'));
  await app.importRegion().getByRole('button', { name: 'Load as before', exact: true }).click();
  const u = movingUser();
  const item = treeItem(page, u);
  await page.getByRole('searchbox', { name: 'Find user or account' }).fill(`${u.account}/${u.user}`);
  await page.getByRole('searchbox', { name: 'Find user or account' }).press('Enter');
  await expect(item).toHaveAttribute('data-position-before', String(u.positions[0]));
  // A pasted pair is a timeline of two as well: its scrubber and replay.
  await app.openTab('What if');
  const slider = page.getByRole('slider', { name: 'Moment' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'after snapshot (2 of 2)');
  await expect(page.getByRole('button', { name: 'Replay the change' })).toBeEnabled();
  await page.reload();
  await app.waitUntilReady();
  await expect(item).toHaveAttribute('aria-selected', 'true');
  await expect(item).toHaveAttribute('data-position-before', String(u.positions[0]));
  await expect(item).toHaveAttribute('data-position', String(u.positions[1]));
  await app.openTab('What if');
  await expect(page.getByRole('region', { name: 'Since the before snapshot' })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuetext', 'after snapshot (2 of 2)');
  expect(app.errors).toEqual([]);
});
