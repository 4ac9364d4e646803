import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { httpBackend } from "./i18n-client";

// The server embeds exactly the namespaces the first page uses; others load on navigation.
const embedded = document.getElementById("i18n-resources")?.textContent ?? "{}";
const lng = document.documentElement.lang || "el";

await i18next
  .use(initReactI18next)
  .use(httpBackend)
  .init({
    lng,
    fallbackLng: false,
    defaultNS: "common",
    fallbackNS: "common",
    ns: [],
    partialBundledLanguages: true,
    resources: { [lng]: JSON.parse(embedded) as Record<string, Record<string, unknown>> },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
