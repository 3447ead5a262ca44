// The workspace: at 1440x900 the tree and the player's Play button are in view on open, with no
// page scrolling; the side panels sit behind tabs (WAI-ARIA tabs pattern); at 390 px nothing
// scrolls sideways; zooming the tree moves the drawing inside its frame, never the page width.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

/** Whether `locator`'s box lies inside the viewport (fully when `whole`, else partly). */
async function inViewport(page, locator, whole = true) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  if (!box) return false;
  return whole
    ? box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
    : box.x < width && box.y < height && box.x + box.width > 0 && box.y + box.height > 0;
}

const pageWidth = (page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

test('at 1440x900 the tree and Play are in view together, and the page does not scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  // On open (the default scenario), then on test24.4.
  expect(await inViewport(page, app.playerButton('Play'))).toBe(true);
  expect(await inViewport(page, app.tree(), false)).toBe(true);
  await app.choosePreset('test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  const tree = app.tree();
  const play = app.playerButton('Play');
  await expect(play).toBeVisible();
  expect(await inViewport(page, play)).toBe(true);
  expect(await inViewport(page, app.treeRegion())).toBe(true);
  // The tree's region gets the largest part of the height, and its frame (where the drawing
  // pans) most of the region: the help sits folded in the legend.
  const box = await app.treeRegion().boundingBox();
  expect(box.height).toBeGreaterThan(0.5 * 900);
  const frame = await page.locator('.ft-tree__viewport').boundingBox();
  expect(frame.height).toBeGreaterThan(0.45 * 900);
  expect(frame.height).toBeGreaterThan(0.8 * box.height);
  await expect(app.treeRegion().getByText('Drag or scroll to pan')).toBeHidden();
  await app.treeRegion().getByText('Legend and help').click();
  await expect(app.treeRegion().getByText('Drag or scroll to pan')).toBeVisible();
  await expect(tree).toBeVisible();
  const size = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
  }));
  expect(size.height).toBeLessThanOrEqual(900);
  expect(size.width).toBeLessThanOrEqual(1440);
  await app.screenshot('layout-1440');
  expect(app.errors).toEqual([]);
});

test('the side panels are tabs: one panel at a time, arrow keys move between tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  const tablist = page.getByRole('tablist', { name: 'Panels' });
  const tabs = tablist.getByRole('tab');
  await expect(tabs).toHaveText([
    'Inspector',
    'Compare',
    'What would it take',
    'What if',
    'Classic fairshare',
    'What the score means',
    'Usage decay over time',
    'Job priority',
    'sshare',
    'Import',
  ]);
  const inspectorTab = page.getByRole('tab', { name: 'Inspector' });
  await expect(inspectorTab).toHaveAttribute('aria-selected', 'true');
  await expect(app.inspector()).toBeVisible();
  await expect(app.sshareRegion()).toHaveCount(0);
  // The selected tab's panel holds the region of the same name.
  const panelId = await inspectorTab.getAttribute('aria-controls');
  await expect(page.locator(`#${panelId}`).getByRole('region', { name: 'Inspector' })).toBeVisible();

  await inspectorTab.focus();
  await page.keyboard.press('ArrowRight');
  const compareTab = page.getByRole('tab', { name: 'Compare' });
  await expect(compareTab).toBeFocused();
  await expect(compareTab).toHaveAttribute('aria-selected', 'true');
  await expect(inspectorTab).toHaveAttribute('aria-selected', 'false');
  await expect(app.compareRegion()).toBeVisible();
  await expect(app.inspector()).toBeHidden();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Import' })).toBeFocused();
  await expect(app.importRegion()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(inspectorTab).toBeFocused();
  await expect(inspectorTab).toHaveAttribute('aria-selected', 'true');
  // Only the selected tab is in the Tab order.
  await expect(tabs.and(page.locator('[tabindex="0"]'))).toHaveCount(1);

  // A panel keeps what was typed into it while another tab is open.
  await app.openTab('Import');
  const paste = app.importRegion().getByLabel('Paste sshare output or scenario JSON');
  await paste.fill('kept text');
  await app.openTab('sshare');
  await expect(app.sshareTable()).toBeVisible();
  await app.openTab('Import');
  await expect(paste).toHaveValue('kept text');
  expect(app.errors).toEqual([]);
});

