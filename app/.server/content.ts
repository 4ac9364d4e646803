import type { RouterContextProvider } from "react-router";
import { getInstance } from "../middleware/i18next";

/**
 * Long texts (legal pages, FAQ, reading instructions) are translated in the loader and sent as
 * loader data for that page only. Listing their namespace in `handle.i18n` instead would embed
 * every page's text into every page that uses the namespace.
 */
export function translatedContent<T>(context: Readonly<RouterContextProvider>, key: string): T {
  return getInstance(context).t(key, { returnObjects: true }) as T;
}

export function translate(
  context: Readonly<RouterContextProvider>,
  key: string,
  options?: Record<string, unknown>,
): string {
  return getInstance(context).t(key, options) as string;
}
