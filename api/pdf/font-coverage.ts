/**
 * The characters the invoice PDF's fonts keep (scripts/subset-fonts.ts cuts DejaVu Sans to
 * them; api/pdf/font-coverage.test.ts checks every label and the demo data against the cut
 * fonts). Customer data (names, addresses, tariff names) is Greek or Latin in practice, so the
 * set is generous rather than exactly what the labels use: all of Latin-1 and Latin Extended-A
 * (names from elsewhere in Europe), the Romanian comma letters, the whole Greek and Coptic block
 * (monotonic Greek, final sigma, dialytika, the Greek question mark and ano teleia), and the
 * punctuation and symbols a bill or an address may hold.
 *
 * Not covered: polytonic Greek (Greek Extended, U+1F00–1FFF), Cyrillic, other scripts, emoji.
 * Such a character is drawn as the font's empty .notdef box by pdf-lib (the text around it
 * stays readable; the PDF does not fail).
 */
export const PDF_FONT_RANGES: ReadonlyArray<readonly [first: number, last: number]> = [
  [0x0020, 0x007e], // Basic Latin: letters, digits, ASCII punctuation
  [0x00a0, 0x00ff], // Latin-1 Supplement: accented Latin, «», ·, °, ², §, ×, ÷
  [0x0100, 0x017f], // Latin Extended-A: Central/Eastern European and Turkish letters
  [0x0218, 0x021b], // Ș ș Ț ț (Romanian)
  [0x0370, 0x03ff], // Greek and Coptic: monotonic Greek with tonos and dialytika, ; ·
  [0x2010, 0x2027], // dashes, quotation marks, bullet, ellipsis
  [0x2030, 0x2030], // ‰
  [0x2032, 0x2033], // ′ ″
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2116, 0x2116], // №
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // − (minus sign)
];

/** Every code point of PDF_FONT_RANGES, as one string (what the subsetter keeps). */
export function pdfFontCharacters(): string {
  let out = "";
  for (const [first, last] of PDF_FONT_RANGES) {
    for (let cp = first; cp <= last; cp++) out += String.fromCodePoint(cp);
  }
  return out;
}
