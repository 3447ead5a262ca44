// How much Chromium's Web Storage holds per origin (issue: a 100k session was never saved).
// Writes growing strings under one key until QuotaExceededError (binary search to 1 K chars),
// for localStorage and sessionStorage, ASCII (a packed session is base64url) and non-Latin-1
// text; then what a second key can hold beside a full first one.
//   node e2e/bench/storage-quota.mjs [--dist /work/s12-base/dist] [--port 8322]
import path from 'node:path';
import { arg, launchChromium, root, serve } from './common.mjs';

const dist = path.resolve(root, arg('dist', 'dist'));
const port = Number(arg('port', '8322'));
await serve(dist, port);
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${port}/index.html?fresh=1`);
const result = await page.evaluate(() => {
  function fits(store, key, n, ch) {
    try {
      store.setItem(key, ch.repeat(n));
      return true;
    } catch (e) {
      if (e.name !== 'QuotaExceededError') throw e;
      return false;
    } finally {
      store.removeItem(key);
    }
  }
  function largest(store, ch, key = 'probe') {
    let lo = 0;
    let hi = 64 << 20;
    while (hi - lo > 1024) {
      const mid = Math.floor((lo + hi) / 2);
      if (fits(store, key, mid, ch)) lo = mid;
      else hi = mid;
    }
    return lo;
  }
  const out = {};
  for (const [name, store] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]]) {
    store.clear();
    out[name] = { ascii: largest(store, 'a'), nonLatin1: largest(store, '\u3042') };
  }
  // Beside a first key holding 4,000,000 ASCII characters, how much does a second one take?
  localStorage.clear();
  localStorage.setItem('first', 'a'.repeat(4_000_000));
  out.secondBeside4M = largest(localStorage, 'a', 'second');
  // Replacing a value: does the old value's size count against the new one?
  let replaced;
  try {
    localStorage.setItem('first', 'b'.repeat(4_900_000));
    replaced = true;
  } catch (e) {
    replaced = e.name;
  }
  out.replace4Mwith4_9M = replaced;
  localStorage.clear();
  out.userAgent = navigator.userAgent;
  return out;
});
console.log(JSON.stringify(result, null, 2));
await browser.close();
process.exit(0);
