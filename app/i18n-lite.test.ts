import i18next from "i18next";
import { describe, expect, it, vi } from "vitest";
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

describe("#16 a namespace embedded in part", () => {
  const el = resources.el as Record<string, Tree>;
  const auth = el.auth as Tree;
  function partialAuth(load: (lng: string, ns: string) => Promise<Tree>) {
    return new LiteI18n({
      lng: "el",
      defaultNS: "common",
      fallbackNS: "common",
      resources: { common: el.common as Tree, auth: { login: auth.login } },
      partial: ["auth"],
      load,
    });
  }

  it("translates its part, counts as loaded for components, and loads whole when asked", async () => {
    const loads: string[] = [];
    const lite = partialAuth((lng, ns) => {
      loads.push(`${lng}/${ns}`);
      return Promise.resolve(auth);
    });
    expect(lite.getFixedT("el", "auth")("login.heading")).toBe(lookupLeaf(auth, "login.heading"));
    expect(lite.hasLoadedNamespace("auth")).toBe(true);
    expect(lite.isPartial("auth", "el")).toBe(true);
    await lite.loadNamespaces("auth");
    expect(loads).toEqual(["el/auth"]);
    expect(lite.isPartial("auth", "el")).toBe(false);
    expect(lite.getFixedT("el", "auth")("forgot.heading")).toBe(lookupLeaf(auth, "forgot.heading"));
    await lite.loadNamespaces("auth");
    expect(loads).toEqual(["el/auth"]);
  });

  it("says so on the console when a key is outside the embedded part", () => {
    const lite = partialAuth(() => Promise.reject(new Error("not here")));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(lite.getFixedT("el", "auth")("forgot.heading")).toBe("forgot.heading");
      // A list of keys or a default value is a deliberate fallback: no message.
      lite.getFixedT("el", "auth")(["forgot.heading", "login.heading"]);
      lite.getFixedT("el", "auth")("forgot.heading", { defaultValue: "x" });
      expect(error.mock.calls).toEqual([
        [`i18n: "forgot.heading" is not in the part of "auth" this page embeds`],
      ]);
    } finally {
      error.mockRestore();
    }
  });
});
