import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { ServerHtmlProvider } from "./components/ServerHtml";
import { cloudflareContext } from "./context";
import { getInstance } from "./middleware/i18next";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  const { nonce, page } = routerContext.get(cloudflareContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(
    <I18nextProvider i18n={getInstance(routerContext)}>
      <ServerHtmlProvider value={page.html}>
        <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
      </ServerHtmlProvider>
    </I18nextProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged; before it they reach the error boundary.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Bots and no-JS readers get the whole document at once; streaming only helps hydration.
  if ((userAgent && isbot(userAgent)) || entryContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
