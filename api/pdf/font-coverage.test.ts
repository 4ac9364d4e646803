import fontkit from "@pdf-lib/fontkit";
// The full font, for comparison only (Vite inlines it as a data URL in the test, never in the Worker).
import fullRegularUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline";
import { describe, expect, it } from "vitest";
import { generateSeed } from "../../seed/generate";
import { PDF_FONT_RANGES, pdfFontCharacters } from "./font-coverage";
import { pdfFonts } from "./fonts";
import { pdfAmount, pdfDate } from "./invoice-pdf";
import { pdfLabels } from "./labels";

const fonts = pdfFonts();
const cut = { regular: fontkit.create(fonts.regular), bold: fontkit.create(fonts.bold) };

/** Every string inside a value (labels are nested records). */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** The characters of `texts` that a cut font has no glyph for, with where they came from. */
function missing(texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp < 0x20) continue; // control characters are never drawn
      for (const [weight, font] of Object.entries(cut)) {
        if (!font.hasGlyphForCodePoint(cp)) {
          out.add(`${weight} U+${cp.toString(16).padStart(4, "0")} "${ch}" in "${text}"`);
        }
      }
    }
  }
  return [...out];
}

describe("#16 the invoice PDF's cut fonts", () => {
  it("#16 every PDF label in both languages encodes with the subset fonts", () => {
    const texts = [...strings(pdfLabels("el")), ...strings(pdfLabels("en"))];
    expect(texts.length).toBeGreaterThan(60);
    // What the layout adds around labels and values: periods, amounts, dates, separators.
    texts.push(
      `${pdfDate("2026-03-05")} – ${pdfDate(null)}`,
      `${pdfAmount(-1234.5)}\u00a0€`,
      " · ",
    );
    expect(missing(texts)).toEqual([]);
  });

  it("#16 every customer name, address and tariff of the demo data encodes with the subset fonts", async () => {
    const { tables } = await generateSeed({ today: "2026-10-15" });
    const texts = [
      ...tables.customers.flatMap(strings),
      ...tables.meters.flatMap(strings),
      ...tables.invoices.flatMap(strings),
    ];
    expect(tables.customers.length).toBeGreaterThan(5);
    expect(missing(texts)).toEqual([]);
  });

  it("#16 keeps every character of the coverage that full DejaVu Sans has (nothing lost in the cut)", () => {
    const full = fontkit.create(
      Uint8Array.from(atob(fullRegularUrl.slice(fullRegularUrl.indexOf(",") + 1)), (c) =>
        c.charCodeAt(0),
      ),
    );
    const lost = [...pdfFontCharacters()]
      .map((ch) => ch.codePointAt(0) ?? 0)
      .filter((cp) => full.hasGlyphForCodePoint(cp) && !cut.regular.hasGlyphForCodePoint(cp));
    expect(lost.map((cp) => cp.toString(16))).toEqual([]);
    // Greek with tonos, dialytika and final sigma, Latin-1, €: the core of the set.
    expect(missing(["ΆΈΉΊΌΎΏΐΰϊϋς άέήίόύώ ÀÉÎÕÜßçñ €–“”…"])).toEqual([]);
    expect(PDF_FONT_RANGES.length).toBeGreaterThan(0);
  });

  it("#16 the fonts are cut: each at most 64 KB, not DejaVu's 750", () => {
    expect(fonts.regular.byteLength).toBeLessThan(64 * 1024);
    expect(fonts.bold.byteLength).toBeLessThan(64 * 1024);
  });
});
