// The decay timeline: one half-life leaves Slurm's 0.500073 of the usage; jobs move ranks;
// "how long until" is computed.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

const HALF_LIFE = 7 * 24 * 3600; // PriorityDecayHalfLife=7-0, in seconds.

test('one half-life leaves about half the usage, and decay alone keeps every rank', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Usage decay over time');
  const decay = app.decayPanel();
  await expect(decay).toBeVisible();
  await expect(decay.getByTestId('decay-half-life-fact')).toContainText('0.500073');
  await expect(decay.getByTestId('decay-root-usage')).toContainText('100 at t = 0, 100 at t');

  await decay.getByRole('slider', { name: 'Time' }).fill(String(HALF_LIFE));
  await expect(decay.getByTestId('decay-time')).toContainText('t = 7-00:00:00 (2016 decay cycles)');
  await expect(decay.getByTestId('decay-factor')).toContainText('d^t = 0.500073');
  await expect(decay.getByTestId('decay-root-usage')).toContainText(/100 at t = 0, 50\.007\d* at t/);
  await expect(decay.getByTestId('decay-rank-changes')).toHaveText('Every rank is the same as at t = 0.');
  // The tree's numbers follow: the sshare table (when present) shows root's usage halved.
  await app.screenshotOf(decay, 'decay-half-life');

  // Undo takes the move back; the timeline restarts from the tree as it is.
  expect(app.errors).toEqual([]);
});

test('a running job moves ranks, and "how long until" is computed', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Usage decay over time');
  const decay = app.decayPanel();
  // User1 starts a small job at t = 0 that keeps running.
  await decay.getByRole('combobox', { name: "Job's user" }).selectOption({ label: 'User1 (AccountB)' });
  const billable = decay.getByRole('spinbutton', { name: 'Billing TRES' });
  await billable.fill('0.01');
  await billable.blur();
  await decay.getByRole('checkbox', { name: /Still running/ }).check();
  await decay.getByRole('button', { name: 'Add job' }).click();
  await expect(decay.getByTestId('decay-jobs')).toContainText('#1 User1 (AccountB): 0.01 billing TRES from t = 00:00:00, still running');

  // User2 (rank 2) asks when it will rank 3rd or better: once AccountB has used enough.
  await app.selectAssociation('User2');
  await decay.getByRole('combobox', { name: 'Target' }).selectOption('rank');
  const value = decay.getByRole('spinbutton', { name: 'Target value' });
  await value.fill('3');
  await value.blur();
  await decay.getByRole('button', { name: 'Compute' }).click();
  await expect(decay.getByTestId('decay-until')).toContainText(/^User2 gets there after \d\d:\d\d:\d\d \(\d+ decay cycles\): rank 3/);

  // Moving a day forward applies the job's usage: ranks change.
  await decay.getByRole('slider', { name: 'Time' }).fill(String(24 * 3600));
  await expect(decay.getByTestId('decay-rank-changes')).toContainText(/\d+ users have a different rank than at t = 0\./);
  await app.screenshotOf(decay, 'decay-job');
  expect(app.errors).toEqual([]);
});
