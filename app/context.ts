import { createContext } from "react-router";

export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
  /** Per-request CSP nonce for React's inline scripts. */
  nonce: string;
  /** What this request renders (app/components/ServerHtml.tsx). */
  page: {
    /** A document (HTML) request, not a client navigation's `.data` request. */
    document: boolean;
    /** Markup placed in the HTML once, outside the hydration data (by slot key). */
    html: Map<string, string>;
    /** The request log's id for this request (workers/log.ts), for error lines. */
    requestId?: string;
    /** Set by the session middleware for the request log: the matched route pattern. */
    route?: string;
    /** Set by the session middleware for the request log: the signed-in user, if any. */
    userId?: number;
    /**
     * The reading form's idempotency key of this response (formKey()), made on first use; the
     * page cache gives a reused page a fresh one, as it does the nonce.
     */
    formKey?: string;
  };
}

export const cloudflareContext = createContext<CloudflareContext>();
