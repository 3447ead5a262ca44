// The classic side panel: seed 002's worked example, number by number, for User1..User5.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

const pageFactors = [
  ['User1', '0.408479'],
  ['User2', '0.022097'],
  ['User3', '0.125000'],
  ['User4', '0.500000'],
  ['User5', '0.749154'],
];

test('the classic example shows the page factors for User1..User5', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Classic fairshare');
  const panel = app.classicPanel();
  await expect(panel).toBeVisible();
  // The preset says why Slurm's "fraction of root usage" is the page's "fraction of the machine".
  await expect(panel.getByTestId('machine-note')).toContainText('AccountG has 0 shares');
  await expect(panel.getByTestId('machine-note')).toContainText('0.300000');

  for (const [user, f] of pageFactors) {
    await app.selectAssociation(user);
    await app.openTab('Classic fairshare');
    const factor = panel.getByTestId('classic-factor');
    await expect(factor).toContainText(`F(${user}) = 2^(−UE/S/d)`);
    await expect(factor).toHaveAttribute('data-fairshare', f);
    await expect(factor).toContainText(`= ${f}`);
    // The legend reads the same user both ways.
    await app.openTab('What the score means');
    await expect(app.scoreLegend().getByTestId('legend-classic')).toContainText(`${user}: F = ${f}`);
    await expect(app.scoreLegend().getByTestId('legend-fair-tree')).toContainText(`${user}: position`);
  }

  // User1 number by number: S as a product, then UE from the first tier down, then F.
  await app.selectAssociation('User1');
  await app.openTab('Classic fairshare');
  await expect(panel.getByTestId('classic-shares')).toHaveText(
    'S(User1) = 1/1 (User1) × 30/40 (AccountB) × 40/100 (AccountA) = 0.300000',
  );
  const chain = panel.getByTestId('classic-usage-chain').locator('.ft-formula');
  await expect(chain).toHaveText([
    /^UE\(AccountA\) = UA = 0\.450000/,
    /^UE\(AccountB\) = .* = 0\.200000 \+ \(0\.450000 − 0\.200000\) · 30\/40 = 0\.387500$/,
    /^UE\(User1\) = .* = 0\.200000 \+ \(0\.387500 − 0\.200000\) · 1\/1 = 0\.387500$/,
  ]);
  await expect(panel.getByTestId('classic-factor')).toHaveText(
    'F(User1) = 2^(−UE/S/d) = 2^(−0.387500 / 0.300000 / 1) = 0.408479',
  );
  await app.screenshotOf(panel, 'classic-panel');
  await app.openTab('What the score means');
  await app.screenshotOf(app.scoreLegend(), 'score-legend');
  expect(app.errors).toEqual([]);
});

test('DEPTH_OBLIVIOUS shows its own formula', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  const panel = app.classicPanel();
  await app.selectAssociation('User1');
  await app.openTab('Classic fairshare');
  await panel.getByRole('checkbox', { name: 'DEPTH_OBLIVIOUS' }).check();
  const chain = panel.getByTestId('classic-usage-chain');
  await expect(chain).toContainText('ratio_p = UE(AccountA) / S(AccountA)');
  await expect(chain).toContainText('ratio_l = (UA / S) / ratio_s');
  await expect(chain).toContainText('UE(User1) = ratio_p · ratio_l^k · S');
  await expect(panel.getByTestId('classic-factor')).not.toHaveAttribute('data-fairshare', '0.408479');
  await app.screenshotOf(panel, 'classic-depth-oblivious');
  await panel.getByRole('checkbox', { name: 'DEPTH_OBLIVIOUS' }).uncheck();
  await expect(panel.getByTestId('classic-factor')).toHaveAttribute('data-fairshare', '0.408479');
  expect(app.errors).toEqual([]);
});

test('the classic order stands beside the Fair Tree order', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Classic fairshare');
  const orders = app.classicPanel().getByTestId('classic-orders');
  const classic = orders.locator('.ft-order__list--classic li');
  await expect(classic).toHaveCount(6);
  await expect(classic.first()).toContainText('User5 (AccountF) 0.749154');
  const fairTree = orders.locator('.ft-order__list--fair-tree li');
  await expect(fairTree).toHaveCount(6);
  // Every user placed differently is marked in both lists.
  const differs = await orders.locator('li[data-differs="true"]').count();
  expect(differs % 2).toBe(0);
  await app.screenshotOf(orders, 'classic-orders');
  expect(app.errors).toEqual([]);
});
