/**
 * Cuts the invoice PDF's fonts (DejaVu Sans and DejaVu Sans Bold, npm dejavu-fonts-ttf) to the
 * characters of api/pdf/font-coverage.ts and writes them to api/pdf/fonts/*.bin, which the Worker
 * imports as binary Data modules (api/pdf/fonts.ts; the Cloudflare Vite plugin treats `.bin` as
 * Data, not `.ttf`). The outputs are committed; rerun after changing the coverage:
 *
 *   npm run subset-fonts
 *
 * Hinting is dropped: PDF viewers rasterise outlines themselves and the instructions would only
 * add bytes to the Worker and to every PDF (docs/decisions/0011-worker-size.md).
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pdfFontCharacters } from "../api/pdf/font-coverage.ts";

type SubsetFont = (
  font: Buffer,
  text: string,
  options: { targetFormat: "sfnt"; noHinting?: boolean; dropTables?: string[] },
) => Promise<Buffer>;

const require = createRequire(import.meta.url);
// subset-font is CommonJS without types; its one export is the function above.
const subsetFont = require("subset-font") as SubsetFont;

const root = fileURLToPath(new URL("..", import.meta.url));
const source = path.join(root, "node_modules/dejavu-fonts-ttf/ttf");
const target = path.join(root, "api/pdf/fonts");
mkdirSync(target, { recursive: true });

const text = pdfFontCharacters();
for (const name of ["DejaVuSans", "DejaVuSans-Bold"]) {
  const input = readFileSync(path.join(source, `${name}.ttf`));
  const output = await subsetFont(input, text, {
    targetFormat: "sfnt",
    noHinting: true,
    // Tables a PDF never reads: kerning/positioning and substitution layout (pdf-lib draws
    // glyph by glyph from cmap and hmtx), device metrics, the font's own hinting settings.
    dropTables: ["GPOS", "GSUB", "GDEF", "kern", "hdmx", "VDMX", "LTSH", "gasp", "FFTM", "MATH"],
  });
  writeFileSync(path.join(target, `${name}.bin`), output);
  console.log(`${name}: ${input.length} → ${output.length} bytes`);
}
