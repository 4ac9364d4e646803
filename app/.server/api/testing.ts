import { createSession } from "react-router";
import type { PortalSession, SessionData, SessionFlashData } from "../session-data";
import type { Transport } from "./client";

/**
 * For the unit tests of the client and of the resource modules only: a fake transport that
 * records each call, the API's answers, and a signed-in session.
 */

export type Call = {
  path: string;
  method: string;
  authorization: string | null;
  language: string | null;
  body: unknown;
};
type Handler = (call: Call, index: number) => Response | Promise<Response>;

export function fakeTransport(handler: Handler) {
  const calls: Call[] = [];
  const transport: Transport = async (path, init) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      path,
      method: init.method ?? "GET",
      authorization: headers.get("Authorization"),
      language: headers.get("Language"),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call, calls.length - 1);
  };
  return { transport, calls };
}

export const json = (body: unknown, status = 200) => Response.json(body, { status });
export const apiError = (status: number, code: string, field?: string) =>
  json({ error: { code, field } }, status);

export function signedInSession(access = "access-1"): PortalSession {
  return createSession<SessionData, SessionFlashData>({
    access_token: access,
    refresh_token: "refresh-1",
    user_id: 7,
    selected_meter_id: 3,
  });
}

export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
