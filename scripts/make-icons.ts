/**
 * `node scripts/make-icons.ts`: draws the installable app's icons (public/icons/*.png) from the
 * Kinfile mark, the same tile and K as app/shell/KinfileLogo.tsx and public/favicon.svg, with the
 * system Chromium (playwright-core; nothing downloads a browser). Run it again when the mark
 * changes, and commit the PNGs.
 *
 * - icon-192.png, icon-512.png: the rounded tile, for launchers that draw the icon as it is.
 * - maskable-512.png: the tile's colour to every edge and the K inside the middle 60%, so any
 *   mask a launcher cuts (circle, squircle) keeps the whole letter (the safe zone is 80%).
 * - apple-touch-icon.png (180): iOS rounds the corners itself, so a full square.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { chromiumPath } from "../e2e/support/browser.ts";

/** The mark's blue (public/favicon.svg), also the manifest's theme colour. */
const TILE = "#1971c2";
const K = "M9 8h4v7l6-7h5l-7 7.6L24.5 24h-5.2l-5.4-6.1-.9 1V24H9z";

function markSvg(
  size: number,
  { fullBleed, letterScale }: { fullBleed: boolean; letterScale: number },
): string {
  const radius = fullBleed ? 0 : 7;
  // The K is drawn in a 32-unit box; scale it about the tile's centre.
  const offset = 16 * (1 - letterScale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect width="32" height="32" rx="${radius}" fill="${TILE}"/>
<path d="${K}" fill="#fff" transform="translate(${offset} ${offset}) scale(${letterScale})"/></svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, fullBleed: false, letterScale: 1 },
  { file: "icon-512.png", size: 512, fullBleed: false, letterScale: 1 },
  { file: "maskable-512.png", size: 512, fullBleed: true, letterScale: 0.6 },
  { file: "apple-touch-icon.png", size: 180, fullBleed: true, letterScale: 0.8 },
];

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${markSvg(icon.size, icon)}</body></html>`,
    );
    const png = await page.locator("svg").screenshot({ omitBackground: true });
    writeFileSync(resolve(import.meta.dirname, "../public/icons", icon.file), png);
    console.log(`public/icons/${icon.file} (${icon.size}x${icon.size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
