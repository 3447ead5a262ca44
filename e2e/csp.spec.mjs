// dist/ under a strict Content-Security-Policy (README "Content-Security-Policy"): no inline
// script, no inline event handler. e2e/serve.py sends the policy for everything under /csp/.
import { test, expect } from '@playwright/test';
import { watchViolations } from './fixtures/loading.mjs';
import { ExplorerPage } from './fixtures/page.mjs';

const POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:";

test('the server sends the strict policy under /csp/', async ({ request }) => {
  const res = await request.get('/csp/index.html');
  expect(res.headers()['content-security-policy']).toBe(POLICY);
  const html = await res.text();
  // No inline script: every <script> has a src, and no element has an on* handler attribute.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
  expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
});

test('the app runs under the strict policy with no violation', async ({ page }) => {
  await watchViolations(page);
  const app = new ExplorerPage(page);
  await app.goto('/csp/');

  await expect(app.tree()).toBeVisible();
  // It is interactive, not just painted: selecting a user and stepping the walk work.
  await app.clickTreeItem('User1');
  await app.playerButton('Step forward').click();
  await expect(app.page.locator('[role="treeitem"][data-current="true"]')).toHaveCount(1);

  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(app.errors).toEqual([]);
});
