// The WebAssembly memory's size after loading an anchor tree and after each Raw usage edit (run by
// hand; not part of `npx playwright test`):
//
//   node e2e/bench/wasm-memory.mjs [--dist dist] [--size 100k] [--edits 10] [--port 8878] [--perf DIR]
//
// Every edit keeps the tree before it in the undo history, and an edited tree is a copy of every
// association, so the heap grew by about one tree per edit (13 MiB at 100k on 76a0c47, with 200
// steps kept), and the copy that lands in new memory pays for its first touch of each page. The
// history now holds at most a million associations' trees (src/state/history.rs): at 100k the
// memory should stop growing after 10 edits (run with --edits 20 to see it).
// Sizes are printed, never asserted.
import path from 'node:path';
import { arg, firstUsersRawUsage, launchChromium, pasteTree, readAnchor, root, serve } from './common.mjs';

const dist = path.resolve(root, arg('dist', 'dist'));
const port = Number(arg('port', 8878));
const edits = Number(arg('edits', 10));
const { json, users, marker } = readAnchor(arg('perf', path.join(root, '..', 'shared', 'perf')), arg('size', '100k'));
await serve(dist, port);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => (window.__wasm = e.detail.wasm)));
  await pasteTree(page, port, json, marker);
  const handle = await firstUsersRawUsage(page, users);
  const mb = () => page.evaluate(() => (window.__wasm?.memory?.buffer.byteLength ?? 0) / 2 ** 20);
  const sizes = [await mb()];
  for (let i = 0; i < edits; i++) {
    await handle.evaluate(async (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))));
    }, 1000 * (i + 1) * 3600);
    sizes.push(await mb());
  }
  console.log('wasm memory (MiB) after load, then after each edit:', sizes.map((s) => s.toFixed(0)).join(' '));
} finally {
  await browser.close();
  process.exit();
}
