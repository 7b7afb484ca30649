// Renders public/icons/icon.svg to the PNG sizes the web app manifest lists (192, 512 and a
// maskable 512 with safe-zone padding) through Debian's Chromium. Run after changing the SVG:
// `node scripts/render-icons.mjs`. The PNGs are committed so a build needs no browser.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('../public/icons/icon.svg', import.meta.url), 'utf8');
const targets = [
  { file: 'icon-192.png', size: 192, padding: 0 },
  { file: 'icon-512.png', size: 512, padding: 0 },
  // Maskable icons may be cropped to a circle of 80% diameter: keep the mark inside it.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.12 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const { file, size, padding } of targets) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inset = Math.round(size * padding);
  await page.setContent(
    `<body style="margin:0;background:#0b1020"><div style="padding:${inset}px">${svg.replace(
      '<svg ',
      `<svg width="${size - 2 * inset}" height="${size - 2 * inset}" `,
    )}</div></body>`,
  );
  await page.screenshot({ path: new URL(`../public/icons/${file}`, import.meta.url).pathname });
  await page.close();
}
await browser.close();
console.log('Rendered', targets.map((target) => target.file).join(', '));
