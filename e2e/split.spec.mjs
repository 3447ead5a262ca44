// The panels' code is split out of the first load (issue 24 §2; scripts/split-build.sh, which
// the release layer of scripts/test.sh runs): every panel but the Inspector is its own wasm
// module (split_<panel>-<hash>.wasm, with chunks of shared code), fetched the first time its tab
// opens. These journeys need that build: on a build without the split (plain `trunk build`) the
// first one fails, saying so.
import { test, expect } from '@playwright/test';
import { inflateRawSync } from 'node:zlib';
import { ExplorerPage } from './fixtures/page.mjs';
import { publishSnapshots } from './fixtures/published.mjs';

// The snapshot-link journeys below open `e2e-snapshots/after.txt`, published beside the app.
test.beforeAll(publishSnapshots);

const panelModules = (requests) => requests.filter((u) => /\/(split_[a-z_]+|chunk_\d+)-[0-9a-f]{16}\.wasm$/.test(u));

/** When the app replaced the pre-rendered first view (page time, ms): the app is mounted. */
async function recordMount(page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body && !document.getElementById('ft-prerender') && document.querySelector('.ft-app')) {
        window.__ftMountedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When each panel module's request started (page time, ms), by file name. */
const moduleStarts = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/(split_[a-z_]+|chunk_\d+)-[0-9a-f]{16}\.wasm$/.test(e.name))
      .map((e) => ({ name: e.name, start: e.startTime })),
  );

