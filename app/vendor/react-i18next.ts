import type { TFunction } from "i18next";
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useReducer,
  type ReactNode,
} from "react";
import { LiteI18n, type LiteOptions } from "../i18n-lite";

/**
 * The part of react-i18next this portal uses (useTranslation, I18nextProvider, initReactI18next),
 * over i18next on the server and its browser twin (app/i18n-lite.ts), with react-i18next 17's
 * lookups: `t` is `i18n.getFixedT(language, namespaces[0])` (react-i18next's extra `scopeNs` only
 * matters for selector-function keys, which the portal does not use). vite.config.ts,
 * vitest.config.ts and tsconfig map the `react-i18next` import here; the package is not installed.
 *
 * Why: the budget of 140 KB of JavaScript per page (ADR 0007). react-i18next's general
 * machinery (selectors, key prefixes, HOCs, <Trans>, a copy of the i18n instance per component
 * on the server) cost ~2 KB gzip on every page and a share of each server render; the portal
 * needs none of it. Behaviour kept: a component re-renders when the language changes, and
 * suspends while a namespace the page has not embedded loads from /locales (the nearest Suspense
 * boundary, as with `react: { useSuspense: true }`).
 */

/**
 * What components use of the translator: i18next's instance on the server, app/i18n-lite.ts in
 * the browser.
 */
export interface I18n {
  language: string;
  /** `resources`: i18next's static bundle (the server); the browser's translator has none. */
  options: {
    defaultNS?: string | false | readonly string[];
    fallbackNS?: string | false | readonly string[];
    resources?: object;
  };
  on(event: "languageChanged", listener: (lng: string) => void): unknown;
  off(event: "languageChanged", listener: (lng: string) => void): unknown;
  getFixedT(lng: string, ns: string): TFunction;
  hasLoadedNamespace(ns: string): boolean;
  loadNamespaces(ns: string[]): Promise<unknown>;
  getResourceBundle(lng: string, ns: string): unknown;
  changeLanguage(lng: string): Promise<unknown>;
}

let defaultInstance: I18n | undefined;
const I18nContext = createContext<I18n | undefined>(undefined);

/** `i18next.use(initReactI18next)`: remembers the instance for components outside a provider. */
export const initReactI18next = {
  type: "3rdParty" as const,
  init(instance: I18n) {
    defaultInstance = instance;
  },
};

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** One `t` per instance, language and namespace: a stable identity across renders and components. */
const fixed = new WeakMap<I18n, Map<string, TFunction>>();

function fixedT(i18n: I18n, lng: string, ns: string): TFunction {
  let byKey = fixed.get(i18n);
  if (!byKey) fixed.set(i18n, (byKey = new Map()));
  const id = `${lng}|${ns}`;
  let t = byKey.get(id);
  if (!t) {
    t = i18n.getFixedT(lng, ns);
    const { resources, defaultNS } = i18n.options;
    // i18next keeps `fallbackNS: "common"` as ["common"]; the lite translator takes one.
    const fallbacks = i18n.options.fallbackNS;
    const fallbackNS =
      Array.isArray(fallbacks) && fallbacks.length === 1 ? fallbacks[0] : fallbacks;
    if (resources && typeof defaultNS === "string" && typeof fallbackNS === "string") {
      t = remembering(serverT(resources, lng, ns, defaultNS, fallbackNS) ?? t, resources, id);
    }
    byKey.set(id, t);
  }
  return t;
}

/**
 * The server's components translate with the browser's translator (app/i18n-lite.ts) over the
 * same static bundle: the text must be the browser's for hydration anyway, and
 * `app/i18n-lite.test.ts` holds it to i18next's output for every key of every locale file, with
 * and without counts and values. i18next's general lookup was ~9 % of a fresh overview's CPU.
 * One translator per bundle and language per isolate; loaders keep i18next itself
 * (`getInstance(context)`).
 */
const liteByResources = new WeakMap<object, Map<string, LiteI18n>>();

function serverT(
  resources: object,
  lng: string,
  ns: string,
  defaultNS: string,
  fallbackNS: string,
): TFunction | undefined {
  const bundles = (resources as Record<string, unknown>)[lng];
  if (!bundles || typeof bundles !== "object") return undefined;
  // A namespace outside the static bundle (loaded later through a backend) stays with i18next,
  // whose translator reads its live store.
  if (!(ns in bundles)) return undefined;
  let byLanguage = liteByResources.get(resources);
  if (!byLanguage) liteByResources.set(resources, (byLanguage = new Map()));
  const id = `${lng}|${defaultNS}|${fallbackNS}`;
  let lite = byLanguage.get(id);
  if (!lite) {
    lite = new LiteI18n({
      lng,
      defaultNS,
      fallbackNS,
      resources: bundles as LiteOptions["resources"],
      load: () => Promise.reject(new Error("every namespace is in the server's bundle")),
    });
    byLanguage.set(id, lite);
  }
  return lite.getFixedT(lng, ns);
}

/**
 * The server's lookups without options, remembered per isolate: the bundle is static, so `t(key)`
 * for a language and namespace always gives the same text. Calls with options (counts, values,
 * defaults) are translated each time. The browser's translator has no `options.resources` (it
 * loads namespaces later) and is not wrapped.
 */
const remembered = new WeakMap<object, Map<string, Map<string, unknown>>>();
/** Keys come from the code, so a language and namespace have a few hundred; this is a guard. */
const REMEMBERED_KEYS = 5_000;

function remembering(t: TFunction, resources: object, id: string): TFunction {
  let byId = remembered.get(resources);
  if (!byId) remembered.set(resources, (byId = new Map()));
  let results = byId.get(id);
  if (!results) byId.set(id, (results = new Map()));
  const known = results;
  const lookup = t as unknown as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]): unknown => {
    const key = args[0];
    if (args.length !== 1 || typeof key !== "string") return lookup(...args);
    let text = known.get(key);
    if (text === undefined) {
      text = lookup(key);
      if (known.size < REMEMBERED_KEYS) known.set(key, text);
    }
    return text;
  };
  return wrapped as unknown as TFunction;
}

/** One load per language and namespace list, shared by every component waiting for it. */
const loading = new Map<string, Promise<void>>();

export interface UseTranslationResponse {
  t: TFunction;
  i18n: I18n;
  ready: boolean;
}

export function useTranslation(ns?: string | readonly string[]): UseTranslationResponse {
  const i18n = useContext(I18nContext) ?? defaultInstance;
  if (!i18n) throw new Error("useTranslation: no i18next instance (I18nextProvider)");
  const defaultNs = i18n.options.defaultNS;
  const fallback =
    typeof defaultNs === "string" ? defaultNs : ((defaultNs || undefined)?.[0] ?? "translation");
  const list = ns === undefined ? [fallback] : typeof ns === "string" ? [ns] : [...ns];
  const key = list.join(" ");
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const onChange = () => rerender();
    i18n.on("languageChanged", onChange);
    return () => {
      i18n.off("languageChanged", onChange);
    };
  }, [i18n]);
  const lng = i18n.language;
  const first = list[0] ?? fallback;
  const t = fixedT(i18n, lng, first);
  if (!list.every((n) => i18n.hasLoadedNamespace(n))) {
    const id = `${lng}|${key}`;
    let pending = loading.get(id);
    if (!pending) {
      pending = i18n
        .loadNamespaces(list)
        .then(() => undefined)
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    // Suspense: React renders again once the namespaces are in.
    throw pending;
  }
  return { t, i18n, ready: true };
}
