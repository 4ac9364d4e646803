/** Languages, namespaces and the resource bundle shared by server and client. */
export const languages = ["el", "en"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "el";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}
