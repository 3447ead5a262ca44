// The app shell: it loads cleanly, shows no error banner, and works from a sub-path and an iframe.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

test('page loads with no console errors, no panic banner and no alert', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');

  await expect(page).toHaveTitle('Fairshare Explorer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(app.treeRegion()).toBeVisible();
  await expect(app.panicBanner()).toHaveCount(0);
  await expect(app.alerts()).toHaveCount(0);
  await app.screenshot('home');
  expect(app.errors).toEqual([]);
});

test('works under a sub-path', async ({ page, baseURL }) => {
  const app = new ExplorerPage(page);
  await app.goto('/sub/path/');

  await expect(app.treeRegion()).toBeVisible();
  // Every asset came from under the sub-path: nothing asked for /<asset> at the server root.
  const own = app.requests.filter((url) => url.startsWith(baseURL));
  expect(own.length).toBeGreaterThan(2);
  for (const url of own) expect(new URL(url).pathname).toMatch(/^\/sub\/path\//);
  expect(own.some((url) => url.endsWith('.wasm'))).toBe(true);
  await app.screenshot('sub-path');
  expect(app.errors).toEqual([]);
});

test('works inside an iframe', async ({ page, baseURL }) => {
  const app = new ExplorerPage(page);
  await page.setContent(
    `<iframe title="embedded" src="${baseURL}/sub/path/" style="width:960px;height:600px"></iframe>`,
  );
  const frame = page.frameLocator('iframe[title="embedded"]');

  await expect(frame.getByRole('heading', { level: 1, name: 'Fairshare Explorer' })).toBeVisible();
  await expect(frame.getByRole('region', { name: 'Association tree' })).toBeVisible();
  await app.screenshot('iframe');
  expect(app.errors).toEqual([]);
});
