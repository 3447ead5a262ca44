// The first tree before the wasm arrives (issue 24 §1): index.html holds the default view,
// pre-rendered natively (src/prerender.rs), with no script. While the wasm is held back the
// tree, the toolbar and the player are on screen; when the app mounts it takes the
// pre-render's place with no jump: the tree's frame and the root's card stay where they were,
// in every frame the browser paints.
import { test, expect } from '@playwright/test';
import { holdWasm } from './fixtures/loading.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * In every frame the browser paints, the tree frame's and the root card's boxes, from the page's
 * start. Sampled in a ResizeObserver callback (a probe changes size every frame): those run
 * after the frame's animation-frame callbacks and layout, just before paint, so a sample is
 * what that frame shows, the app's own camera moves included.
 */
function recordFrames() {
  window.__frames = [];
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10);
  };
  const probe = document.createElement('div');
  probe.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;visibility:hidden;pointer-events:none';
  new ResizeObserver(() => {
    window.__frames.push({
      pre: !!document.getElementById('ft-prerender'),
      frame: box(document.querySelector('.ft-tree__viewport')),
      root: box(document.querySelector('.ft-node--root .ft-node__body')),
    });
  }).observe(probe);
  let wide = false;
  const tick = () => {
    // Attached once the document has its root element (the script runs before it exists).
    if (!probe.isConnected && document.documentElement) document.documentElement.appendChild(probe);
    wide = !wide;
    probe.style.width = wide ? '2px' : '1px';
    if (window.__frames.length < 600) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const close = (a, b, tolerance = 1.5) => a && b && a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`at ${width}x${height} the pre-rendered tree shows before the wasm, and the app takes its place without a jump`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.addInitScript(recordFrames);
    const release = await holdWasm(page);
    await page.goto('/csp/?fresh=1');

    // Before the app: the pre-render, whole tree drawn, with the toolbar and the player.
    const pre = page.locator('#ft-prerender');
    await expect(pre).toBeVisible();
    await expect(pre.locator('svg .ft-node__body')).toHaveCount(14);
    await expect(pre.locator('svg .ft-node__name').first()).toBeVisible();
    await expect(pre.getByText('Play', { exact: true })).toBeVisible();
    await expect(pre.locator('.ft-player__narration')).toContainText('The finished ranking of 6 users');
    // Nothing in it for assistive technology or tests: no tree, no heading until the app.
    await expect(page.getByRole('tree')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await page.screenshot({ path: path.join(screenshotDir, `prerender-${width}x${height}.png`) });
    const before = await page.evaluate(() => window.__frames.at(-1));
    expect(before.pre).toBe(true);
    // The root's card is in view.
    expect(before.root[0]).toBeGreaterThanOrEqual(0);
    expect(before.root[0] + before.root[2]).toBeLessThanOrEqual(width);

    // The app mounts in its place.
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Fairshare Explorer' })).toBeVisible();
    await expect(pre).toHaveCount(0);
    await expect(page.getByRole('treeitem')).toHaveCount(14);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(screenshotDir, `prerender-mounted-${width}x${height}.png`) });
    const frames = await page.evaluate(() => window.__frames);
    const mounted = frames.filter((f) => !f.pre);
    expect(mounted.length).toBeGreaterThan(5);
    // Every painted frame of the app has the frame and the root's card where the pre-render had them.
    const moved = mounted.filter((f) => !close(f.frame, before.frame) || !close(f.root, before.root));
    expect(moved, JSON.stringify({ before, moved: moved.slice(0, 3) })).toEqual([]);
    expect(errors).toEqual([]);
  });
}
