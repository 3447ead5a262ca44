// Snapshots over time on a real-shaped cluster: two 10k snapshots a day apart (the anchor tree,
// then a day of decay, jobs, leavers and newcomers; e2e/fixtures/timeline.mjs) published as sshare
// text and opened with src=/before=: positions, moves and deciding levels on the page equal
// `fairshare diff --json` on the same two files.
import { test, expect } from '@playwright/test';
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
