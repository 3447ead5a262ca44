// The first view (issue 24 §0): what a newcomer, a trainer and a docs page see before they do
// anything. At 1440x900 the default preset's whole tree at a readable scale with Play, nothing
// over the cards (the minimap sits beside the frame, in every preset); "Fit to screen" never goes
// below a readable scale; the side column says what to look at and points to Find; on a phone
// the tree is on the first screen and the toolbar folds behind a menu button; presenter mode
// and an 800x600 embed show the tree, the player and the narration together; a tree larger than
// its frame opens on its root, and so does every tree loaded after it (a paste, a file, a preset,
// a src= link), while an edit and its undo leave the view where it is.
import { test, expect } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repo } from './fixtures/cli.mjs';
import { ExplorerPage } from './fixtures/page.mjs';
import { wide } from './fixtures/scenarios.mjs';

/** The smallest scale the tree is drawn at unasked: card text (11 px) stays at least 8.8 px. */
const READABLE = 0.8;

const PRESETS = [
  'classic-example',
  'fair-tree-example',
  'test24-4',
  'tied-accounts',
  'two-accounts',
  'fairshare-parent',
  'labmates',
  'level-fs-inf',
  'level-fs-tiny',
  'blank-or-zero',
];

/** A box as [left, top, right, bottom]. */
const edges = (b) => [b.x, b.y, b.x + b.width, b.y + b.height];

/** Whether box `inner` lies inside box `outer` (1 px of slack for rounding). */
function inside(inner, outer) {
  const [l, t, r, b] = edges(inner);
  const [L, T, R, B] = edges(outer);
  return l >= L - 1 && t >= T - 1 && r <= R + 1 && b <= B + 1;
}

/** Whether two boxes overlap. */
function overlap(a, b) {
  const [l, t, r, bo] = edges(a);
  const [L, T, R, B] = edges(b);
  return l < R && L < r && t < B && T < bo;
}

/** The page's (or frame's) layout viewport as a box. */
const screen = (page) => ({ x: 0, y: 0, ...page.viewportSize() });

/** The drawing's scale (CSS pixels per drawing unit), once the frame has been measured. */
function drawingScale(scope) {
  return scope.locator('svg[data-tree-drawing]').evaluate((svg) => {
    const width = Number(svg.getAttribute('viewBox').split(' ')[2]);
    return svg.parentElement.getBoundingClientRect().width / width;
  });
}