test('the first load fetches no panel code; the Classic panel module is fetched in an idle period after the app mounts; other tabs fetch their own the first time they open', async ({ page }) => {
  await recordMount(page);
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.clickTreeItem('User1');
  // Once the app has been interactive a while, the Classic panel's module comes without a click
  // on its tab (src/chrome/tab_panel.rs `prefetch`): nothing is fetched or compiled at the click.
  await expect.poll(() => panelModules(app.requests).some((u) => /\/split_classic_panel-/.test(u)), {
    message: 'the Classic panel\'s module is prefetched (is dist/ a split build, scripts/split-build.sh?)',
    timeout: 15_000,
  }).toBe(true);
  const mountedAt = await page.evaluate(() => window.__ftMountedAt);
  expect(mountedAt, 'the app mounted').toBeGreaterThan(0);
  const starts = await moduleStarts(page);
  expect(starts.length).toBeGreaterThan(0);
  for (const { name, start } of starts) {
    expect(start, `${name} requested before the app mounted`).toBeGreaterThan(mountedAt);
  }
  const prefetched = panelModules(app.requests);
  // The deflater (src/boundary/deferred.rs) comes in the same idle period as Classic, the
  // Inspector's editor in the first idle period after the mount (src/panels/inspector.rs).
  expect(prefetched.some((u) => /\/split_(?!classic|deflater|inspector_editor)/.test(u)), 'another panel prefetched with Classic').toBe(false);
  expect(prefetched.some((u) => /\/split_inspector_editor-/.test(u)), 'the Inspector\'s editor').toBe(true);
  await expect(app.inspector().getByRole('textbox', { name: 'Name' })).toHaveValue('User1');

  // Once its module is in, the Classic panel is built ahead, hidden (src/chrome/tab_panel.rs
  // `BuildAhead`): on the page, kept laid out (`visibility: hidden` on wide screens), but not
  // shown, not in the accessibility tree and not focusable.
  const classicTabPanel = page.locator('#ft-tabpanel-classic');
  await expect(classicTabPanel.locator('[data-testid="classic-table"] tbody tr[data-assoc-id]').first()).toBeAttached({ timeout: 15_000 });
  await expect(classicTabPanel).toHaveAttribute('hidden', '');
  await expect(classicTabPanel).toHaveCSS('visibility', 'hidden');
  await expect(classicTabPanel).toBeHidden();
  await expect(page.getByRole('region', { name: 'Classic fairshare' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Classic fairshare' })).toHaveAttribute('aria-selected', 'false');
  const focusable = await classicTabPanel.evaluate((panel) => {
    const candidates = [panel, ...panel.querySelectorAll('button, input, [tabindex]')];
    return candidates.filter((el) => { el.focus(); return document.activeElement === el; }).length;
  });
  expect(focusable, 'an element of the hidden panel takes the focus').toBe(0);

  // Opening the Classic tab fetches nothing more; back and forth neither.
  await app.openTab('Classic fairshare');
  await expect(classicTabPanel).toHaveCSS('visibility', 'visible');
  await expect(app.classicPanel()).toBeVisible();
  await app.openTab('Inspector');
  await app.openTab('Classic fairshare');
  await expect(app.classicPanel()).toBeVisible();
  expect(panelModules(app.requests)).toEqual(prefetched);

  // Another tab fetches its own panel when it first opens.
  await app.openTab('sshare');
  await expect(app.sshareTable()).toBeVisible();
  expect(panelModules(app.requests).some((u) => /\/split_sshare_panel-/.test(u))).toBe(true);
  expect(app.errors).toEqual([]);
});

test('when the browser asks to save data, no panel code is prefetched: the Classic tab fetches its own', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
  });
  const app = new ExplorerPage(page);
  await app.goto('/');
  const stored = () => page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
  const before = await stored();
  // Nothing prefetched: the Inspector's editor comes with the first selection.
  await page.waitForTimeout(1_000);
  expect(panelModules(app.requests), 'a module prefetched under saveData').toEqual([]);
  await app.clickTreeItem('User1');
  await expect(app.inspector().getByRole('textbox', { name: 'Name' })).toHaveValue('User1');
  const selection = panelModules(app.requests);
  expect(selection.some((u) => /\/split_inspector_editor-/.test(u)), 'the selection fetched the editor').toBe(true);
  // The selection's autosave, which the address bar follows: neither asks for the deflater.
  await expect.poll(stored, { timeout: 20_000 }).not.toEqual(before);
  // Past the prefetch's delay (1.5 s) and an idle period.
  await page.waitForTimeout(4_000);
  expect(panelModules(app.requests), 'a panel module prefetched under saveData').toEqual(selection);
  await app.openTab('Classic fairshare');
  await expect(app.classicPanel()).toBeVisible();
  expect(panelModules(app.requests).some((u) => /\/split_classic_panel-/.test(u))).toBe(true);
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

// The importer and the Japanese table's reader are split too (src/boundary/deferred.rs): only a
// snapshot link (src=, before=, timeline=) or Japanese fetches them, beside the text they read.
test('the Inspector\'s editor, a module of its own: a selection before it can be fetched says so and tries again', async ({ page }) => {
  await page.route(/\/split_inspector_editor-[0-9a-f]{16}\.wasm$/, (route) => route.abort('internetdisconnected'));
  const app = new ExplorerPage(page);
  await page.goto('/?embed=1');
  await expect(app.tree()).toBeVisible();
  // Not in the first load: the first view's Inspector needs none of it.
  await expect(app.inspector()).toContainText('What to look at');
  await app.clickTreeItem('User1');
  await expect(page.getByRole('treeitem', { name: /^User1\b/ }).first()).toHaveAttribute('aria-selected', 'true');
  await expect(app.inspector().getByRole('alert')).toContainText('This panel could not be loaded');
  await expect(app.panicBanner()).toHaveCount(0);

  await page.unroute(/\/split_inspector_editor-[0-9a-f]{16}\.wasm$/);
  await app.inspector().getByRole('button', { name: 'Try again' }).click();
  await expect(app.inspector().getByRole('textbox', { name: 'Name' })).toHaveValue('User1');
  expect(app.errors.filter((e) => !/split_inspector_editor|failed to load|TypeError: Failed to fetch/i.test(e))).toEqual([]);
});

const deferredModule = (app, name) => app.requests.filter((u) => new RegExp(`/split_${name}-[0-9a-f]{16}\\.wasm$`).test(u));

test('a snapshot link fetches the importer beside the snapshot, and Japanese its reader; an English visit neither', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?lang=en');
  await app.clickTreeItem('User1');
  expect(deferredModule(app, 'importer'), 'the importer in the first load').toEqual([]);
  expect(deferredModule(app, 'ja_installer'), 'the Japanese reader in an English visit').toEqual([]);

  await app.goto('/?src=e2e-snapshots/after.txt&me=me');
  await expect(page.locator('[role="treeitem"][data-name="me"]')).toHaveAttribute('aria-selected', 'true');
  expect(deferredModule(app, 'importer'), 'no split_importer module: is dist/ a split build (scripts/split-build.sh)?').toHaveLength(1);

  await app.goto('/?lang=ja');
  await expect(page.getByRole('tree', { name: 'association ツリー' })).toBeVisible();
  expect(deferredModule(app, 'ja_installer')).toHaveLength(1);
  expect(app.errors).toEqual([]);
});

test('a snapshot link whose importer cannot be fetched says so; the app keeps working', async ({ page }) => {
  await page.route(/\/split_importer-[0-9a-f]{16}\.wasm$/, (route) => route.abort('internetdisconnected'));
  const app = new ExplorerPage(page);
  await page.goto('/?src=e2e-snapshots/after.txt&me=me');
  await expect(page.locator('.ft-snapshot__alert')).toContainText(
    'e2e-snapshots/after.txt was fetched but not loaded: the code that reads snapshots did not arrive.',
  );
  await expect(app.panicBanner()).toHaveCount(0);
  // The starting preset is there and answers a click.
  await app.clickTreeItem('User1');
  await expect(page.getByRole('treeitem', { name: /^User1\b/ }).first()).toHaveAttribute('aria-selected', 'true');
});

test('lang=ja whose reader cannot be fetched opens in English and says why', async ({ page }) => {
  await page.route(/\/split_ja_installer-[0-9a-f]{16}\.wasm$/, (route) => route.abort('internetdisconnected'));
  const app = new ExplorerPage(page);
  await page.goto('/?lang=ja');
  await expect(page.getByRole('alert').filter({ hasText: 'The Japanese texts could not be loaded' })).toContainText(
    'the code that reads the Japanese file did not arrive',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(app.panicBanner()).toHaveCount(0);
  await app.clickTreeItem('User1');
  await expect(page.getByRole('treeitem', { name: /^User1\b/ }).first()).toHaveAttribute('aria-selected', 'true');
});

/** The bytes of the address bar's `#z=` link (raw deflate), or null without one. */
const linkBytes = (page) => {
  const hash = new URL(page.url()).hash;
  return hash.startsWith('#z=') ? Buffer.from(hash.slice(3).split('&')[0], 'base64url') : null;
};
/** Whether raw-deflate `bytes` start with a stored block (BTYPE 00: no compression). */
const storedBlock = (bytes) => (bytes[0] & 0b110) === 0;

test('the deflater is not in the first load: an edit before it arrives is linked uncompressed and reads back; once it is in, links are deflated', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\/split_deflater-[0-9a-f]{16}\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('fair-tree-example');
  await expect(app.allTreeItems()).toHaveCount(9);
  await expect.poll(() => linkBytes(page) !== null, { message: 'the address bar follows the edit' }).toBe(true);
  const stored = linkBytes(page);
  expect(storedBlock(stored), 'a link made before the deflater arrived is stored blocks (is dist/ a split build?)').toBe(true);
  expect(JSON.parse(inflateRawSync(stored).toString()).name).toBeTruthy();
  // The prefetch asks for it (the address bar, which follows every save, never does).
  await expect.poll(() => deferredModule(app, 'deflater'), { message: 'the deflater is asked for' }).not.toHaveLength(0);
  const edited = await app.treeSnapshot();
  // The uncompressed link and the session saved with it read back.
  await page.reload();
  await app.waitUntilReady();
  expect(await app.treeSnapshot()).toEqual(edited);

  release();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource')
    .some((e) => /\/split_deflater-/.test(e.name) && e.responseEnd > 0))).toBe(true);
  await app.clickTreeItem('UserB');
  await app.openTab('Inspector');
  await app.editField('Raw usage', '40000');
  await expect.poll(() => {
    const bytes = linkBytes(page);
    return bytes !== null && !storedBlock(bytes) && bytes.length < stored.length;
  }, { message: 'once the deflater is in, the link is deflated' }).toBe(true);
  const deflated = await app.treeSnapshot();
  await page.reload();
  await app.waitUntilReady();
  expect(await app.treeSnapshot()).toEqual(deflated);
  expect(app.errors).toEqual([]);
});
