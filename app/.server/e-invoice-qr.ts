import { eInvoicePath } from "../../core/e-invoice";
import { publicLink } from "../../core/public-origin";
import { qrRuns, qrSvgPath } from "../../core/qr";
import { cloudflareContext } from "../context";
import type { RouterContextProvider } from "react-router";

/** What a page needs to draw a bill's e-invoice QR code: the URL it encodes and the SVG path. */
export interface EInvoiceQr {
  url: string;
  size: number;
  path: string;
}

/**
 * The QR code of a MARK's public verification page, drawn here on the server: the loader hands
 * the page a finished path, so no QR code reaches the browser (ADR 0021). The URL is absolute on
 * the configured public origin (core/public-origin.ts), never on the request's Host header: a
 * printed code must not point at whatever host a request claimed. A bad configuration throws
 * (fail closed) rather than print a wrong link.
 */
export function eInvoiceQr(
  context: Readonly<RouterContextProvider>,
  request: Request,
  mark: string,
): EInvoiceQr {
  const { env } = context.get(cloudflareContext);
  const url = publicLink(env, request.url, eInvoicePath(mark));
  const qr = qrRuns(url);
  return { url, size: qr.size, path: qrSvgPath(qr) };
}