test('at 1440x900 the shown side panel is a box of its own, filling the column under the tabs and scrolling inside', async ({ page }) => {
  // Chromium lays out a change inside a positioned, size- and layout-contained box from that box
  // alone, never so a flex or grid item: a timeline step rewrites the What-if panel, and the rest
  // of the page is not laid out again for it (docs/performance.md, session 23).
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Job priority');
  // The panel's content comes with its own wasm module: measured once it is on the page.
  const shown = page.locator('[role="tabpanel"]:not([hidden])');
  await expect(shown.getByRole('region', { name: 'Job priority' })).toBeVisible();
  await expect(shown).not.toHaveAttribute('aria-busy', 'true');
  const box = await page.evaluate(() => {
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
    const style = getComputedStyle(panel);
    const parent = getComputedStyle(panel.parentElement);
    const side = document.querySelector('.ft-side').getBoundingClientRect();
    const tabs = document.querySelector('[role="tablist"]').getBoundingClientRect();
    const r = panel.getBoundingClientRect();
    return {
      position: style.position,
      contain: style.contain,
      parent: parent.display,
      top: r.top - tabs.bottom,
      bottom: side.bottom - r.bottom,
      left: r.left - side.left,
      right: side.right - r.right,
      scrolls: panel.scrollHeight > panel.clientHeight,
    };
  });
  expect(box.position).toBe('absolute');
  expect(box.contain).toMatch(/strict|size.*layout|layout.*size/);
  expect(box.parent).toBe('block');
  // Under the tabs (the column's gap apart), to the column's bottom, its full width.
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.top).toBeLessThan(20);
  expect(Math.abs(box.bottom)).toBeLessThan(1);
  expect(Math.abs(box.left)).toBeLessThan(1);
  expect(Math.abs(box.right)).toBeLessThan(1);
  expect(box.scrolls).toBe(true);
  expect(app.errors).toEqual([]);
});

test('at 390x844 the page never scrolls sideways, and the tree comes first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  let width = await pageWidth(page);
  expect(width.scroll).toBeLessThanOrEqual(width.client);
  const treeBox = await app.treeRegion().boundingBox();
  const tabsBox = await page.getByRole('tablist', { name: 'Panels' }).boundingBox();
  expect(treeBox.y).toBeLessThan(tabsBox.y);
  await app.screenshot('layout-390');
  // Every panel fits the width too.
  for (const name of ['Inspector', 'Compare', 'What if', 'Classic fairshare', 'sshare', 'Import']) {
    await app.openTab(name);
    width = await pageWidth(page);
    expect(width.scroll, name).toBeLessThanOrEqual(width.client);
  }
  expect(app.errors).toEqual([]);
});

test('zooming the tree keeps the page width', async ({ page }) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const app = new ExplorerPage(page);
    await app.goto('/');
    await app.choosePreset('test24-4');
    await expect(app.allTreeItems()).toHaveCount(35);
    const before = await pageWidth(page);
    const zoomIn = app.treeRegion().getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 6; i += 1) await zoomIn.click();
    const after = await pageWidth(page);
    expect(after.scroll).toBe(before.scroll);
    expect(after.scroll).toBeLessThanOrEqual(viewport.width);
    expect(app.errors).toEqual([]);
  }
});

test('embedded (html.ft-embed, as ?embed=1 sets it) in 800x600: tree and Play in view, panels one click away', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.choosePreset('test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  // The class comes from the URL parameter (src/boundary/url_state.rs); set it directly here.
  await page.evaluate(() => document.documentElement.classList.add('ft-embed'));
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  expect(await inViewport(page, app.tree(), false)).toBe(true);
  expect(await inViewport(page, app.playerButton('Play'))).toBe(true);
  // The tabs are one row above the stage (it scrolls sideways inside itself).
  expect(await inViewport(page, page.getByRole('tablist', { name: 'Panels' }), false)).toBe(true);
  expect(await inViewport(page, page.getByRole('tab', { name: 'Compare' }))).toBe(true);
  await page.getByRole('tab', { name: 'sshare' }).click();
  await expect(app.sshareTable()).toBeInViewport();
  const width = await pageWidth(page);
  expect(width.scroll).toBeLessThanOrEqual(800);
  await app.screenshot('layout-embed-800');
  expect(app.errors).toEqual([]);
});
