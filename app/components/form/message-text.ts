import { useTranslation } from "react-i18next";

/** True when `key` ("a.b.c") names a string of the bundle. */
function hasKey(bundle: unknown, key: string): boolean {
  let node = bundle;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

/**
 * The text of a form message key, as the error summary and the fields' errors show it. `t` looks
 * a plain key up in the first namespace only (and "common"), so a plain key ("validate.require")
 * is looked up in each of `ns` in turn; a key with its namespace ("people:errors.x") in that one.
 * `find` answers the full key, or null when no namespace has it.
 */
export function useMessageText(ns: string | readonly string[]) {
  const namespaces = typeof ns === "string" ? [ns] : [...ns];
  const { t, i18n } = useTranslation(namespaces);
  const find = (key: string): string | null => {
    const [prefix, rest] = key.includes(":") ? key.split(":", 2) : [null, key];
    const where = prefix ? [prefix] : namespaces;
    const found = where.find((n) => hasKey(i18n.getResourceBundle(i18n.language, n), rest ?? ""));
    return found ? `${found}:${rest}` : null;
  };
  const text = (key: string) => t(find(key) ?? key);
  return { t, find, text };
}
