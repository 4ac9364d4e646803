import type { TFunction } from "i18next";

/**
 * The browser's translator: the part of i18next the portal's components use, in ~1 KB instead of
 * i18next's ~15 KB gzip (JS ≤ 140 KB per page). The server renders with i18next itself
 * (remix-i18next); `i18n-lite.test.ts` holds this to the same output as i18next for every key of
 * every locale file, with and without counts and values, so hydration sees identical text.
 *
 * Supported, as the portal writes its translations: nested keys (`a.b.c`), `ns:key` prefixes and
 * the `ns` option, a fallback namespace (`common`), arrays of keys (first found), `defaultValue`,
 * plurals by `count` (`key_one`, `key_other`, … after Intl.PluralRules, `key_zero` for 0),
 * `{{value}}` interpolation without escaping (React escapes), a missing value left as written.
 * Not supported (unused here): nesting `$t()`, formats `{{x, format}}`, context, returnObjects.
 */

type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & {
  ns?: string | readonly string[];
  defaultValue?: unknown;
  count?: unknown;
};

export interface LiteOptions {
  lng: string;
  defaultNS: string;
  fallbackNS: string;
  /** The namespaces the server embedded in the page: `{ [namespace]: resources }`. */
  resources: Record<string, Resources>;
  /** Those of them embedded in part (some top-level keys only): loaded whole when asked for. */
  partial?: readonly string[];
  /** Loads a namespace the page did not embed (the cacheable /locales route). */
  load(lng: string, ns: string): Promise<Resources>;
}

const INTERPOLATION = /\{\{\s*([^}\s]+)\s*\}\}/g;

function lookup(tree: unknown, key: string): unknown {
  if (tree === null || typeof tree !== "object") return undefined;
  const record = tree as Record<string, unknown>;
  if (key in record) return record[key];
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(INTERPOLATION, (match, name: string) => {
    const value = lookup(options, name);
    return value === undefined || value === null ? match : String(value);
  });
}

export class LiteI18n {
  language: string;
  readonly options: { defaultNS: string; fallbackNS: string };
  private readonly store: Record<string, Record<string, Resources>>;
  private readonly load: LiteOptions["load"];
  private readonly listeners = new Set<(lng: string) => void>();
  private readonly loads = new Map<string, Promise<void>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  /** `lng/ns` of the namespaces held in part. */
  private readonly partial: Set<string>;

  constructor(options: LiteOptions) {
    this.language = options.lng;
    this.options = { defaultNS: options.defaultNS, fallbackNS: options.fallbackNS };
    this.store = { [options.lng]: { ...options.resources } };
    this.load = options.load;
    this.partial = new Set((options.partial ?? []).map((ns) => `${options.lng}/${ns}`));
  }

  on(_event: "languageChanged", listener: (lng: string) => void) {
    this.listeners.add(listener);
  }

  off(_event: "languageChanged", listener: (lng: string) => void) {
    this.listeners.delete(listener);
  }

  getResourceBundle(lng: string, ns: string): Resources | undefined {
    return this.store[lng]?.[ns];
  }

  hasLoadedNamespace(ns: string, lng = this.language): boolean {
    return this.store[lng]?.[ns] !== undefined;
  }

  /** The namespace is here only in part (some top-level keys the server embedded). */
  isPartial(ns: string, lng = this.language): boolean {
    return this.partial.has(`${lng}/${ns}`);
  }

  loadNamespaces(namespaces: string | readonly string[], lng = this.language): Promise<void> {
    const list = typeof namespaces === "string" ? [namespaces] : namespaces;
    return Promise.all(
      list.map((ns) => {
        const id = `${lng}/${ns}`;
        if (this.hasLoadedNamespace(ns, lng) && !this.partial.has(id)) return undefined;
        let pending = this.loads.get(id);
        if (!pending) {
          pending = this.load(lng, ns).then(
            (resources) => {
              (this.store[lng] ??= {})[ns] = resources;
              this.partial.delete(id);
              this.loads.delete(id);
            },
            (error: unknown) => {
              this.loads.delete(id);
              throw error;
            },
          );
          this.loads.set(id, pending);
        }
        return pending;
      }),
    ).then(() => undefined);
  }

  /** Switches language once the namespaces in use are there in the new one. */
  async changeLanguage(lng: string): Promise<void> {
    if (lng === this.language) return;
    const inUse = Object.keys(this.store[this.language] ?? {});
    await this.loadNamespaces(inUse, lng).catch(() => undefined);
    this.language = lng;
    for (const listener of this.listeners) listener(lng);
  }

  getFixedT(lng: string | null, ns?: string | null): TFunction {
    const t = (key: string | readonly string[], options?: Options | string) =>
      this.translate(
        key,
        typeof options === "string" ? { defaultValue: options } : options,
        lng ?? this.language,
        ns ?? this.options.defaultNS,
      );
    return t as unknown as TFunction;
  }

  private pluralRules(lng: string): Intl.PluralRules {
    let rules = this.plurals.get(lng);
    if (!rules) this.plurals.set(lng, (rules = new Intl.PluralRules(lng)));
    return rules;
  }

  private find(lng: string, namespaces: readonly string[], key: string, options?: Options) {
    const count = options?.count;
    const suffixes: string[] = [];
    if (typeof count === "number") {
      if (count === 0) suffixes.push("_zero");
      suffixes.push(`_${this.pluralRules(lng).select(count)}`);
    }
    suffixes.push("");
    for (const ns of namespaces) {
      const tree = this.store[lng]?.[ns];
      for (const suffix of suffixes) {
        const value = lookup(tree, key + suffix);
        if (typeof value === "string") return value;
      }
    }
    return undefined;
  }

  private translate(
    keys: string | readonly string[],
    options: Options | undefined,
    lng: string,
    ns: string,
  ): string {
    const list = typeof keys === "string" ? [keys] : keys;
    const optionNs = options?.ns;
    const base =
      optionNs === undefined ? [ns] : typeof optionNs === "string" ? [optionNs] : optionNs;
    for (const full of list) {
      const colon = full.indexOf(":");
      const prefixed = colon > 0 && !full.slice(0, colon).includes(".");
      const key = prefixed ? full.slice(colon + 1) : full;
      const own = prefixed ? [full.slice(0, colon)] : base;
      const namespaces = own.includes(this.options.fallbackNS)
        ? own
        : [...own, this.options.fallbackNS];
      const value = this.find(lng, namespaces, key, options);
      if (value !== undefined) return interpolate(value, options);
      const held = namespaces.find((n) => this.partial.has(`${lng}/${n}`));
      if (held !== undefined && options?.defaultValue === undefined && list.length === 1) {
        // A page's handle.i18n is missing the part this key lives in: say so (tests fail on it).
        console.error(`i18n: "${full}" is not in the part of "${held}" this page embeds`);
      }
    }
    const fallback = options?.defaultValue;
    if (typeof fallback === "string") return interpolate(fallback, options);
    const last = list[list.length - 1] ?? "";
    const colon = last.indexOf(":");
    return colon > 0 && !last.slice(0, colon).includes(".") ? last.slice(colon + 1) : last;
  }
}
