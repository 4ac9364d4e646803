import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFObject,
} from "pdf-lib";

/**
 * The text a PDF of the portal shows, one string per drawn text run, in drawing order: for tests
 * that read a bill's PDF as a person would (unit tests of api/pdf, the e2e download). pdf-lib
 * writes text as glyph ids of a subset font (`<0012002A> Tj`); each font's ToUnicode map turns
 * them back into characters. Enough for pdf-lib's output, not a general PDF text extractor.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const runs: string[] = [];
  for (const page of doc.getPages()) {
    const maps = new Map<string, Map<number, string>>();
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.lookup(PDFName.of("ToUnicode"));
      maps.set(
        name.asString(),
        toUnicode instanceof PDFRawStream ? cmap(streamText(toUnicode)) : new Map(),
      );
    }
    let current = new Map<number, string>();
    for (const content of contentStreams(doc, page.node.Contents())) {
      for (const m of content.matchAll(/(\/[^\s/[\]<>()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) current = maps.get(m[1]) ?? new Map();
        else runs.push(glyphs(m[2] ?? "", current));
      }
    }
  }
  return runs;
}

/** The runs joined by newlines: for `toContain`. */
export async function pdfPlainText(bytes: Uint8Array): Promise<string> {
  return (await pdfText(bytes)).join("\n");
}

function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

function streamText(stream: PDFRawStream): string {
  return latin1(decodePDFRawStream(stream).decode());
}

function contentStreams(doc: PDFDocument, contents: PDFObject | undefined): string[] {
  if (!contents) return [];
  const object = doc.context.lookup(contents);
  if (object instanceof PDFRawStream) return [streamText(object)];
  if (object instanceof PDFArray) {
    return object.asArray().flatMap((item) => contentStreams(doc, item));
  }
  return [];
}

/** UTF-16BE hex → string. */
const utf16 = (hex: string) => {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** A ToUnicode CMap's bfchar and bfrange entries: glyph id → text. */
function cmap(source: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of (block[1] ?? "").matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(parseInt(from ?? "0", 16), utf16(to ?? ""));
    }
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? "";
    for (const [, lo, hi, start] of body.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const first = parseInt(start ?? "0", 16);
      for (let g = parseInt(lo ?? "0", 16), k = 0; g <= parseInt(hi ?? "0", 16); g++, k++) {
        map.set(g, String.fromCharCode(first + k));
      }
    }
  }
  return map;
}

/** A Tj operand of two-byte glyph ids → text. */
function glyphs(hex: string, map: Map<number, string>): string {
  let out = "";
  for (let i = 0; i + 4 <= hex.length; i += 4)
    out += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\uFFFD";
  return out;
}
