// Accessibility with axe-core 4.x: every side-panel tab, in the light and the dark theme, at
// 1440x900 and 390x844, with a user selected (so every panel shows its details). Fails on any
// serious or critical finding, and on any `region` finding (content outside every landmark).
// No rule is disabled or exempted.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ExplorerPage } from './fixtures/page.mjs';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const THEMES = ['light', 'dark'];

/** The findings that fail the journey, as short readable lines. */
function failing(violations) {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 3).join(' ')}`),
    );
}

/** The page's markup outside the tab panels and the tab strip (what a tab switch must not change). */
function outsideTabs(page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true);
    for (const node of body.querySelectorAll('[role="tabpanel"], [role="tablist"]')) node.remove();
    return body.outerHTML;
  });
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`axe: every tab at ${size.width}x${size.height} in the ${theme} theme`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const app = new ExplorerPage(page);
      await app.goto(`/?theme=${theme}`);
      await app.clickTreeItem('User2');
      const tabs = page.getByRole('tablist', { name: 'Panels' }).getByRole('tab');
      const names = await tabs.allTextContents();
      expect(names.length).toBeGreaterThan(3);
      let wholePage = 0;
      const found = [];
      // The first tab is checked on the whole page. A tab switch changes only its panel and the
      // tab strip, so each later tab is checked on those two (about half of axe's time a run); if
      // anything else on the page differs from the first tab's, that tab gets the whole page too.
      // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge
      // frames' results, and this page has no frames (another second or two a run on 2 cores).
      let firstOutside = null;
      for (const [i, name] of names.entries()) {
        const tab = tabs.nth(i);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        const outside = await outsideTabs(page);
        firstOutside ??= outside;
        const axe = new AxeBuilder({ page }).setLegacyMode();
        if (i > 0 && outside === firstOutside) axe.include('[role="tabpanel"]').include('[role="tablist"]');
        else wholePage += 1;
        const results = await axe.analyze();
        found.push(...failing(results.violations).map((line) => `[${name}] ${line}`));
      }
      test.info().annotations.push({ type: 'whole-page scans of the tabs', description: String(wholePage) });
      // The preset caption opened by keyboard (in the toolbar, behind its menu button on a
      // phone), then the find box with its list open.
      await app.openToolbar();
      const caption = page.getByTestId('preset-caption');
      await caption.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(caption).toHaveAttribute('open', '');
      const find = page.getByRole('searchbox', { name: 'Find user or account' });
      await find.fill('user');
      await expect(page.getByRole('listbox', { name: 'Matches' })).toBeVisible();
      const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
      found.push(...failing(results.violations).map((line) => `[find open] ${line}`));
      expect(found, found.join('\n')).toEqual([]);
      expect(app.errors).toEqual([]);
    });
  }
}
