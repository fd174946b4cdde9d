// @ts-check
// Draws the app icons of the web app manifest (public/icons/*.png) with sharp, from an SVG
// made here: a cooking pot ("popote") in white on the brand's terracotta. The PNGs are
// committed (a few kilobytes): the shell's build needs no image library.
// Run from the repository root after changing the drawing:  node frontends/shell/scripts/make-icons.mjs
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const TERRACOTTA = '#b0441a'; // --pp-color-primary
const CREAM = '#fff8f0';

/** The pot, drawn in a 100×100 box centred on (50, 52), about 56 units wide. */
const pot = `
  <g fill="none" stroke="${CREAM}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round">
    <path d="M40 22c-3 4 3 6 0 10M50 19c-3 4 3 6 0 10M60 22c-3 4 3 6 0 10"/>
  </g>
  <g fill="${CREAM}">
    <rect x="27" y="40" width="46" height="6" rx="3"/>
    <rect x="46" y="35" width="8" height="6" rx="2"/>
    <path d="M30 49h40v14c0 8-6 13-13 13H43c-7 0-13-5-13-13z"/>
    <rect x="20" y="51" width="12" height="5" rx="2.5"/>
    <rect x="68" y="51" width="12" height="5" rx="2.5"/>
  </g>`;

/** Purpose "any": a rounded square with the pot filling most of it. */
const anySvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="${TERRACOTTA}"/>
  ${pot}
</svg>`;

/** Purpose "maskable": full bleed, the pot shrunk into the 80 % safe circle. */
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="${TERRACOTTA}"/>
  <g transform="translate(50 50) scale(0.72) translate(-50 -50)">${pot}</g>
</svg>`;

const icons = [
  { file: 'icon-192.png', svg: anySvg, size: 192 },
  { file: 'icon-512.png', svg: anySvg, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskableSvg, size: 512 },
  { file: 'apple-touch-icon.png', svg: maskableSvg, size: 180 },
];

await mkdir(out, { recursive: true });
for (const { file, svg, size } of icons) {
  const info = await sharp(Buffer.from(svg), { density: (72 * size) / 100 })
    .resize(size, size)
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toFile(`${out}${file}`);
  console.log(`${file}: ${info.width}×${info.height}, ${info.size} bytes`);
}