/** Boxes of every treeitem (the overlay boxes lie exactly over the cards). */
function cardBoxes(scope) {
  return scope.locator('[role="treeitem"]').evaluateAll((items) =>
    items.map((i) => {
      const r = i.getBoundingClientRect();
      return { name: i.dataset.name, x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

test('at 1440x900 the default preset\'s whole tree and Play are in view at a readable scale, nothing over the cards', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1');
  await expect(app.allTreeItems()).toHaveCount(14);
  const viewport = page.locator('.ft-tree__viewport');
  // Fitted once the frame is measured: every card inside the frame, no scrolling.
  await expect
    .poll(async () => {
      const frame = await viewport.boundingBox();
      return (await cardBoxes(page)).every((c) => inside(c, frame));
    })
    .toBe(true);
  expect(await drawingScale(page)).toBeGreaterThanOrEqual(READABLE);
  await expect(page.locator('.ft-tree--compact')).toHaveCount(0);
  const frame = await viewport.boundingBox();
  expect(inside(frame, screen(page))).toBe(true);
  expect(inside(await app.playerButton('Play').boundingBox(), screen(page))).toBe(true);
  // The names are drawn, at a readable size.
  const name = page.locator('[data-tree-cards] .ft-node__name').first();
  expect((await name.boundingBox()).height).toBeGreaterThanOrEqual(9);
  // Nothing over the cards: the overview is not needed, the player is below the frame.
  await expect(app.treeRegion().getByRole('img', { name: 'Tree overview' })).toBeHidden();
  expect(overlap(frame, await app.player().boundingBox())).toBe(false);
  const size = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
  expect(size).toEqual([1440, 900]);
  expect(app.errors).toEqual([]);
});

test('the minimap never covers a card, in any preset, wherever the view is scrolled', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  const shown = [];
  for (const id of PRESETS) {
    await app.goto(`/?fresh=1&preset=${id}`);
    await expect(app.tree().locator('[data-kind="root"]')).toHaveCount(1);
    await page.waitForTimeout(150);
    const minimap = app.treeRegion().getByRole('img', { name: 'Tree overview' });
    if (!(await minimap.isVisible())) continue;
    shown.push(id);
    const viewport = page.locator('.ft-tree__viewport');
    for (const corner of ['start', 'end']) {
      await viewport.evaluate((v, c) => {
        v.scrollLeft = c === 'end' ? v.scrollWidth : 0;
        v.scrollTop = c === 'end' ? v.scrollHeight : 0;
      }, corner);
      const frame = await viewport.boundingBox();
      const map = await minimap.boundingBox();
      // Beside the frame, never over it, so no card in view can be under it.
      expect(overlap(map, frame), `${id} ${corner}`).toBe(false);
      const under = (await cardBoxes(page)).filter((c) => overlap(c, frame) && overlap(c, map));
      expect(under, `${id} ${corner}`).toEqual([]);
    }
  }
  // The wide presets do not fit at a readable scale, so some do show it.
  expect(shown).toContain('test24-4');
  expect(app.errors).toEqual([]);
});

test('Fit to screen never draws below a readable scale: the names stay', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1&preset=test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  await app.treeRegion().getByRole('button', { name: 'Fit to screen' }).click();
  await page.waitForTimeout(200);
  expect(await drawingScale(page)).toBeGreaterThanOrEqual(READABLE - 0.001);
  await expect(page.locator('.ft-tree--compact')).toHaveCount(0);
  await expect(page.locator('[data-tree-cards] .ft-node__name').first()).toBeVisible();
  // On the default preset it fits the whole tree, as cards.
  await app.goto('/?fresh=1');
  await app.treeRegion().getByRole('button', { name: 'Fit to screen' }).click();
  await page.waitForTimeout(200);
  expect(await drawingScale(page)).toBeGreaterThanOrEqual(READABLE);
  await expect(page.locator('.ft-tree--compact')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('before anything is selected, the side column says what to look at and points to Find', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1&preset=fair-tree-example');
  const inspector = app.inspector();
  await expect(inspector).toBeVisible();
  await expect(inspector).toContainText('What to look at');
  await expect(inspector).toContainText('UserB ran four times as much as UserA, yet ranks higher.');
  await expect(inspector).toContainText('Find user or account');
  expect(inside(await inspector.boundingBox(), screen(page))).toBe(true);
  // Once something is selected, the editor takes its place.
  await app.clickTreeItem('UserA');
  await expect(inspector).not.toContainText('What to look at');
  expect(app.errors).toEqual([]);
});

test('on a phone the tree is on the first screen, and the toolbar folds behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1');
  const frame = await page.locator('.ft-tree__viewport').boundingBox();
  // The frame starts in the top third and most of it is on the first screen.
  expect(frame.y).toBeLessThan(844 / 3);
  expect(Math.min(frame.y + frame.height, 844) - frame.y).toBeGreaterThan(0.45 * 844);
  expect(inside(await app.tree().locator('[data-kind="root"]').boundingBox(), screen(page))).toBe(true);
  // The toolbar is one button away.
  const scenario = page.getByRole('combobox', { name: 'Scenario', exact: true });
  await expect(scenario).toBeHidden();
  const menu = page.getByRole('button', { name: 'Scenario controls' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(scenario).toBeVisible();
  await scenario.selectOption('fair-tree-example');
  await expect(app.allTreeItems()).toHaveCount(9);
  await menu.click();
  await expect(scenario).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(app.errors).toEqual([]);
});

/** The tree's frame, the Play button and the narration, all inside `area`, none over another. */
async function stageInView(scope, area, label) {
  const frame = await scope.locator('.ft-tree__viewport').boundingBox();
  const player = scope.getByRole('region', { name: 'Ranking animation' });
  const play = await player.getByRole('button', { name: 'Play', exact: true }).boundingBox();
  const narration = await player.getByTestId('player-narration').boundingBox();
  expect(inside(frame, area), `${label}: tree frame`).toBe(true);
  expect(frame.height, `${label}: tree frame height`).toBeGreaterThan(120);
  expect(inside(play, area), `${label}: Play`).toBe(true);
  expect(inside(narration, area), `${label}: narration`).toBe(true);
  // The narration is not cut by the player's own scroll.
  const playerBox = await scope.locator('.ft-stage__player').boundingBox();
  expect(inside(narration, playerBox), `${label}: narration in the player`).toBe(true);
  // Not squeezed: as tall as its text (the docked player is a box of fixed height, and its rows
  // must not shrink to fit it).
  const squeezed = await player.getByTestId('player-narration').evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(squeezed, `${label}: narration as tall as its text`).toBe(false);
  expect(overlap(frame, playerBox), `${label}: player over the tree`).toBe(false);
}

for (const [width, height] of [
  [1280, 720],
  [1440, 900],
  [1920, 1080],
]) {
  test(`presenter mode at ${width}x${height}: the tree, the player and the narration in view`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const app = new ExplorerPage(page);
    await app.goto('/?fresh=1&present=1');
    await expect(page.getByRole('region', { name: 'Lesson', exact: true })).toBeVisible();
    await page.waitForTimeout(200);
    await stageInView(page, screen(page), `present ${width}x${height}`);
    // The lesson's buttons too.
    const next = page.getByRole('button', { name: 'Next lesson', exact: true });
    expect(inside(await next.boundingBox(), screen(page))).toBe(true);
    expect(app.errors).toEqual([]);
  });
}

/** The app with `embed=1` in an 800x600 iframe, once its tree is drawn and has settled. */
async function openEmbedded(page, baseURL) {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.setContent(
    `<iframe title="embedded" src="${baseURL}/?fresh=1&embed=1" style="width:800px;height:600px;border:0"></iframe>`,
  );
  const frame = page.frameLocator('iframe[title="embedded"]');
  await expect(frame.getByRole('tree', { name: 'Association tree' })).toBeVisible();
  await page.waitForTimeout(300);
  return frame;
}

test('embedded in an 800x600 iframe: the tree, the player and the narration in view, the legend clickable', async ({ page, baseURL }) => {
  const frame = await openEmbedded(page, baseURL);
  // Boxes inside the frame are given in the page's coordinates; the iframe sits at its origin.
  const area = await page.locator('iframe[title="embedded"]').boundingBox();
  await stageInView(frame, area, 'embed');
  const legend = frame.getByText('Legend and help');
  expect(inside(await legend.boundingBox(), area)).toBe(true);
  await legend.click();
  await expect(frame.getByText('Drag or scroll to pan')).toBeVisible();
  // The toolbar is folded behind its menu button, which is in view.
  const menu = frame.getByRole('button', { name: 'Scenario controls' });
  expect(inside(await menu.boundingBox(), area)).toBe(true);
});

test('embedded in an 800x600 iframe: no minimap column cuts the tree, which opens on its root in the middle', async ({ page, baseURL }) => {
  const frame = await openEmbedded(page, baseURL);
  // The drawing is wider than the frame, yet the overview takes no room beside it.
  const viewport = frame.locator('.ft-tree__viewport');
  expect(await viewport.evaluate((v) => v.scrollWidth > v.clientWidth)).toBe(true);
  await expect(frame.getByRole('img', { name: 'Tree overview' })).toBeHidden();
  const panel = await frame.locator('.ft-tree__frame').boundingBox();
  const view = await viewport.boundingBox();
  expect(panel.x + panel.width - (view.x + view.width)).toBeLessThan(2);
  // The root's card is in the middle of the frame, as in the pre-rendered first view.
  const root = await frame.locator('[role="treeitem"][data-kind="root"]').boundingBox();
  expect(Math.abs(root.x + root.width / 2 - (view.x + view.width / 2))).toBeLessThan(4);
});

test('a tree larger than its frame opens on its root, which holds the focus stop', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1&preset=test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  const root = app.tree().locator('[data-kind="root"]');
  const viewport = page.locator('.ft-tree__viewport');
  await expect.poll(async () => inside(await root.boundingBox(), await viewport.boundingBox())).toBe(true);
  expect(await viewport.evaluate((v) => v.scrollWidth > v.clientWidth)).toBe(true);
  await expect(root).toHaveAttribute('tabindex', '0');
  await root.focus();
  await expect(root).toBeFocused();
  expect(app.errors).toEqual([]);
});

/** Where the root's card lies in the tree's frame: the offset of its centre from the frame's
 * centre (CSS pixels, positive to the right), whether it is wholly inside the frame, and whether
 * the drawing is wider than the frame. */
function rootPlacement(page) {
  return page.locator('.ft-tree__viewport').evaluate((v) => {
    const root = v.querySelector('[role="treeitem"][data-kind="root"]');
    const [r, f] = [root.getBoundingClientRect(), v.getBoundingClientRect()];
    // The frame's inside (its border left out), as the camera places cards.
    const left = f.left + v.clientLeft;
    const top = f.top + v.clientTop;
    return {
      offset: Math.round(r.left + r.width / 2 - (left + v.clientWidth / 2)),
      inside: r.left >= left - 1 && r.right <= left + v.clientWidth + 1 && r.top >= top - 1 && r.bottom <= top + v.clientHeight + 1,
      wider: v.scrollWidth > v.clientWidth,
      scroll: [v.scrollLeft, v.scrollTop],
    };
  });
}

/** Waits until the newly loaded tree's root is in view and centred in the frame, the drawing
 * being wider than it. */
async function expectOpenedOnItsRoot(page, label) {
  await expect
    .poll(async () => {
      const at = await rootPlacement(page);
      return at.wider && at.inside && Math.abs(at.offset) <= 4 ? 'centred' : JSON.stringify(at);
    }, { message: label, timeout: 15_000 })
    .toBe('centred');
}

/** Pans the frame to its left edge, as a person dragging it would. */
function panToTheLeft(page) {
  return page.locator('.ft-tree__viewport').evaluate((v) => {
    v.scrollLeft = 0;
    v.scrollTop = 0;
  });
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`at ${width}x${height} every newly loaded tree wider than the frame opens on its root; an edit and its undo leave the view`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const app = new ExplorerPage(page);
    await app.goto('/?fresh=1');
    const pasted = wide(12, 4, 'pasted');
    // Pasted.
    await app.loadAtOnce(JSON.stringify(pasted));
    await app.waitForUsers(48);
    await expectOpenedOnItsRoot(page, 'pasted');
    // A preset chosen after panning away.
    await panToTheLeft(page);
    await app.choosePreset('test24-4');
    await expect(app.allTreeItems()).toHaveCount(35);
    await expectOpenedOnItsRoot(page, 'preset');
    // A file opened.
    await panToTheLeft(page);
    await app.openTab('Import');
    await app.importRegion().getByLabel('Open a file').setInputFiles({
      name: 'opened.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(wide(10, 5, 'opened'))),
    });
    await app.waitForUsers(50);
    await expectOpenedOnItsRoot(page, 'file');
    // The same text pasted again after panning: a new load, so the view opens on the root.
    await panToTheLeft(page);
    await app.loadAtOnce(JSON.stringify(pasted));
    await app.waitForUsers(48);
    await expectOpenedOnItsRoot(page, 'pasted again');

    // An edit is not a new tree: the view stays where the person left it, and after its undo.
    const viewport = page.locator('.ft-tree__viewport');
    const user = app.tree().locator('[role="treeitem"][data-name="w1u1"]');
    await viewport.evaluate((v, name) => {
      const card = v.querySelector(`[role="treeitem"][data-name="${name}"]`).getBoundingClientRect();
      const frame = v.getBoundingClientRect();
      v.scrollLeft += card.left + card.width / 2 - (frame.left + v.clientWidth / 2);
    }, 'w1u1');
    await user.click();
    await expect(user).toHaveAttribute('aria-selected', 'true');
    await page.waitForTimeout(300);
    const before = await viewport.evaluate((v) => [v.scrollLeft, v.scrollTop]);
    // Its usage a little higher: its Level FS changes, its place among its siblings does not.
    const levelFs = await user.getAttribute('data-level-fs');
    await app.editField('Raw usage', '1011');
    await expect(user).not.toHaveAttribute('data-level-fs', levelFs);
    await page.waitForTimeout(300);
    expect(await viewport.evaluate((v) => [v.scrollLeft, v.scrollTop]), 'after the edit').toEqual(before);
    await app.openToolbar();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(user).toHaveAttribute('data-level-fs', levelFs);
    await page.waitForTimeout(300);
    expect(await viewport.evaluate((v) => [v.scrollLeft, v.scrollTop]), 'after its undo').toEqual(before);
    expect(app.errors).toEqual([]);
  });
}

test('a tree from a src= link opens on its root; with me= on the user it names', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Published beside the app (same origin), as a docs site would.
  const dir = path.join(repo, 'dist', 'e2e-open');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'wide.json'), JSON.stringify(wide(12, 4, 'linked')));
  const app = new ExplorerPage(page);
  await app.goto('/?fresh=1&src=e2e-open/wide.json');
  await app.waitForUsers(48);
  await expectOpenedOnItsRoot(page, 'src=');
  // me= names a user at the far right: the selection's camera leads, not the opening.
  await app.goto('/?fresh=1&src=e2e-open/wide.json&me=w12/w12u4');
  const me = app.tree().locator('[role="treeitem"][data-name="w12u4"]');
  await expect(me).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() =>
      me.evaluate((el) => {
        const v = el.closest('.ft-tree__viewport');
        const [r, f] = [el.getBoundingClientRect(), v.getBoundingClientRect()];
        return r.left >= f.left && r.right <= f.left + v.clientWidth;
      }),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  expect((await rootPlacement(page)).inside, 'the root is far from the user').toBe(false);
  expect(app.errors).toEqual([]);
});
