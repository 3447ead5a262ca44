// The tree's overview (issue 11, item 4) and "Fit to screen" (item 2): the minimap beside the
// tree's frame moves the view where it is clicked or dragged, is hidden when the whole tree is in
// view and on narrow screens; "Fit to screen" fits down to a readable scale (issue 24), zooming
// out shows all that is shown as compact marks, and zooming in brings the cards back.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { ExplorerPage } from './fixtures/page.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The tree's scrolling frame: its scroll position, size and content size. */
const frame = (page) =>
  page.locator('.ft-tree__viewport').evaluate((v) => ({
    left: v.scrollLeft,
    top: v.scrollTop,
    width: v.clientWidth,
    height: v.clientHeight,
    scrollWidth: v.scrollWidth,
    scrollHeight: v.scrollHeight,
  }));

/** test24.4 at 1440x900: wider than the frame at a readable scale, so the overview is shown. */
async function openTest24(page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/?preset=test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  const minimap = app.treeRegion().getByRole('img', { name: 'Tree overview' });
  await expect(minimap).toBeVisible();
  return { app, minimap };
}

test('clicking and dragging on the minimap moves the view there', async ({ page }) => {
  const { app, minimap } = await openTest24(page);
  const before = await frame(page);
  expect(before.scrollWidth).toBeGreaterThan(before.width);
  // It sits in the frame's corner, clear of the root's card.
  const root = await app.treeItemById(1).boundingBox();
  const box = await minimap.boundingBox();
  const overlaps = !(box.x > root.x + root.width || box.x + box.width < root.x || box.y > root.y + root.height || box.y + box.height < root.y);
  expect(overlaps).toBe(false);

  // A click near its right end scrolls the view right, one near its left end back left.
  await minimap.click({ position: { x: box.width - 6, y: box.height / 2 } });
  await expect.poll(async () => (await frame(page)).left).toBeGreaterThan(before.left);
  const right = await frame(page);
  expect(right.left).toBe(right.scrollWidth - right.width);
  await minimap.click({ position: { x: 6, y: box.height / 2 } });
  await expect.poll(async () => (await frame(page)).left).toBe(0);

  // A drag follows the pointer.
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  const middle = (await frame(page)).left;
  expect(middle).toBeGreaterThan(0);
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  expect((await frame(page)).left).toBeGreaterThan(middle);

  // Fit to screen never goes below a readable scale: this tree is still wider than the frame
  // there, so the overview stays.
  await app.treeRegion().getByRole('button', { name: 'Fit to screen' }).click();
  await expect(minimap).toBeVisible();
  await expect(page.locator('.ft-tree--compact')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('the minimap sits beside the frame: a card the camera goes to is never under it', async ({ page }) => {
  const { app } = await openTest24(page);
  const boxes = () =>
    page.evaluate(() => {
      const box = (el) => el.getBoundingClientRect();
      const v = box(document.querySelector('.ft-tree__viewport'));
      const m = box(document.querySelector('[data-minimap]'));
      const c = box(document.querySelector('[role="treeitem"][data-assoc-id="311"]'));
      return {
        mapOverFrame: m.left < v.right && m.right > v.left && m.top < v.bottom && m.bottom > v.top,
        inFrame: c.left >= v.left && c.right <= v.right && c.top >= v.top && c.bottom <= v.bottom,
        underMinimap: c.left < m.right && c.right > m.left && c.top < m.bottom && c.bottom > m.top,
      };
    });
  // Wherever the view is scrolled, the minimap is outside the frame.
  for (const [x, y] of [[0, 0], [1e6, 1e6], [1e6, 0], [0, 1e6]]) {
    await page.locator('.ft-tree__viewport').evaluate((v, [x, y]) => v.scrollTo(x, y), [x, y]);
    expect((await boxes()).mapOverFrame).toBe(false);
  }
  // Found by name: the camera brings uBA1 into the frame, clear of the minimap.
  const box = page.getByRole('searchbox', { name: 'Find user or account' });
  await box.fill('uBA1');
  await expect(page.getByRole('listbox', { name: 'Matches' }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(app.treeItemById(311)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(boxes).toEqual({ mapOverFrame: false, inFrame: true, underMinimap: false });
  expect(app.errors).toEqual([]);
});

test('no minimap on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new ExplorerPage(page);
  await app.goto('/?preset=test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  await expect(app.treeRegion().getByRole('img', { name: 'Tree overview' })).toBeHidden();
  expect(app.errors).toEqual([]);
});

test('Fit to screen fits the shown part of the 1k tree as marks; zooming in brings the cards back', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/');
  const text = gunzipSync(readFileSync(path.join(fixtures, 'perf_1k.json.gz'))).toString('utf8');
  const users = JSON.parse(text).associations.filter((a) => a.user).length;
  await app.loadAtOnce(text);
  await app.waitForUsers(users);
  // Opened readable: cards, wider than the frame, with the overview.
  const hint = app.treeRegion().getByText('Zoomed out: marks coloured by Level FS');
  await expect(hint).toHaveCount(0);
  await expect(app.treeRegion().getByRole('img', { name: 'Tree overview' })).toBeVisible();

  // Fit to screen never goes below a readable scale: still cards.
  await app.treeRegion().getByRole('button', { name: 'Fit to screen' }).click();
  await expect(hint).toHaveCount(0);
  // Zooming out fits the whole shown part, as marks, without the overview.
  const zoomOut = app.treeRegion().getByRole('button', { name: 'Zoom out' });
  for (let i = 0; i < 30; i += 1) {
    const f = await frame(page);
    if (f.scrollWidth <= f.width && f.scrollHeight <= f.height) break;
    await zoomOut.click();
  }
  await expect(hint).toBeVisible();
  await expect(app.treeRegion().getByRole('img', { name: 'Tree overview' })).toBeHidden();
  await page.screenshot({ path: path.join(fixtures, '..', 'screenshots', 'fit-1k-marks.png') });

  const zoomIn = app.treeRegion().getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 30 && (await hint.count()) > 0; i += 1) await zoomIn.click();
  await expect(hint).toHaveCount(0);
  // Cards again, with text of readable size.
  const size = await page
    .locator('[data-tree-cards] .ft-node__text')
    .first()
    .evaluate((t) => t.getBoundingClientRect().height);
  expect(size).toBeGreaterThanOrEqual(10);
  expect(app.errors).toEqual([]);
});
