import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "../locales";
import { LiteI18n } from "./i18n-lite";

/**
 * The browser translates with LiteI18n, the server with i18next: every string a page shows must
 * come out the same from both, or hydration would see different text. Every key of every locale
 * file, in both languages, through both, with and without counts and interpolation values.
 */
type Tree = Record<string, unknown>;

function leaves(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

async function server(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources,
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function browser(lng: string) {
  return new LiteI18n({
    lng,
    defaultNS: "common",
    fallbackNS: "common",
    resources: resources[lng as keyof typeof resources] as Record<string, Tree>,
    load: () => Promise.reject(new Error("everything is embedded here")),
  });
}

const languages = Object.keys(resources);

describe("LiteI18n gives what i18next gives", () => {
  for (const lng of languages) {
    it(`every key of every namespace (${lng})`, async () => {
      const reference = await server(lng);
      const lite = browser(lng);
      const bundles = resources[lng as keyof typeof resources] as Record<string, Tree>;
      let compared = 0;
      const differences: string[] = [];
      const compare = (ns: string, key: string | string[], options?: Record<string, unknown>) => {
        const expected: unknown = reference.getFixedT(lng, ns)(key as string, options);
        const actual: unknown = lite.getFixedT(lng, ns)(key as string, options as never);
        compared++;
        if (actual !== expected) {
          differences.push(
            `${ns} ${JSON.stringify(key)} ${JSON.stringify(options)}: ${actual} ≠ ${expected}`,
          );
        }
      };
      for (const [ns, tree] of Object.entries(bundles)) {
        for (const leaf of leaves(tree)) {
          const text = String(lookupLeaf(tree, leaf));
          const names = [...text.matchAll(/\{\{\s*([^}\s,]+)\s*\}\}/g)].map((m) => m[1] ?? "");
          const values = Object.fromEntries(names.map((name, i) => [name, `v${i}`]));
          const key = leaf.replace(PLURAL, "");
          compare(ns, key);
          compare(ns, key, values);
          compare("common", `${ns}:${key}`, values);
          if (PLURAL.test(leaf)) {
            for (const count of [0, 1, 2, 5, 21]) compare(ns, key, { ...values, count });
          }
        }
      }
      // What components do besides: fallback lists, defaultValue, the ns option, unknown keys.
      compare("forms", ["nothing.here", "errors.required"]);
      compare("common", "no.such.key", { defaultValue: "Προεπιλογή {{x}}", x: 3 });
      compare("common", "no.such.key");
      compare("common", "bills:no.such.key");
      compare("common", "siteSuffix", { ns: "common" });
      expect(differences).toEqual([]);
      expect(compared).toBeGreaterThan(500);
    });
  }
});

function lookupLeaf(tree: Tree, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}
