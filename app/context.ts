import { createContext } from "react-router";

export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
  /** Per-request CSP nonce for React's inline scripts. */
  nonce: string;
}

export const cloudflareContext = createContext<CloudflareContext>();
