import boldUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?inline";
import regularUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline";
import type { PdfFonts } from "./invoice-pdf";

/**
 * DejaVu Sans and DejaVu Sans Bold from the npm package dejavu-fonts-ttf (Bitstream Vera licence
 * plus public-domain changes: free to use, embed and redistribute): Latin, Greek and the euro
 * sign. Vite inlines them into the Worker bundle as data URLs (the Cloudflare plugin has no
 * binary import for .ttf); they are decoded once per isolate, on the first PDF.
 *
 * Not Noto Sans: @pdf-lib/fontkit 1.1.1's subsetting drops most of its glyphs (text extracts,
 * but renders blank), while DejaVu subsets correctly; a subset PDF is ~25 KB instead of ~650 KB.
 */
let decoded: PdfFonts | null = null;

function fromDataUrl(url: string): Uint8Array {
  const base64 = url.slice(url.indexOf(",") + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function pdfFonts(): PdfFonts {
  decoded ??= { regular: fromDataUrl(regularUrl), bold: fromDataUrl(boldUrl) };
  return decoded;
}
