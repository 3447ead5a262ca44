// Embedding and links (issue 13.1, README "Links and embedding"): query parameters, the
// embed frame with its resize message and `Open in full`, and the exports.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

test('lang, theme, preset and step do what they say', async ({ page }) => {
  const app = new ExplorerPage(page);
  await page.goto('/?lang=ja&theme=dark&preset=test24-4&step=12');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const token = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ft-color-bg').trim());
  expect(await token()).toBe('#0b1120');
  await expect(page.locator('[role="treeitem"][data-assoc-id="1001"]')).toHaveCount(1);
  // The player's Step slider (its name is Japanese here) stands at step 12.
  await expect
    .poll(() => page.locator('input[type="range"]').evaluateAll((els) => els.map((e) => e.value)))
    .toContain('12');
  await app.screenshot('params-ja-dark-step12');

  await page.goto('/?theme=light');
  await app.waitUntilReady();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await token()).toBe('#f8fafc');
  expect(app.errors).toEqual([]);
});

test('the language chosen is remembered; the browser language is the default', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByRole('combobox').filter({ has: page.getByRole('option', { name: 'English' }) }).selectOption({ label: 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('embed=1 in an 800x600 frame: the tree shows, the height is posted, Open in full', async ({ page, baseURL }) => {
  const app = new ExplorerPage(page);
  await page.setContent(`
    <script>
      window.heights = [];
      addEventListener('message', (e) => {
        if (e.origin === '${baseURL}' && e.data && e.data.type === 'fairshare-explorer:resize') {
          window.heights.push(e.data.height);
        }
      });
    </script>
    <iframe title="embedded" src="${baseURL}/sub/path/?embed=1&preset=test24-4" style="width:800px;height:600px;border:0"></iframe>`);
  const frame = page.frameLocator('iframe[title="embedded"]');
  await expect(frame.locator('html')).toHaveClass(/\bft-embed\b/);
  await expect(frame.getByRole('tree', { name: 'Association tree' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.heights.length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.heights.every((h) => Number.isInteger(h) && h > 0))).toBe(true);

  const full = frame.getByRole('link', { name: 'Open in full' });
  await expect(full).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), full.click()]);
  await popup.waitForLoadState();
  const url = new URL(popup.url());
  expect(url.pathname).toBe('/sub/path/');
  expect(url.searchParams.get('embed')).toBeNull();
  expect(url.hash).toMatch(/^#z=/);
  await expect(popup.locator('[role="treeitem"][data-assoc-id="1001"]')).toHaveCount(1);
  await expect(popup.locator('html')).not.toHaveClass(/\bft-embed\b/);
  await app.screenshot('embed-800x600');
  expect(app.errors).toEqual([]);
});

test('Export SVG downloads a standalone SVG with the tree\'s names; PNG and sshare text too', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?preset=fair-tree-example');
  await expect(app.allTreeItems()).toHaveCount(9);
  const tab = page.getByRole('tab', { name: 'Import', exact: true });
  if ((await tab.count()) > 0) await tab.click();
  const read = async (name) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      app.importRegion().getByRole('button', { name, exact: true }).click(),
    ]);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    return { name: download.suggestedFilename(), body: Buffer.concat(chunks) };
  };

  const svg = await read('Export SVG');
  expect(svg.name).toBe('fairshare-tree.svg');
  const text = svg.body.toString('utf8');
  expect(text).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  for (const name of ['UserA', 'UserB', 'UserC', 'UserD', 'Acct12', 'Acct16']) expect(text).toContain(name);
  expect(text).not.toContain('class=');
  expect(text).toMatch(/fill:rgb\(/);
  // The file renders on its own (no page style sheets) with the names as text.
  const view = await page.context().newPage();
  await view.setContent(text.replace(/^<\?xml[^>]*>/, ''));
  await expect(view.locator('svg text').filter({ hasText: 'UserA' }).first()).toBeVisible();
  await view.close();

  const png = await read('Export PNG');
  expect(png.name).toBe('fairshare-tree.png');
  writeFileSync(path.join(screenshotDir, 'export-tree.png'), png.body);
  writeFileSync(path.join(screenshotDir, 'export-tree.svg'), svg.body);
  expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');

  const sshare = await read('Export sshare text');
  const lines = sshare.body.toString('utf8').trim().split('\n');
  expect(lines[0]).toBe('Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS|GrpTRESMins|TRESRunMins');
  expect(lines).toHaveLength(10);
  expect(app.errors).toEqual([]);
});

test('Export SVG draws every shown card, also those far outside the view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new ExplorerPage(page);
  await app.goto('/?preset=test24-4');
  await expect(app.allTreeItems()).toHaveCount(35);
  // Zoomed in, the view draws only the cards near it.
  const zoomIn = app.treeRegion().getByRole('button', { name: 'Zoom in', exact: true });
  for (let i = 0; i < 4; i += 1) await zoomIn.click();
  const drawn = () => page.locator('[data-tree-cards] .ft-node__name').allTextContents();
  const names = await app.allTreeItems().evaluateAll((items) => items.map((i) => i.dataset.name));
  await expect.poll(async () => (await drawn()).length).toBeLessThan(35);
  const onPage = new Set(await drawn());
  const far = names.filter((n) => !onPage.has(n));
  expect(far.length).toBeGreaterThan(0);

  await app.openTab('Import');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    app.importRegion().getByRole('button', { name: 'Export SVG', exact: true }).click(),
  ]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  // Every card, at scale 1 whatever the zoom, with its colours and fonts written in.
  const view = await page.context().newPage();
  await view.setContent(text.replace(/^<\?xml[^>]*>/, ''));
  const cards = await view.locator('svg > g > g').count();
  expect(cards).toBe(35);
  const texts = new Set(await view.locator('svg text').allTextContents());
  for (const name of far) expect(texts.has(name), name).toBe(true);
  expect(text).not.toContain('class=');
  expect(text).toMatch(/font-family:/);
  expect(text).toMatch(/fill:rgb\(/);
  writeFileSync(path.join(screenshotDir, 'export-test24.4.svg'), text);
  await view.close();
  expect(app.errors).toEqual([]);
});

