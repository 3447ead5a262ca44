// What would it take (issue 22): on the 10k anchor tree the region answers each question for a
// selected user with the same values as `fairshare calc`; "Show me" applies question 1's answer
// as an undoable edit (the user drops to the position the CLI says); `calc=` opens the region
// with a question filled in.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { ExplorerPage } from './fixtures/page.mjs';
import { cli, ensureCli } from './fixtures/cli.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

// The component test (src/panels/calc_panel/tests.rs) and the CLI's test read the same file.
const SPRIO = readFileSync(path.join(fixtures, 'sprio.txt'), 'utf8');

/** `fairshare calc --format json FILE USER ARGS…`, parsed. */
function calc(file, user, ...args) {
  return JSON.parse(execFileSync(cli, ['calc', '--format', 'json', file, user, ...args], { encoding: 'utf8' }));
}

/** The region and one of its text inputs, by label. */
function region(page) {
  return page.getByRole('region', { name: 'What would it take' });
}

async function answerInput(page, label, value) {
  const input = region(page).getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
  await input.blur();
}

test('on the 10k tree each question is answered as the CLI answers it, and Show me applies', async ({ page }) => {
  test.setTimeout(600_000);
  ensureCli();
  const text = gunzipSync(readFileSync(path.join(fixtures, 'perf_10k.json.gz'))).toString('utf8');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ft-calc-')), 'perf_10k.json');
  writeFileSync(file, text);
  const scenario = JSON.parse(text);
  // A user with usage, in the middle of the list, named by account/user (names repeat across
  // accounts).
  const users = scenario.associations.filter((a) => a.user);
  const busy = users.filter((a) => Number(a.usage_raw ?? 0) > 0);
  const me = busy[Math.floor(busy.length / 2)];
  const spec = `${me.account}/${me.user}`;

  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.loadAtOnce(text);
  await app.waitForUsers(users.length, 120_000);
  const box = page.getByRole('searchbox', { name: 'Find user or account' });
  await box.fill(spec);
  await expect(page.getByRole('listbox', { name: 'Matches' }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(app.treeItemById(me.id)).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });

  await app.openTab('What would it take');
  const r = region(page);
  // Question 1 at once, without any input: the CLI's boundary.
  const q1 = calc(file, spec);
  const headroom = r.locator('[data-usage-headroom]');
  await expect(headroom).toHaveAttribute('data-usage-headroom', String(q1.usage_headroom ?? ''), { timeout: 60_000 });
  console.log(`10k: ${spec} headroom ${q1.usage_headroom}: ${await headroom.textContent()}`);

  // Question 3: the best account after a one-hour job.
  await answerInput(page, 'Job size (TRES-seconds)', '3600');
  const q3 = calc(file, spec, '--accounts', '--job', '3600');
  await expect(r.locator('[data-best-account]')).toHaveAttribute('data-best-account', q3.best_account, { timeout: 60_000 });

  // Question 4: shares to reach position 1.
  await answerInput(page, 'Pass X', '1');
  const q4 = calc(file, spec, '--shares-to-pass', '1');
  await expect(r.locator('[data-shares-needed]')).toHaveAttribute(
    'data-shares-needed',
    q4.shares_needed === undefined ? '' : String(q4.shares_needed),
    { timeout: 60_000 },
  );

  // Question 2: back above position 1 with nobody else running: decay alone never gets there,
  // or already there; the CLI agrees.
  await answerInput(page, 'Above X', '1');
  const q2 = calc(file, spec, '--above', '1', '--idle');
  await expect(r.locator('[data-idle-seconds]')).toHaveAttribute(
    'data-idle-seconds',
    q2.idle_seconds === undefined ? '' : String(q2.idle_seconds),
    { timeout: 60_000 },
  );
  await expect(r.locator('[data-idle-seconds]')).not.toHaveText('');

  // Question 5: a pasted sprio -l and -w.
  const sprioBox = r.getByLabel('Paste sprio -l output (and sprio -w)');
  await sprioBox.fill(SPRIO);
  await sprioBox.blur();
  await expect(r.locator('[data-deciding-factor]')).toHaveCount(2);
  await expect(r.locator('[data-deciding-factor]').first()).toHaveAttribute('data-deciding-factor', 'FAIRSHARE');
  await page.screenshot({ path: path.join(fixtures, '..', 'screenshots', 'calc-10k-1440.png') });

  // Show me: one unit past the boundary, the user is where the CLI says, and Undo brings it back.
  if (q1.usage_headroom !== undefined) {
    const item = app.treeItemById(me.id);
    const before = await item.getAttribute('data-position');
    await headroom.locator('xpath=following-sibling::button[1]').click();
    await expect(item).toHaveAttribute('data-position', String(q1.position_past_boundary), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(item).toHaveAttribute('data-position', before, { timeout: 60_000 });
  }
  expect(app.errors).toEqual([]);
});

test('calc= opens the region with a question filled in', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/?preset=two-accounts&me=bio%2Falice&calc=shares%3A1&fresh=1');
  await expect(page.getByRole('tab', { name: 'What would it take', exact: true })).toHaveAttribute('aria-selected', 'true');
  const r = region(page);
  await expect(r.getByLabel('Pass X', { exact: true })).toHaveValue('1');
  await expect(r.locator('[data-shares-needed]')).toHaveAttribute('data-shares-needed', '3');
  await expect(r.locator('[data-usage-headroom]')).toHaveAttribute('data-usage-headroom', '80');
  await app.screenshot('calc-two-accounts');
  expect(app.errors).toEqual([]);
});

for (const [w, h] of [
  [1440, 900],
  [390, 844],
]) {
  test(`the region on test24.4 at ${w}x${h}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const app = new ExplorerPage(page);
    await app.goto('/?preset=test24-4&me=uD2&calc=below&fresh=1');
    const r = region(page);
    await expect(r.locator('[data-usage-headroom]')).toHaveAttribute('data-usage-headroom', /^\d+$/);
    await r.scrollIntoViewIfNeeded();
    // The page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
    await page.screenshot({ path: path.join(fixtures, '..', 'screenshots', `calc-test24-4-${w}.png`) });
    expect(app.errors).toEqual([]);
  });
}
