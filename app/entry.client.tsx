import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadNamespace } from "./i18n-client";
import { LiteI18n } from "./i18n-lite";
import { registerServiceWorker } from "./sw-register";

// The server embeds exactly the namespaces the first page uses; others load on navigation.
const script = document.getElementById("i18n-resources");
const embedded = script?.textContent ?? "{}";
const lng = document.documentElement.lang || "el";

// The server translates with i18next; the browser with its lighter twin (app/i18n-lite.ts).
const i18n = new LiteI18n({
  lng,
  defaultNS: "common",
  fallbackNS: "common",
  resources: JSON.parse(embedded) as Record<string, Record<string, unknown>>,
  // Namespaces embedded in part (root.tsx, handle.i18n "ns.part"): the rest loads on demand.
  partial: script?.dataset.partial?.split(" ") ?? [],
  load: loadNamespace,
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});

registerServiceWorker();
