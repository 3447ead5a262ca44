// The panels' code is split out of the first load (issue 24 §2; scripts/split-build.sh, which
// the release layer of scripts/test.sh runs): every panel but the Inspector is its own wasm
// module (split_<panel>-<hash>.wasm, with chunks of shared code), fetched the first time its tab
// opens. These journeys need that build: on a build without the split (plain `trunk build`) the
// first one fails, saying so.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

const panelModules = (requests) => requests.filter((u) => /\/(split_[a-z_]+|chunk_\d+)-[0-9a-f]{16}\.wasm$/.test(u));

test('the first load fetches no panel code; a tab fetches its own panel the first time it opens', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.clickTreeItem('User1');
  expect(panelModules(app.requests), 'a panel module in the first load').toEqual([]);

  await app.openTab('Classic fairshare');
  await expect(app.classicPanel()).toBeVisible();
  const classic = panelModules(app.requests);
  expect(classic.some((u) => /\/split_classic_panel-/.test(u)), 'no split_classic_panel module: is dist/ a split build (scripts/split-build.sh)?').toBe(true);
  expect(classic.some((u) => /\/split_(?!classic)/.test(u)), 'another panel fetched with Classic').toBe(false);

  // Back and forth: the panel is kept; nothing is fetched again.
  await app.openTab('Inspector');
  await app.openTab('Classic fairshare');
  await expect(app.classicPanel()).toBeVisible();
  expect(panelModules(app.requests)).toEqual(classic);
  expect(app.errors).toEqual([]);
});

test('embedded in 800x600, a panel whose code arrives late is scrolled into view once it is in', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\/split_sshare_panel-[0-9a-f]{16}\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  const app = new ExplorerPage(page);
  await page.goto('/?embed=1');
  await expect(app.tree()).toBeVisible();
  await page.getByRole('tab', { name: 'sshare' }).click();
  const panel = page.getByRole('tabpanel', { name: 'sshare' });
  await expect(panel).toHaveAttribute('aria-busy', 'true');
  await page.waitForTimeout(300);
  release();
  await expect(app.sshareTable()).toBeInViewport();
  await expect(panel).not.toHaveAttribute('aria-busy', 'true');
  expect(app.errors).toEqual([]);
});

test('a panel whose code cannot be fetched says so and tries again; the app keeps working', async ({ page }) => {
  await page.route(/\/split_decay_panel-[0-9a-f]{16}\.wasm$/, (route) => route.abort('internetdisconnected'));
  const app = new ExplorerPage(page);
  await page.goto('/?embed=1');
  await expect(app.tree()).toBeVisible();
  await app.openTab('Usage decay over time');
  const panel = page.getByRole('tabpanel', { name: 'Usage decay over time' });
  await expect(panel.getByRole('alert')).toContainText('This panel could not be loaded');
  await expect(app.panicBanner()).toHaveCount(0);

  // The rest of the app works.
  await app.clickTreeItem('User1');
  await expect(page.getByRole('treeitem', { name: /^User1\b/ }).first()).toHaveAttribute('aria-selected', 'true');

  // The network is back: Try again brings the panel.
  await page.unroute(/\/split_decay_panel-[0-9a-f]{16}\.wasm$/);
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(app.decayPanel()).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // The aborted request and the loader's console report are the only errors.
  expect(app.errors.filter((e) => !/split_decay_panel|failed to load|TypeError: Failed to fetch/i.test(e))).toEqual([]);
});
