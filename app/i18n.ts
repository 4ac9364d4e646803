/** Languages, namespaces and the resource bundle shared by server and client. */
export const languages = ["el", "en"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "el";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * The language after sign-in. A language chosen before signing in (the login page's
 * switch, i.e. the `lng` cookie, or a `?lng=` on the sign-in request) is kept: a customer who
 * switched the login page to English is not handed a Greek portal because the profile says
 * Greek. The profile's saved language applies when nothing was chosen (Greek when it has none).
 * `prompt` is the chosen language when it differs from the saved one: the portal then offers,
 * once, to save it to the profile.
 */
export function signInLanguage(
  chosen: unknown,
  saved: unknown,
): { language: Language; prompt: Language | null } {
  const profile = isLanguage(saved) ? saved : defaultLanguage;
  if (!isLanguage(chosen)) return { language: profile, prompt: null };
  return { language: chosen, prompt: chosen === profile ? null : chosen };
}

/** The language after sign-out (spec §4): back to the saved one, or Greek. */
export function signOutLanguage(saved: unknown): Language {
  return isLanguage(saved) ? saved : defaultLanguage;
}
