// The Japanese texts are a file the page fetches only when Japanese is chosen (issue 24 §2):
// English visitors never download it; `lang=ja` and the language menu do, once; a failed fetch
// keeps English and says why.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

const JA_FILE = /\/ja-[0-9a-f]{16}\.json$/;
const jaRequests = (app) => app.requests.filter((u) => JA_FILE.test(new URL(u).pathname));
const language = (page) => page.getByRole('combobox', { name: /^(Language|言語)$/ });

test('an English visit fetches no Japanese; choosing Japanese fetches it once', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?lang=en');
  await expect(app.tree()).toBeVisible();
  expect(jaRequests(app)).toEqual([]);

  await language(page).selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('tree', { name: 'association ツリー' })).toBeVisible();
  expect(jaRequests(app)).toHaveLength(1);

  await language(page).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await language(page).selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect(jaRequests(app)).toHaveLength(1);
  expect(app.errors).toEqual([]);
});

test('lang=ja opens in Japanese, never English first', async ({ page }) => {
  const app = new ExplorerPage(page);
  const langs = [];
  await page.exposeFunction('__lang', (l) => langs.push(l));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[role=tree]')) window.__lang(document.documentElement.lang);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await app.goto('/?lang=ja');
  await expect(page.getByRole('tree', { name: 'association ツリー' })).toBeVisible();
  expect(jaRequests(app)).toHaveLength(1);
  expect(langs.length).toBeGreaterThan(0);
  expect(langs.filter((l) => l !== 'ja')).toEqual([]);
});

test('a failed fetch keeps English and says why; the app still works', async ({ page }) => {
  await page.route(JA_FILE, (route) => route.abort('internetdisconnected'));
  const app = new ExplorerPage(page);
  await app.goto('/?lang=en');
  await language(page).selectOption('ja');
  const alert = page.getByRole('alert').filter({ hasText: 'The Japanese texts could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(language(page)).toHaveValue('en');
  await app.clickTreeItem('User1');

  // Choosing English again clears the alert.
  await language(page).selectOption('en');
  await expect(alert).toHaveCount(0);
});

test('lang=ja with a file from another build opens in English with the reason', async ({ page }) => {
  await page.route(JA_FILE, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/"fingerprint":"[0-9a-f]+"/, '"fingerprint":"0000000000000000"');
    await route.fulfill({ response, body });
  });
  const app = new ExplorerPage(page);
  await app.goto('/?lang=ja');
  await expect(page.getByRole('alert').filter({ hasText: 'another version of the app' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(app.tree()).toBeVisible();
});
