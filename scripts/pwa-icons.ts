// `node --import tsx scripts/pwa-icons.ts`: draws the installed app's icons (apps/web/public/icons) from
// the logo in the machine's Chromium: the plain icon (the favicon's rounded square) at 192 and 512 px,
// and a maskable one whose star sits inside the middle 80 % that every mask shape keeps.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot } from './spawn-server';

const STAR = 'M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z';
const PRIMARY = '#0f4c5c';
const BRAND = '#f6c453';

const ICONS = [
  {
    file: 'icon-192.png',
    size: 192,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${PRIMARY}"/><path d="${STAR}" fill="${BRAND}"/></svg>`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${PRIMARY}"/><path d="${STAR}" fill="${BRAND}"/></svg>`,
  },
  {
    // Full bleed, the star scaled to 60 % around the centre (inside the 80 % safe zone).
    file: 'icon-maskable-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${PRIMARY}"/><path d="${STAR}" fill="${BRAND}" transform="translate(16 16) scale(0.6) translate(-16 -16)"/></svg>`,
  },
];

const outDir = join(repoRoot, 'apps/web/public/icons');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(outDir, icon.file), omitBackground: true });
    await page.close();
    process.stdout.write(`${icon.file}\n`);
  }
} finally {
  await browser.close();
}
