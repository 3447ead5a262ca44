import { chromium } from 'playwright-core';
const [,, w, h, out, preset] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.goto('http://127.0.0.1:8772/');
await page.getByRole('heading', { level: 1 }).waitFor();
if (preset) await page.getByRole('combobox', { name: 'Scenario', exact: true }).selectOption(preset);
await page.waitForTimeout(500);
const wide = await page.evaluate(() => {
  const W = document.documentElement.clientWidth;
  const res = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > W + 1) res.push(`${el.tagName}.${el.className?.baseVal ?? el.className} right=${Math.round(r.right)}`);
  }
  return { sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight, res: res.slice(0, 15), n: document.querySelectorAll('*').length };
});
console.log(JSON.stringify(wide, null, 1));
await page.screenshot({ path: out });
await browser.close();
