import { createCookie, type RouterContextProvider } from "react-router";
import type { ApiDdFlow } from "../../core/contract";
import { FLOW_TTL_SECONDS } from "../../core/direct-debit/rules";
import { getApi } from "./api";
import { cloudflareContext } from "../context";
import { getSession, isSignedIn } from "../middleware/session";
import { directDebitFlow } from "./api/direct-debit";
import { currentUser } from "./api/users";

/**
 * The direct-debit flow's token lives in its own signed, HttpOnly cookie. Everything else (VAT, verified flag, chosen supply, counters) is in the API's D1 row the
 * token names, so a reload or a second tab shows the same step.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

function flowCookie(args: Args) {
  const { env } = args.context.get(cloudflareContext);
  const url = new URL(args.request.url);
  const localHttp =
    url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  return createCookie("__dd_flow", {
    // "/" and not "/direct-debit": with JavaScript the router fetches "/direct-debit.data" and
    // "/direct-debit/loader.data", which a "/direct-debit" cookie path does not cover.
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !localHttp,
    secrets: [env.SESSION_SECRET],
    maxAge: FLOW_TTL_SECONDS,
  });
}

export async function readFlowToken(args: Args): Promise<string | null> {
  const value: unknown = await flowCookie(args).parse(args.request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export async function setFlowToken(args: Args, token: string) {
  return { "Set-Cookie": await flowCookie(args).serialize(token) };
}

export async function clearFlowToken(args: Args) {
  return { "Set-Cookie": await flowCookie(args).serialize("", { maxAge: 0 }) };
}

export type FlowState =
  | { kind: "none" }
  | { kind: "expired" }
  | { kind: "unavailable" }
  | { kind: "flow"; token: string; flow: ApiDdFlow };

/** The flow of this browser, as the API sees it now. */
export async function loadFlowState(args: Args): Promise<FlowState> {
  const token = await readFlowToken(args);
  if (!token) return { kind: "none" };
  const result = await directDebitFlow(getApi(args), token);
  if (result.ok) return { kind: "flow", token, flow: result.data };
  if (result.code === "dd_session_expired") return { kind: "expired" };
  if (result.status === 404) return { kind: "none" };
  return { kind: "unavailable" };
}

/** A signed-in customer's VAT, to prefill the first step; null when signed out. */
export async function signedInVat(args: Args): Promise<string | null> {
  if (!isSignedIn(getSession(args.context))) return null;
  const me = await currentUser(getApi(args));
  return me.ok ? me.data.username : null;
}
