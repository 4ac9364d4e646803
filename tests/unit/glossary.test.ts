import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import glossary from "../../locales/glossary.json";

/**
 * #35 §4 One name for each thing (locales/glossary.json, docs/glossary.md): no text a customer
 * reads uses another name for a glossary term. Read: every value of locales/el/*.json and
 * locales/en/*.json, the web manifest, the seed's texts and the API's email, SMS, message and PDF
 * texts. A finding names the file, the key (or line), the other name found and the one to use.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

type Lang = "el" | "en";

interface Term {
  id: string;
  el: string;
  en: string;
  not: Record<Lang, string[]>;
}

/** Lower case, without accents, final sigma as sigma: "Μετρήσεις" and "μετρησεις" are one word. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ς/g, "σ");
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern's words as whole words; a word ending in * takes any ending (Greek inflection). */
export function matcher(pattern: string): RegExp {
  const words = fold(pattern)
    .trim()
    .split(/\s+/)
    .map((word) => (word.endsWith("*") ? `${escape(word.slice(0, -1))}\\p{L}*` : escape(word)));
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join("\\s+")}(?![\\p{L}\\p{N}])`, "u");
}

const TERMS = (glossary.terms as Term[]).map((term) => ({
  ...term,
  patterns: {
    el: term.not.el.map((p) => ({ pattern: p, re: matcher(p) })),
    en: term.not.en.map((p) => ({ pattern: p, re: matcher(p) })),
  },
}));

interface Text {
  file: string;
  key: string;
  lang: Lang;
  value: string;
}

/** Every string of a JSON value with its dotted key. */
function jsonTexts(file: string, lang: Lang, value: unknown, key = ""): Text[] {
  if (typeof value === "string") return [{ file, key, lang, value }];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      jsonTexts(file, lang, v, key ? `${key}.${k}` : k),
    );
  }
  return [];
}

const GREEK = /\p{Script=Greek}/u;

/**
 * The texts of a source file: its double-quoted and template strings that hold a space (a word
 * alone is a code, such as the invoice type "Clearance"), comments left out. Greek letters make a
 * text Greek; otherwise it is English.
 */
function codeTexts(file: string): Text[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const texts: Text[] = [];
  const lines = source.split("\n");
  let inBlock = false;
  lines.forEach((line, index) => {
    let code = line;
    if (inBlock) {
      const end = code.indexOf("*/");
      if (end < 0) return;
      code = code.slice(end + 2);
      inBlock = false;
    }
    code = code.replace(/\/\*.*?\*\//g, "");
    const start = code.indexOf("/*");
    if (start >= 0) {
      code = code.slice(0, start);
      inBlock = true;
    }
    if (/^\s*\/\//.test(code)) return;
    for (const match of code.matchAll(/"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
      const value = match[1] ?? match[2] ?? "";
      if (!/\s/.test(value.trim())) continue;
      texts.push({ file, key: `line ${index + 1}`, lang: GREEK.test(value) ? "el" : "en", value });
    }
  });
  return texts;
}

/** Files that exist (a text file another change adds or removes is read when it is there). */
const existing = (files: readonly string[]) => files.filter((f) => existsSync(path.join(ROOT, f)));

const list = (dir: string, test: (name: string) => boolean) =>
  readdirSync(path.join(ROOT, dir))
    .filter(test)
    .map((name) => `${dir}/${name}`);

const localeTexts = (lang: Lang) =>
  list(`locales/${lang}`, (n) => n.endsWith(".json")).flatMap((file) =>
    jsonTexts(file, lang, JSON.parse(readFileSync(path.join(ROOT, file), "utf8"))),
  );

/** The API's texts people read: emails, SMS, inbox messages, the PDFs' labels. */
const API_TEXT_FILES = existing([
  "api/services/outbox.ts",
  "api/applications/emails.ts",
  "api/contact/messages.ts",
  "api/requests/messages.ts",
  "api/payments/emails.ts",
  "api/people/messages.ts",
  "api/pdf/labels.ts",
  "api/pdf/receipt-pdf.ts",
  ...list("api/messages", (n) => n.endsWith(".ts") && !n.endsWith(".test.ts")),
]);

const SEED_FILES = list("seed", (n) => n.endsWith(".ts") && !n.endsWith(".test.ts"));

function manifestTexts(): Text[] {
  const file = "public/manifest.webmanifest";
  const manifest = JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as Record<
    string,
    unknown
  >;
  return (["name", "short_name", "description"] as const).flatMap((key) => {
    const value = manifest[key];
    return typeof value === "string"
      ? [{ file, key, lang: GREEK.test(value) ? ("el" as const) : ("en" as const), value }]
      : [];
  });
}

/** "file key: found «other name» (term: use «the name»)" for each other name in the texts. */
export function findings(texts: readonly Text[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const folded = fold(text.value);
    for (const term of TERMS) {
      for (const { pattern, re } of term.patterns[text.lang]) {
        const hit = re.exec(folded);
        if (!hit) continue;
        found.push(
          `${text.file} ${text.key}: "${hit[0]}" (${pattern}) is another name for ` +
            `"${term[text.lang]}" (${term.id})`,
        );
      }
    }
  }
  return found;
}

describe("#35 the glossary", () => {
  it("matches whole words, any case and accent, and Greek endings", () => {
    const re = matcher("μετρησ*");
    for (const word of ["Μέτρηση", "μετρήσεις", "ΜΕΤΡΗΣΕΩΝ", "της μέτρησης."]) {
      expect(re.test(fold(word)), word).toBe(true);
    }
    expect(re.test(fold("μετρητής"))).toBe(false);
    expect(re.test(fold("καταμέτρηση"))).toBe(false);
    expect(matcher("business partner*").test(fold("Business partners"))).toBe(true);
    expect(matcher("stopped").test(fold("unstopped"))).toBe(false);
    expect(
      findings([{ file: "x.json", key: "a.b", lang: "el", value: "Οι μετρήσεις σας" }]),
    ).toEqual([`x.json a.b: "μετρησεισ" (μετρησ*) is another name for "ένδειξη" (reading)`]);
  });

  it("names each term in both languages, the name itself never among its other names", () => {
    for (const term of TERMS) {
      expect(term.el.trim(), term.id).not.toBe("");
      expect(term.en.trim(), term.id).not.toBe("");
      for (const lang of ["el", "en"] as const) {
        for (const { re } of term.patterns[lang])
          expect(re.test(fold(term[lang])), term.id).toBe(false);
      }
    }
  });

  it("docs/glossary.md lists every term with its two names", () => {
    const doc = readFileSync(path.join(ROOT, "docs/glossary.md"), "utf8");
    for (const term of TERMS) {
      const row = [term.id, term.el, term.en].map(escape).join("\\s*\\|\\s*");
      expect(doc, term.id).toMatch(new RegExp(`\\|\\s*${row}\\s*\\|`));
    }
  });

  it.each(["el", "en"] as const)("locales/%s/*.json use one name per term", (lang) => {
    expect(findings(localeTexts(lang))).toEqual([]);
  });

  it("the manifest, the seed's texts and the API's email, SMS, message and PDF texts too", () => {
    const texts = [
      ...manifestTexts(),
      ...SEED_FILES.flatMap(codeTexts),
      ...API_TEXT_FILES.flatMap(codeTexts),
    ];
    expect(texts.length).toBeGreaterThan(100);
    expect(findings(texts)).toEqual([]);
  });
});
