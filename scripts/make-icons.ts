/**
 * The portal's icon set in public/ (served by Workers Assets without running the Worker), drawn
 * from one SVG, the logo mark of app/root.tsx (blue rounded square #00558c, white lightning bolt):
 *
 *   icon.svg              the mark, for browsers that take SVG favicons
 *   favicon.ico           16, 32 and 48 px PNGs in an ICO (what /favicon.ico is asked for)
 *   icon-192.png, icon-512.png   the web-app manifest's icons (purpose "any")
 *   icon-maskable-512.png full-bleed square, the bolt inside the 80 % safe zone (purpose "maskable")
 *   apple-touch-icon.png  180 px, opaque and square: iOS rounds the corners itself
 *
 * PNGs are Chromium screenshots (Debian's /usr/bin/chromium through Playwright, as the
 * benchmark's browser). The outputs are committed; rerun after changing the mark:
 *
 *   npm run make-icons
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../bench/browser.ts";

const BLUE = "#00558c";
const BOLT = "M18 5L8 18h7l-2 9 11-14h-7z";
/** The mark exactly as app/root.tsx's former inline favicon. */
const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BLUE}"/><path d="${BOLT}" fill="#fff"/></svg>`;
/** Square corners, for icons that the platform masks (iOS, Android adaptive icons). */
const SQUARE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><path d="${BOLT}" fill="#fff"/></svg>`;
/** Maskable: the bolt scaled to 70 % around the centre, inside the 80 % safe circle. */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><path d="${BOLT}" fill="#fff" transform="translate(16 16) scale(0.7) translate(-16 -16)"/></svg>`;

const out = fileURLToPath(new URL("../public", import.meta.url));
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
async function png(svg: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  const shot = await page.screenshot({ omitBackground: true, type: "png" });
  await page.close();
  return shot;
}

/** An ICO holding PNG images (supported by every browser that asks for /favicon.ico). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

try {
  const write = (name: string, data: Buffer | string) => {
    writeFileSync(path.join(out, name), data);
    console.log(`public/${name}: ${Buffer.byteLength(data)} bytes`);
  };
  write("icon.svg", `${MARK}\n`);
  const small = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(MARK, size) })),
  );
  write("favicon.ico", ico(small));
  write("icon-192.png", await png(MARK, 192));
  write("icon-512.png", await png(MARK, 512));
  write("icon-maskable-512.png", await png(MASKABLE, 512));
  write("apple-touch-icon.png", await png(SQUARE, 180));
} finally {
  await browser.close();
}
