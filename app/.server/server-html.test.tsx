import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerHtml, ServerHtmlProvider } from "../components/ServerHtml";
import { cloudflareContext } from "../context";
import { htmlSlots } from "./server-html";

function contextFor(document: boolean) {
  const context = new RouterContextProvider();
  const page = { document, html: new Map<string, string>() };
  context.set(cloudflareContext, {
    env: {} as Env,
    ctx: {} as ExecutionContext,
    nonce: "n",
    page,
  });
  return { context, page };
}

const charts = { amounts: { wide: "<svg>a</svg>", narrow: "<svg>n</svg>" }, year: null };

describe("charts sent once", () => {
  it("keeps a document request's markup out of the loader data, in the request's store", () => {
    const { context, page } = contextFor(true);
    const slots = htmlSlots(context, charts);
    expect(slots).toEqual({
      amounts: {
        wide: { key: "amounts.wide", html: null },
        narrow: { key: "amounts.narrow", html: null },
      },
      year: null,
    });
    expect(JSON.stringify(slots)).not.toContain("<svg");
    expect(page.html.get("amounts.wide")).toBe("<svg>a</svg>");
    // The server render places it from the store.
    const html = renderToString(
      <ServerHtmlProvider value={page.html}>
        <ServerHtml slot={slots.amounts.wide} className="c" />
      </ServerHtmlProvider>,
    );
    expect(html).toContain("<svg>a</svg>");
  });

  it("sends the markup in the loader data on a client navigation (.data request)", () => {
    const { context, page } = contextFor(false);
    const slots = htmlSlots(context, charts);
    expect(slots.amounts.narrow).toEqual({ key: "amounts.narrow", html: "<svg>n</svg>" });
    expect(page.html.size).toBe(0);
    expect(renderToString(<ServerHtml slot={slots.amounts.narrow} className="c" />)).toContain(
      "<svg>n</svg>",
    );
  });
});
