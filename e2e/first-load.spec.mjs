// What the first load carries (issue 24; scripts/split-dist.py `short_imports`): the main wasm
// imports its JS glue's functions by short names, not wasm-bindgen's `__wbg_<name>_<16 hex
// digits>` (about 6 KB brotli of the first load, wasm and glue together), and the app still
// mounts with them: the glue's import object and the wasm's import section name the same things.
import { test, expect } from '@playwright/test';

test('the main wasm imports the glue by short names, and the app mounts with them', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.locator('[role=treeitem][data-kind=user]').first()).toBeVisible();
  const found = await page.evaluate(async () => {
    const urls = performance.getEntriesByType('resource').map((e) => e.name);
    const wasm = urls.find((u) => /fairshare-explorer-[^/]*_bg\.wasm$/.test(new URL(u).pathname));
    const glue = urls.find((u) => /fairshare-explorer-[^/]*\.js$/.test(new URL(u).pathname));
    const module = await WebAssembly.compile(await (await fetch(wasm)).arrayBuffer());
    return {
      imports: WebAssembly.Module.imports(module).map((i) => [i.module, i.name]),
      glue: await (await fetch(glue)).text(),
    };
  });
  const fromGlue = found.imports.filter(([module]) => module === 'w').map(([, name]) => name);
  expect(fromGlue.length, 'the wasm imports the glue\'s functions from module "w"').toBeGreaterThan(100);
  expect(new Set(fromGlue).size).toBe(fromGlue.length);
  for (const name of fromGlue) expect(name).toMatch(/^a[0-9]+$/);
  // Nothing else but the split link module.
  expect(found.imports.filter(([module]) => module !== 'w' && module !== './__wasm_split.js')).toEqual([]);
  expect(found.glue).not.toMatch(/__wbg_\w+_[0-9a-f]{16}\b/);
  expect(errors).toEqual([]);
});
