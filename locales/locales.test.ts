import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const root = import.meta.dirname;
const languages = ["el", "en"] as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function namespaces(lng: string): string[] {
  return readdirSync(join(root, lng))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

function load(lng: string, ns: string): Json {
  return JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Json;
}

/** Every leaf as "a.b.c" → value; arrays index like i18next ("list.0"). */
function flatten(value: Json, prefix = "", out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

test("both languages have the same namespaces", () => {
  expect(namespaces("en")).toEqual(namespaces("el"));
});

const allNamespaces = [...new Set(languages.flatMap(namespaces))];

describe.each(allNamespaces)("namespace %s", (ns) => {
  const keys = Object.fromEntries(
    languages.map((lng) => [lng, flatten(load(lng, ns))] as const),
  ) as Record<(typeof languages)[number], Map<string, Json>>;

  test.each([
    ["el", "en"],
    ["en", "el"],
  ] as const)("every key in %s exists in %s", (from, to) => {
    const missing = [...keys[from].keys()].filter((k) => !keys[to].has(k));
    expect(missing, `keys of ${from}/${ns}.json missing in ${to}/${ns}.json`).toEqual([]);
  });

  test.each(languages)("%s has no empty or non-string values", (lng) => {
    const bad = [...keys[lng].entries()]
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k]) => k);
    expect(bad, `empty or non-string values in ${lng}/${ns}.json`).toEqual([]);
  });
});
