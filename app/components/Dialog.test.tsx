import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Dialog, opensModal } from "./Dialog";

// No translations loaded: `t` returns the keys, which is all this test needs.
const i18n = i18next.createInstance();
await i18n.init({ lng: "el", resources: { el: { common: {} } }, defaultNS: "common" });
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

describe("#15 Dialog", () => {
  it("#15 renders on the server as an open, labelled section whose close is a plain link (works without JavaScript)", () => {
    const html = render(
      <Dialog title="Ρυθμίσεις" closeTo="/b2b/logariasmoi" modal="settings">
        <p>body</p>
      </Dialog>,
    );
    // Open but not modal in the HTML: showModal() needs JavaScript and runs after hydration.
    expect(html).toMatch(/<dialog open="" class="dialog" role="dialog" aria-labelledby="([^"]+)">/);
    const titleId = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(
      `<h2 id="${titleId}" tabindex="-1" class="dialog__title">Ρυθμίσεις</h2>`,
    );
    const close = /<a class="dialog__close"[^>]*>/.exec(html)?.[0] ?? "";
    expect(close).toContain('href="/b2b/logariasmoi"');
    expect(close).toContain('data-dialog-close=""');
    expect(html).not.toContain("aria-modal");
  });

  it("#15 finds a link that opens a dialog by its ?modal= value", () => {
    expect(opensModal("/b2b/episkopisi?modal=settings", "settings")).toBe(true);
    expect(opensModal("/b2b/episkopisi?x=1&modal=pay-several#top", "pay-several")).toBe(true);
    expect(opensModal("/b2b/episkopisi?modal=settings&step=2", "settings")).toBe(true);
    expect(opensModal("/b2b/episkopisi?modal=password", "settings")).toBe(false);
    expect(opensModal("/b2b/episkopisi", "settings")).toBe(false);
    expect(opensModal("/b2b/settings-help?m=settings", "settings")).toBe(false);
  });
});
