import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Toast } from "./Toast";

// No translations loaded: `t` returns the keys, which is all this test needs.
const i18n = i18next.createInstance();
await i18n.init({ lng: "el", resources: { el: { common: {} } }, defaultNS: "common" });
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe("Toast", () => {
  it("announces success politely and errors assertively, with a no-JS dismiss control", () => {
    const success = render(<Toast type="success" message="Οι αλλαγές αποθηκεύτηκαν." />);
    expect(success).toContain('role="status"');
    // inside a landmark of its own (axe region), named by toast.label.
    expect(success).toMatch(/^<section class="toast-region" aria-label="toast\.label">/);
    expect(success).toContain("Οι αλλαγές αποθηκεύτηκαν.");
    expect(success).toMatch(/<input type="checkbox" id="([^"]+)"[^>]*class="toast-toggle/);
    const id = /id="([^"]+)"/.exec(success)?.[1];
    expect(success).toContain(`for="${id}"`);

    const error = render(<Toast type="error" message="Σφάλμα" />);
    expect(error).toContain('role="alert"');
    expect(error).toContain("toast--error");
  });
});
