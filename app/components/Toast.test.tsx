import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Toast } from "./Toast";

describe("Toast", () => {
  it("announces success politely and errors assertively, with a no-JS dismiss control", () => {
    // Without an i18next instance react-i18next warns once and returns keys: fine here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const success = renderToStaticMarkup(
      <Toast type="success" message="Οι αλλαγές αποθηκεύτηκαν." />,
    );
    expect(success).toContain('role="status"');
    expect(success).toContain("Οι αλλαγές αποθηκεύτηκαν.");
    expect(success).toMatch(/<input type="checkbox" id="([^"]+)"[^>]*class="toast-toggle/);
    const id = /id="([^"]+)"/.exec(success)?.[1];
    expect(success).toContain(`for="${id}"`);

    const error = renderToStaticMarkup(<Toast type="error" message="Σφάλμα" />);
    expect(error).toContain('role="alert"');
    expect(error).toContain("toast--error");
  });
});
