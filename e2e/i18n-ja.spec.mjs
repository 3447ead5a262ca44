// `?lang=ja` shows no English sentence anywhere on the page: every tab of the side column is
// opened, the player steps and narrates, and all visible text, plus every accessible name,
// description, title and placeholder, is searched for a run of two or more English words.
//
// What may stay in Latin letters is data or Slurm's own vocabulary: the names in the tree
// (read from the page's `data-name`/`data-account`), numbers, and the short list of Slurm
// terms below, which the messages keep in Slurm's spelling in every language.
import { test, expect } from '@playwright/test';
import { ExplorerPage } from './fixtures/page.mjs';

/**
 * Slurm's commands, options, field names and formula symbols, kept as they are in Japanese.
 * Longest first, so `Level FS` is taken out before `FS`.
 */
const SLURM_TERMS = [
  'FairShareDampeningFactor', 'PriorityDecayHalfLife', 'PriorityWeightFairshare',
  'PriorityWeightAge', 'PriorityWeightJobSize', 'PriorityWeightPartition', 'PriorityWeightQOS',
  'PriorityWeightAssoc', 'PriorityWeightTRES', 'PriorityCalcPeriod', 'PriorityUsageResetPeriod',
  'PriorityMaxAge', 'PriorityFlags', 'PriorityType', 'PriorityJobFactor', 'priority/multifactor',
  // Command lines a person is asked to run (quoted verbatim).
  'sacctmgr show assoc tree format=Account,User,Share -P', 'ID,ParentID',
  'FairShare=parent', 'FAIR_TREE', 'NO_FAIR_TREE', 'DEPTH_OBLIVIOUS',
  'Fair Tree', 'FAIR TREE', 'Level FS', 'LevelFS', 'FairShare', 'Fairshare', 'RawShares', 'NormShares', 'RawUsage',
  'NormUsage', 'EffectvUsage', 'GrpTRESMins', 'TRESRunMins', 'TRES', 'sshare', 'sacctmgr', 'sprio',
  'slurm.conf', 'Slurm', 'Account', 'User', 'QOS', 'JSON', 'SVG', 'PNG', 'PageDown', 'PageUp',
  'inf', 'NaN', 'N', 'S', 'U', 'UA', 'UE', 'LF', 'F', 'L', 'd',
];

/** A command-line option (`-l`, `--json`), quoted in help texts. */
const OPTION = /(?<![\w-])--?[A-Za-z][\w-]*/g;

const ENGLISH_RUN = /[A-Za-z][A-Za-z'’]*(?:[-\s\u00a0]+[A-Za-z][A-Za-z'’]*)+/g;

/** Every visible text of the page, and every name-like attribute, as separate strings. */
async function pageTexts(page) {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('svg text')) {
      if (el.getClientRects().length > 0) texts.push(el.textContent);
    }
    const attrs = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt'];
    for (const el of document.querySelectorAll('*')) {
      for (const a of attrs) {
        const v = el.getAttribute(a);
        if (v) texts.push(v);
      }
    }
    // Accessible descriptions (aria-describedby) are texts on the page; option texts of menus.
    for (const el of document.querySelectorAll('option')) texts.push(el.textContent);
    return texts;
  });
}

/** The names in the tree (data, not interface text). */
async function dataNames(page) {
  return page.evaluate(() => {
    const names = new Set();
    for (const el of document.querySelectorAll('[data-name], [data-account]')) {
      for (const a of ['data-name', 'data-account']) {
        const v = el.getAttribute(a);
        if (v) names.add(v);
      }
    }
    return [...names];
  });
}

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The runs of two or more English words left after data and Slurm's terms are taken out. */
function englishRuns(texts, names) {
  const words = [...names, ...SLURM_TERMS].sort((a, b) => b.length - a.length).map(escape);
  // A term counts only as a whole word (not the "d" of "dark").
  const terms = new RegExp(`(?<![A-Za-z0-9_])(?:${words.join('|')})(?![A-Za-z0-9_])`, 'g');
  const found = new Set();
  for (const text of texts) {
    const rest = text.replace(terms, ' · ').replace(OPTION, ' · ');
    for (const m of rest.matchAll(ENGLISH_RUN)) {
      found.add(`${m[0]}  ⟵  …${rest.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60).replace(/\n/g, '⏎')}…`);
    }
  }
  return [...found];
}

/** Opens every tab of the side column in turn, collecting the page's texts with each open. */
async function walkTabs(page, collect) {
  const tabs = page.getByRole('tab');
  const n = await tabs.count();
  expect(n).toBeGreaterThan(3);
  for (let i = 0; i < n; i++) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await collect();
  }
}

for (const preset of ['fair-tree-example', 'test24-4']) {
  test(`lang=ja on ${preset}: no English sentence outside data`, async ({ page }) => {
    const app = new ExplorerPage(page);
    await page.goto(`/?fresh=1&lang=ja&preset=${preset}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('tree')).toBeVisible();
    const texts = [];
    const collect = async () => texts.push(...(await pageTexts(page)));

    // A user selected (the inspector, classic and compare panels then show their content).
    const tree = page.getByRole('tree');
    const user = tree.locator('[role="treeitem"][data-kind="user"]').first();
    await user.click();
    await expect(user).toHaveAttribute('aria-selected', 'true');
    await collect();

    // Compared with another user: the compare sentences.
    await page.locator('#ft-tab-compare').click();
    const compareWith = page.locator('#ft-tabpanel-compare select').first();
    const other = await compareWith.locator('option:not([disabled])').nth(1).getAttribute('value');
    await compareWith.selectOption(other);
    await walkTabs(page, collect);

    // The player: steps narrated (the narration, counters, the step's pseudo-code line).
    const player = page.locator('[data-testid="player-position"]').locator('xpath=ancestor::*[@role="region"][1]');
    const slider = player.getByRole('slider').first();
    for (const v of ['1', '3', '7', '12']) {
      await slider.fill(v);
      await expect(page.locator('[data-testid="player-position"]')).toContainText(v);
      await collect();
    }
    await app.screenshot(`ja-journey-${preset}`);

    const names = await dataNames(page);
    const runs = englishRuns(texts, names);
    expect(runs, runs.join('\n')).toEqual([]);
    expect(app.errors).toEqual([]);
  });
}

test('lang=ja: the exported PNG draws the Japanese text with a CJK font', async ({ page }) => {
  const app = new ExplorerPage(page);
  await page.goto('/?fresh=1&lang=ja&preset=fair-tree-example');
  await expect(page.getByRole('tree')).toBeVisible();
  // The SVG's fonts: named fonts first (the PNG is drawn from it), a CJK one among them.
  await page.locator('#ft-tab-import').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PNG をエクスポート', exact: true }).click(),
  ]);
  const file = await download.path();
  const { readFileSync, copyFileSync } = await import('node:fs');
  const body = readFileSync(file);
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  // For checking by eye: e2e/screenshots/ja-export-tree.png.
  copyFileSync(file, new URL('./screenshots/ja-export-tree.png', import.meta.url));
  expect(app.errors).toEqual([]);
});
