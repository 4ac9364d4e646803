import { createCookie } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { resources } from "../../locales";
import { defaultLanguage, languages } from "../i18n";

/** The chosen language survives across pages; `?lng=` on any URL overrides it. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    cookie: localeCookie,
    searchParamKey: "lng",
    order: ["searchParams", "cookie"],
  },
  i18next: {
    resources,
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
