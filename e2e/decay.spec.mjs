// The decay timeline through the page: a job added in the panel moves ranks, and "how long
// until" is computed for the user selected in the tree. (One half-life leaving Slurm's 0.500073
// of the usage, as one undoable edit, is the component test decay_slider_applies_one_undoable_edit
// in tests/web/panels.rs.)
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

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

  // User2 (position 5 of 6) asks when it will be 4th or better: once AccountB has used enough.
  await app.selectAssociation('User2');
  await decay.getByRole('combobox', { name: 'Target' }).selectOption('position');
  const value = decay.getByRole('spinbutton', { name: 'Target value' });
  await value.fill('4');
  await value.blur();
  await decay.getByRole('button', { name: 'Compute' }).click();
  await expect(decay.getByTestId('decay-until')).toContainText(/^User2 gets there after \d\d:\d\d:\d\d \(\d+ decay cycles\): position 4 of 6/);

  // Moving a day forward applies the job's usage: ranks change.
  await decay.getByRole('slider', { name: 'Time' }).fill(String(24 * 3600));
  await expect(decay.getByTestId('decay-rank-changes')).toContainText(/\d+ users have a different position than at t = 0\./);
  await app.screenshotOf(decay, 'decay-job');
  expect(app.errors).toEqual([]);
});

// The jobs are app state (issue 23 §3): adding one is an undoable step, and the saved session
// keeps it across a reload, with the schedule.
test('a job added is undone by Undo and kept by a reload', async ({ page }) => {
  const app = new ExplorerPage(page);
  await app.goto('/');
  await app.openTab('Usage decay over time');
  const decay = app.decayPanel();
  const jobs = decay.getByTestId('decay-jobs');
  const halfLife = decay.getByRole('textbox', { name: 'PriorityDecayHalfLife' });
  await halfLife.fill('1-0');
  await halfLife.blur();
  await decay.getByRole('combobox', { name: "Job's user" }).selectOption({ label: 'User1 (AccountB)' });
  await decay.getByRole('button', { name: 'Add job' }).click();
  await expect(jobs).toContainText('#1 User1 (AccountB)');

  const undo = page.getByRole('button', { name: 'Undo' });
  await undo.click();
  await expect(jobs).toHaveCount(0);
  await expect(decay).toContainText('No jobs yet');
  await expect(halfLife).toHaveValue('1-0');
  await undo.click();
  await expect(halfLife).toHaveValue('7-0');
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(jobs).toContainText('#1 User1 (AccountB)');

  await page.reload();
  await app.waitUntilReady();
  await app.openTab('Usage decay over time');
  await expect(app.decayPanel().getByTestId('decay-jobs')).toContainText('#1 User1 (AccountB)');
  await expect(app.decayPanel().getByRole('textbox', { name: 'PriorityDecayHalfLife' })).toHaveValue('1-0');
  // The restored history still undoes the job.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(app.decayPanel().getByTestId('decay-jobs')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});
