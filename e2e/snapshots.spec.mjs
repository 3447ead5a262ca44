// Snapshots over time: a before snapshot loaded through the Import panel, and through src=/before=
// URLs served by the test server (also under the strict CSP); each user's data-position-before and
// accessible move agree with `fairshare diff` on the same two texts; the selected user's move and
// reason are shown; a failed or foreign URL is an alert and the app stays usable.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ExplorerPage } from './fixtures/page.mjs';
import { cli, ensureCli } from './fixtures/cli.mjs';
import { publishSnapshots, snapshotFixture } from './fixtures/published.mjs';

const BEFORE = snapshotFixture('before.txt');
const AFTER = snapshotFixture('after.txt');

test.beforeAll(() => {
  ensureCli();
  // The test server serves dist/: put the two snapshots where a docs site would publish them.
  publishSnapshots();
});

/** `{user: [old, new]}` from `fairshare diff BEFORE AFTER`'s lines `account/user: position A → B`. */
function cliMoves() {
  const out = execFileSync(cli, ['diff', BEFORE, AFTER], { encoding: 'utf8' });
  const moves = {};
  for (const m of out.matchAll(/^[^/\s]+\/(\S+): position (\d+) → (\d+)/gm)) moves[m[1]] = [m[2], m[3]];
  return moves;
}

/** Checks every user the CLI lists as moved, and the new user, on the page. */
async function expectMovesAsTheCli(page) {
  const moves = cliMoves();
  expect(Object.keys(moves).sort()).toEqual(['g1', 'g2', 'labmate', 'me']);
  for (const [user, [old, now]] of Object.entries(moves)) {
    const item = page.locator(`[role="treeitem"][data-kind="user"][data-name="${user}"]`);
    await expect(item, user).toHaveAttribute('data-position-before', old);
    await expect(item, user).toHaveAttribute('data-position', now);
  }
  const me = page.locator('[role="treeitem"][data-name="me"]');
  await expect(me).toHaveAttribute('aria-label', /; down 3 places/);
  const g1 = page.locator('[role="treeitem"][data-name="g1"]');
  await expect(g1).toHaveAttribute('aria-label', /; up 3 places/);
  const newcomer = page.locator('[role="treeitem"][data-name="newcomer"]');
  await expect(newcomer).toHaveAttribute('data-position-before', '');
  await expect(newcomer).toHaveAttribute('aria-label', /not in the before snapshot/);
}

/** The region with the selected user's move, and its reason. */
async function expectMeExplained(page) {
  const region = page.getByRole('region', { name: 'Since the before snapshot' });
  await expect(region).toContainText('(users added: 1, removed: 1)');
  await expect(region.locator('[data-snapshot-move]')).toHaveText(
    'me: position 1 → 4, FairShare 1 → 0.4 (down 3 places).',
  );
  const reason = region.locator('[data-snapshot-reason] li');
  await expect(reason.nth(0)).toHaveText('Under root, geo passed bio.');
  await expect(reason.nth(1)).toHaveText("bio's usage rose 667% (+200 TRES-seconds).");
  await expect(region).toContainText('Change in ln Level FS of bio: −1.097 = own usage −2.037 + level usage +0.940');
}

test('a before snapshot loaded in the Import panel: moves as the CLI says, and why', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.pasteAndLoad(readFileSync(AFTER, 'utf8'));
  await app.importRegion().getByLabel('Paste sshare output or scenario JSON').fill(readFileSync(BEFORE, 'utf8'));
  await app.importRegion().getByRole('button', { name: 'Load as before', exact: true }).click();
  await expectMovesAsTheCli(page);
  await app.clickTreeItem('me');
  // The before snapshot is the what-if baseline: the What-if tab says the move and why.
  await app.openTab('What if');
  await expectMeExplained(page);
  await app.screenshot('snapshots-before-after');
  // Stop comparing: the attribute goes.
  await page.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(page.locator('[role="treeitem"][data-name="me"]')).not.toHaveAttribute('data-position-before');
  expect(app.errors).toEqual([]);
});

test('two files at once: the older is before', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Import');
  // Given at the same moment (same modification time), so the names decide: the snapshots a
  // collector writes are named by their time.
  await app.importRegion().getByLabel('Open before (or before and after)').setInputFiles([
    { name: '20261126T0900Z.txt', mimeType: 'text/plain', buffer: readFileSync(AFTER) },
    { name: '20261125T0900Z.txt', mimeType: 'text/plain', buffer: readFileSync(BEFORE) },
  ]);
  await expectMovesAsTheCli(page);
  expect(app.errors).toEqual([]);
});

for (const base of ['/', '/csp/']) {
  test(`src= and before= load published snapshots on open, then me= (${base})`, async ({ page }) => {
    const app = new ExplorerPage(page);
    await app.goto(`${base}?src=e2e-snapshots/after.txt&before=e2e-snapshots/before.txt&me=me`);
    await expect(page.locator('[role="treeitem"][data-name="me"]')).toHaveAttribute('aria-selected', 'true');
    await expectMovesAsTheCli(page);
    await expectMeExplained(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    if (base === '/') {
      // For the closing note: the before/after comparison on a desktop and a phone.
      for (const [w, h] of [[1440, 900], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await expect(page.getByRole('region', { name: 'Since the before snapshot' })).toBeVisible();
        await app.screenshot(`snapshots-src-before-${w}x${h}`);
      }
    }
    expect(app.errors).toEqual([]);
  });
}

test('a missing or foreign snapshot URL is an alert and the app stays usable', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?src=e2e-snapshots/missing.txt&before=https://example.com/yesterday.txt');
  const alert = page.locator('.ft-snapshot__alert');
  await expect(alert).toContainText('e2e-snapshots/missing.txt could not be loaded (HTTP 404). The app works without it.');
  await expect(alert).toContainText('https://example.com/yesterday.txt is not on this site');
  expect(app.requests.filter((u) => new URL(u).hostname === 'example.com')).toEqual([]);
  // Still usable: the starting preset is there and answers a click.
  await expect(app.allTreeItems().first()).toBeVisible();
  await app.pasteAndLoad(readFileSync(AFTER, 'utf8'));
  await expect(page.locator('[role="treeitem"][data-name="newcomer"]')).toHaveCount(1);
});

test('a refused fetch is an alert, and what loaded stays with me= applied', async ({ page }) => {
  const app = new ExplorerPage(page);
  await page.route('**/e2e-snapshots/before.txt', (route) => route.abort('blockedbyclient'));
  await app.goto('/?src=e2e-snapshots/after.txt&before=e2e-snapshots/before.txt&me=me');
  await expect(page.locator('.ft-snapshot__alert')).toContainText('e2e-snapshots/before.txt could not be loaded');
  await expect(page.locator('[role="treeitem"][data-name="me"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[role="treeitem"][data-name="me"]')).not.toHaveAttribute('data-position-before');
});
