// The association tree: one treeitem per association, in Fair Tree's visiting order, carrying
// exactly the numbers `fairshare compute` prints; keyboard-only navigation; view controls.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExplorerPage } from './fixtures/page.mjs';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(repo, 'target');
const cli = path.join(targetDir, 'debug', 'fairshare');

/** `fairshare compute --format json` of a preset: the engine's answer, per association id. */
function compute(preset) {
  const file = path.join(repo, 'src', 'presets', `${preset}.json`);
  const out = execFileSync(cli, ['compute', '--format', 'json', file], { encoding: 'utf8' });
  return JSON.parse(out).associations;
}

test.beforeAll(() => {
  // The CLI is the oracle; build it if this checkout has not (cheap when up to date).
  if (!existsSync(cli)) {
    execFileSync('cargo', ['build', '--locked', '-p', 'fairshare-cli'], { cwd: repo, stdio: 'inherit' });
  }
});

/** The checks of issue 3's first slice, for the page at `url`. */
async function checkTreeAgainstCli(page, url) {
  const app = new ExplorerPage(page);
  await app.goto(url);
  const expected = compute('classic-example');
  await expect(app.treeItems()).toHaveCount(expected.length);

  const facts = await app.treeItemFacts();
  const byId = new Map(expected.map((row) => [row.id, row]));
  expect(new Set(facts.map((f) => f.id))).toEqual(new Set(byId.keys()));
  for (const f of facts) {
    const want = byId.get(f.id);
    if (want.fairshare === null) {
      expect(f.fairshare, `no FairShare on ${f.name}`).toBeUndefined();
    } else {
      // Exactly the same double: the attribute has 17 significant digits.
      expect(Number(f.fairshare), `FairShare of ${f.name}`).toBe(want.fairshare);
      expect(Number(f.rank), `rank of ${f.name}`).toBe(want.rank);
    }
  }

  // DOM order = visiting order: users come in falling rank order, the best first...
  const users = facts.filter((f) => f.kind === 'user');
  const wantUsers = expected.filter((r) => r.rank !== null).sort((a, b) => b.rank - a.rank);
  expect(users.map((f) => f.id)).toEqual(wantUsers.map((r) => r.id));
  // ...and within each parent, siblings by falling Level FS (inf first).
  const lf = (f) => (f.levelFs === 'inf' ? Infinity : Number(f.levelFs));
  const byParent = new Map();
  for (const f of facts.filter((f) => f.kind !== 'root')) {
    byParent.set(f.parent, [...(byParent.get(f.parent) ?? []), f]);
  }
  for (const [parent, siblings] of byParent) {
    for (let i = 1; i < siblings.length; i++) {
      expect(lf(siblings[i - 1]), `children of ${parent}`).toBeGreaterThanOrEqual(lf(siblings[i]));
    }
  }
  // Nesting: aria-level is the depth, children one deeper than their parent.
  const level = new Map(facts.map((f) => [f.id, f.level]));
  expect(facts[0].kind).toBe('root');
  expect(facts[0].level).toBe(1);
  for (const f of facts.slice(1)) expect(f.level).toBe(level.get(f.parent) + 1);
  // The accessible name starts with the name, then the facts.
  await expect(app.treeItemById(211)).toHaveAccessibleName(
    'User1 in AccountB: rank 4 of 6, FairShare 0.666667, Level FS 1',
  );
  await expect(app.treeItemById(2)).toHaveAccessibleName(/^AccountA: Level FS 0\.888889/);
  expect(app.errors).toEqual([]);
  return app;
}

test('one treeitem per association, in visiting order, with the engine\'s numbers', async ({ page }) => {
  const app = await checkTreeAgainstCli(page, '/');
  await app.screenshot('tree');
});

test('the same under a sub-path', async ({ page }) => {
  await checkTreeAgainstCli(page, '/sub/path/');
});

test('keyboard only: Tab into the tree, arrows move, Enter selects', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  const focusedItem = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el?.getAttribute('role') === 'treeitem' ? Number(el.dataset.assocId) : null;
    });

  // Tab from the top of the page until the tree's single tab stop (the root) has focus.
  let id = null;
  for (let i = 0; i < 80 && id === null; i++) {
    await page.keyboard.press('Tab');
    id = await focusedItem();
  }
  expect(id, 'Tab reaches the tree').toBe(1);
  expect(await page.locator('[role="treeitem"][tabindex="0"]').count()).toBe(1);

  await page.keyboard.press('ArrowDown');
  await expect(app.treeItemById(3)).toBeFocused(); // AccountD, the highest Level FS
  await page.keyboard.press('ArrowRight');
  await expect(app.treeItemById(32)).toBeFocused(); // its first child, AccountF (inf)
  await page.keyboard.press('ArrowDown');
  await expect(app.treeItemById(321)).toBeFocused(); // User5
  await page.keyboard.press('Enter');
  await expect(app.treeItemById(321)).toHaveAttribute('aria-selected', 'true');
  await expect(app.page.locator('[role="treeitem"][aria-selected="true"]')).toHaveCount(1);

  // Left goes to the parent, Left again collapses it, Right expands it again.
  await page.keyboard.press('ArrowLeft');
  await expect(app.treeItemById(32)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(app.treeItemById(32)).toHaveAttribute('aria-expanded', 'false');
  await expect(app.treeItemById(321)).toHaveCount(0);
  await app.screenshot('tree-collapsed');
  await page.keyboard.press('ArrowRight');
  await expect(app.treeItemById(32)).toHaveAttribute('aria-expanded', 'true');
  await expect(app.treeItemById(321)).toHaveCount(1);

  // Home and End, then Space selects: the selection moves.
  await page.keyboard.press('End');
  await expect(app.treeItemById(41)).toBeFocused(); // User6, the last visible item
  await page.keyboard.press(' ');
  await expect(app.treeItemById(41)).toHaveAttribute('aria-selected', 'true');
  await expect(app.treeItemById(321)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Home');
  await expect(app.treeItemById(1)).toBeFocused();
  // The roving tab stop follows focus.
  await expect(page.locator('[role="treeitem"][tabindex="0"]')).toHaveAttribute('data-assoc-id', '1');
  expect(app.errors).toEqual([]);
});

test('click selects; zoom, pan and fit to screen', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.treeItemById(311).click();
  await expect(app.treeItemById(311)).toHaveAttribute('aria-selected', 'true');
  await app.screenshot('tree-selected');

  const canvasWidth = () => page.locator('.ft-tree__canvas').evaluate((el) => el.clientWidth);
  const fitted = await canvasWidth();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  expect(await canvasWidth()).toBeGreaterThan(fitted * 1.4);
  await page.getByRole('button', { name: 'Pan right' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await expect.poll(canvasWidth).toBe(fitted);
  // Clicking still hits the right node after zooming.
  await app.treeItemById(222).click();
  await expect(app.treeItemById(222)).toHaveAttribute('aria-selected', 'true');
  expect(app.errors).toEqual([]);
});

test('no movement under prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const app = new ExplorerPage(page);
  await app.goto('/');
  const durations = await page
    .locator('.ft-node')
    .evaluateAll((nodes) => nodes.map((n) => parseFloat(getComputedStyle(n).transitionDuration)));
  expect(durations.length).toBeGreaterThan(0);
  for (const d of durations) expect(d).toBeLessThan(0.001);
});
