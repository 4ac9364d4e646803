import bold from "./fonts/DejaVuSans-Bold.bin";
import regular from "./fonts/DejaVuSans.bin";
import type { PdfFonts } from "./invoice-pdf";

/**
 * DejaVu Sans and DejaVu Sans Bold from the npm package dejavu-fonts-ttf (Bitstream Vera licence
 * plus public-domain changes: free to use, modify, embed and redistribute), cut by
 * scripts/subset-fonts.ts to the Greek and Latin characters of ./font-coverage.ts (about 32 KB
 * each instead of 750). The `.bin` files are Data modules: the Worker gets them as ArrayBuffers,
 * not as base64 text to decode (docs/decisions/0011-worker-size.md).
 *
 * Not Noto Sans: @pdf-lib/fontkit 1.1.1's subsetting drops most of its glyphs (text extracts,
 * but renders blank), while DejaVu subsets correctly; a subset PDF is ~25 KB.
 */
let fonts: PdfFonts | null = null;

export function pdfFonts(): PdfFonts {
  fonts ??= { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
  return fonts;
}
