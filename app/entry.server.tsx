// React's Node build, not the edge build that the `workerd` export condition picks: both render
// the same HTML into a web ReadableStream, but the edge build encodes every string piece into its
// own Uint8Array (TextEncoder.encode: ~9 % of a fresh overview's CPU, and the garbage), while the
// Node build writes them into one 4 KB buffer with encodeInto. Its require()s (util, crypto,
// async_hooks, stream) are served by the Worker's nodejs_compat.
import { renderToReadableStream } from "react-dom/server.node";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { logError } from "../workers/log";
import { ServerHtmlProvider } from "./components/ServerHtml";
import { cloudflareContext } from "./context";
import { getInstance } from "./middleware/i18next";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering, in the Worker's structured log (workers/log.ts) with
 * the request's id. Not for a request the client abandoned (its errors are the abort itself),
 * nor for an expected answer such as a thrown 404.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    // A thrown `data(…, { status })` is an answer, not a fault; React Router wraps an internal
    // error it turned into a 5xx answer, which is logged.
    const inner: unknown = (error as { error?: unknown }).error;
    if (error.status < 500 || inner === undefined) return;
    error = inner;
  }
  const page = pageOf(context);
  logError(error, { id: page?.requestId ?? "-", route: page?.route, where: "router" });
};

/** The request's page state; none when React Router failed before the context existed. */
function pageOf(context: Readonly<RouterContextProvider> | undefined) {
  try {
    return context?.get(cloudflareContext).page;
  } catch {
    return undefined;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  const { nonce, page } = routerContext.get(cloudflareContext);
  let shellRendered = false;

  const body = await renderToReadableStream(
    <I18nextProvider i18n={getInstance(routerContext)}>
      <ServerHtmlProvider value={page.html}>
        <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
      </ServerHtmlProvider>
    </I18nextProvider>,
    {
      nonce,
      // Never move a finished Suspense boundary (a lazy dialog) out of place into a later chunk
      // that only script can reveal (React does so for boundaries past this many bytes).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged; before it they reach the error boundary.
        if (shellRendered && !request.signal.aborted) {
          logError(error, { id: page.requestId ?? "-", route: page.route, where: "render" });
        }
      },
    },
  );
  shellRendered = true;

  // Every reader gets the whole document at once. The loaders have run before the render, so
  // all that can suspend here is a lazy component (the URL-addressed dialogs, loaded on demand in
  // the browser): waiting lets React inline it in the HTML instead of streaming it behind a
  // fallback that only script can swap in, so the dialogs render with JavaScript off too.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
