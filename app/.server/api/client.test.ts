import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionData, SessionFlashData } from "../session-data";
import { login } from "./auth";
import { ApiError, createClient, endsSession, jwtExpiry, type Transport } from "./client";
import { contact } from "./contact";
import { apiError, fakeTransport, json, signedInSession, thrown } from "./testing";
import { dismissPopup, me, userMessages, userMeters } from "./users";

function jwt(expiresInSeconds: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
  return `${encode({ alg: "HS256" })}.${encode({ sub: 7, sid: "s", exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

describe("API client", () => {
  it("sends the bearer token and the Language header and unwraps data", async () => {
    const { transport, calls } = fakeTransport(() => json({ data: [{ id: 1 }] }));
    const client = createClient({ transport, session: signedInSession(), language: "en" });
    expect(await userMeters(client, 7, { billingHistory: true })).toEqual([{ id: 1 }]);
    expect(calls).toEqual([
      expect.objectContaining({
        path: "/users/7/meters?billing_history=true",
        method: "GET",
        authorization: "Bearer access-1",
        language: "en",
      }),
    ]);
  });

  it("on 401 refreshes once, stores the new pair and retries", async () => {
    const { transport, calls } = fakeTransport((call) => {
      if (call.path === "/v2/auth/refresh-token") {
        return json({ data: { access_token: "access-2", refresh_token: "refresh-2", user_id: 7 } });
      }
      return call.authorization === "Bearer access-2"
        ? json({ data: { id: 7 } })
        : apiError(401, "unauthorized");
    });
    const session = signedInSession();
    const client = createClient({ transport, session, language: "el" });
    expect(await me(client)).toEqual({ id: 7 });
    expect(calls.map((c) => [c.path, c.authorization])).toEqual([
      ["/v2/me", "Bearer access-1"],
      ["/v2/auth/refresh-token", "Bearer refresh-1"],
      ["/v2/me", "Bearer access-2"],
    ]);
    expect(session.get("access_token")).toBe("access-2");
    expect(session.get("refresh_token")).toBe("refresh-2");
  });

  it("refreshes only once when concurrent calls all get 401", async () => {
    const { transport, calls } = fakeTransport(async (call) => {
      if (call.path === "/v2/auth/refresh-token") {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return json({ data: { access_token: "access-2", refresh_token: "refresh-2", user_id: 7 } });
      }
      return call.authorization === "Bearer access-2"
        ? json({ data: [] })
        : apiError(401, "unauthorized");
    });
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    await Promise.all([me(client), userMeters(client, 7), userMessages(client, 7)]);
    expect(calls.filter((c) => c.path === "/v2/auth/refresh-token")).toHaveLength(1);
  });

  it("refreshes before the call when the access token is known to be expired", async () => {
    const { transport, calls } = fakeTransport((call) =>
      call.path === "/v2/auth/refresh-token"
        ? json({ data: { access_token: "access-2", refresh_token: "refresh-2", user_id: 7 } })
        : json({ data: { id: 7 } }),
    );
    const client = createClient({ transport, session: signedInSession(jwt(-60)), language: "el" });
    await me(client);
    expect(calls.map((c) => c.path)).toEqual(["/v2/auth/refresh-token", "/v2/me"]);
    expect(calls[1]?.authorization).toBe("Bearer access-2");
  });

  it("clears the session and redirects to /login when the refresh fails", async () => {
    const { transport } = fakeTransport(() => apiError(401, "unauthorized"));
    const session = signedInSession();
    const client = createClient({ transport, session, language: "el" });
    const error = await thrown(me(client));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get("Location")).toBe("/login");
    expect(session.get("access_token")).toBeUndefined();
    expect(session.get("selected_meter_id")).toBeUndefined();
    expect(session.get("notice")).toEqual({ type: "error", key: "auth:notice.sessionEnded" });
  });

  it("treats a 403 forbidden as a logout", async () => {
    const { transport, calls } = fakeTransport(() => apiError(403, "forbidden"));
    const session = signedInSession();
    const client = createClient({ transport, session, language: "el" });
    const error = (await thrown(userMessages(client, 7))) as Response;
    expect(error.headers.get("Location")).toBe("/login");
    expect(session.get("refresh_token")).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it("decides which refusals end the session: 401, and every 403 but not_permitted (#18)", () => {
    expect(endsSession(401, "unauthorized")).toBe(true);
    expect(endsSession(403, "forbidden")).toBe(true);
    expect(endsSession(403, "csrf")).toBe(true);
    expect(endsSession(403, null)).toBe(true);
    expect(endsSession(403, "not_permitted")).toBe(false);
    expect(endsSession(404, "not_found")).toBe(false);
    expect(endsSession(400, "validation")).toBe(false);
  });

  it("signs out on a 403 csrf as on forbidden", async () => {
    const { transport } = fakeTransport(() => apiError(403, "csrf"));
    const session = signedInSession();
    const client = createClient({ transport, session, language: "el" });
    const error = (await thrown(client.request("POST", "/v2/x", { body: {} }))) as Response;
    expect(error.headers.get("Location")).toBe("/login");
    expect(session.get("access_token")).toBeUndefined();
  });

  it("keeps the session on a 403 not_permitted: the failure goes back to the page", async () => {
    const { transport, calls } = fakeTransport(() => apiError(403, "not_permitted"));
    const session = signedInSession();
    const client = createClient({ transport, session, language: "el" });
    const result = await client.request("POST", "/payments", { body: {} });
    expect(result).toEqual({ ok: false, status: 403, code: "not_permitted" });
    const error = await thrown(userMessages(client, 7));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("not_permitted");
    expect(session.get("access_token")).toBe("access-1");
    expect(session.get("notice")).toBeUndefined();
    expect(calls).toHaveLength(2);
    const file = await client.file("GET", "/getInvoicePdf/5", { accept: "*/*" });
    expect(file?.status).toBe(403);
    expect(session.get("refresh_token")).toBe("refresh-1");
  });

  it("throws ApiError for failed reads that are not about the session", async () => {
    const { transport } = fakeTransport(() => apiError(404, "not_found"));
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    const error = await thrown(userMeters(client, 8));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("not_found");
  });

  it("turns network failures, 5xx and malformed answers into code 'error'", async () => {
    const failing: Transport = async () => {
      throw new TypeError("fetch failed");
    };
    const session = createSession<SessionData, SessionFlashData>();
    expect(
      await login(createClient({ transport: failing, session, language: "el" }), "100000003", "x"),
    ).toEqual({
      ok: false,
      status: 0,
      code: "error",
    });
    const html = fakeTransport(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(
      await login(createClient({ transport: html.transport, session, language: "el" }), "1", "x"),
    ).toEqual({
      ok: false,
      status: 502,
      code: "error",
    });
    const garbled = fakeTransport(() => new Response("{not json", { status: 200 }));
    expect(
      await login(
        createClient({ transport: garbled.transport, session, language: "el" }),
        "1",
        "x",
      ),
    ).toEqual({
      ok: false,
      status: 502,
      code: "error",
    });
    const leaky = fakeTransport(() => apiError(500, "wrong_credentials"));
    expect(
      await login(createClient({ transport: leaky.transport, session, language: "el" }), "1", "x"),
    ).toMatchObject({
      code: "error",
    });
  });

  it("reads the expiry of a JWT", () => {
    expect(jwtExpiry(jwt(60))).toBeGreaterThan(Date.now());
    expect(jwtExpiry("not-a-jwt")).toBeNull();
  });
});

describe("#16 read your own writes: the D1 bookmark", () => {
  function recording(answers: Record<string, string | null>) {
    const sent: Array<{ method: string; path: string; bookmark: string | null }> = [];
    const transport: Transport = async (path, init) => {
      const method = init.method ?? "GET";
      sent.push({ method, path, bookmark: new Headers(init.headers).get("x-d1-bookmark") });
      const headers = new Headers({ "content-type": "application/json" });
      const answer = answers[`${method} ${path}`];
      if (answer) headers.set("x-d1-bookmark", answer);
      return new Response(JSON.stringify({ data: null }), { status: 200, headers });
    };
    return { transport, sent };
  }

  it("#16 keeps a write's bookmark in the session and sends it with every later call", async () => {
    const session = signedInSession();
    const { transport, sent } = recording({
      "GET /v2/me": "read-bookmark",
      "POST /user/popup/dismiss": "write-1",
    });
    const api = createClient({ transport, session, language: "el" });
    await api.request("GET", "/v2/me");
    // A read's bookmark is never kept: a page that only reads leaves the session as it was.
    expect(session.get("d1_bookmark")).toBeUndefined();
    await dismissPopup(api);
    expect(session.get("d1_bookmark")).toBe("write-1");
    await api.request("GET", "/v2/me");
    expect(sent.map((s) => s.bookmark)).toEqual([null, null, "write-1"]);
  });

  it("#16 an anonymous visitor's calls keep nothing, and a malformed bookmark is refused", async () => {
    const anonymous = createSession<SessionData, SessionFlashData>({});
    const first = recording({ "POST /contact": "anon" });
    await contact(
      createClient({ transport: first.transport, session: anonymous, language: "el" }),
      {
        name: "a",
        email: "a@example.gr",
        subject: "s",
        message: "m",
      },
    );
    expect(anonymous.get("d1_bookmark")).toBeUndefined();

    const session = signedInSession();
    for (const bad of ["has space", "x".repeat(300)]) {
      const second = recording({ "POST /user/popup/dismiss": bad });
      const result = await dismissPopup(
        createClient({ transport: second.transport, session, language: "el" }),
      );
      expect(result.ok).toBe(true);
      expect(session.get("d1_bookmark")).toBeUndefined();
    }
  });
});

describe("files and uploads go through the same authorised send", () => {
  type Sent = {
    method: string;
    path: string;
    authorization: string | null;
    language: string | null;
    accept: string | null;
    bookmark: string | null;
    contentType: string | null;
    body: BodyInit | null | undefined;
  };
  function files(handler: (sent: Sent, index: number) => Response | Promise<Response>) {
    const sent: Sent[] = [];
    const transport: Transport = async (path, init) => {
      const headers = new Headers(init.headers);
      const call: Sent = {
        method: init.method ?? "GET",
        path,
        authorization: headers.get("Authorization"),
        language: headers.get("Language"),
        accept: headers.get("Accept"),
        bookmark: headers.get("x-d1-bookmark"),
        contentType: headers.get("Content-Type"),
        body: init.body,
      };
      sent.push(call);
      return handler(call, sent.length - 1);
    };
    return { transport, sent };
  }
  const pdf = () =>
    new Response("%PDF-1.7", { status: 200, headers: { "content-type": "application/pdf" } });
  const tokens = () =>
    json({ data: { access_token: "access-2", refresh_token: "refresh-2", user_id: 7 } });

  it("a file carries the bearer, Language, the bookmark and its Accept, and comes back as it is", async () => {
    const session = signedInSession();
    session.set("d1_bookmark", "write-0");
    const { transport, sent } = files(() => pdf());
    const api = createClient({ transport, session, language: "en" });
    const response = await api.file("GET", "/getInvoicePdf/5", { accept: "*/*" });
    expect(response?.status).toBe(200);
    expect(await response?.text()).toBe("%PDF-1.7");
    expect(sent).toEqual([
      {
        method: "GET",
        path: "/getInvoicePdf/5",
        authorization: "Bearer access-1",
        language: "en",
        accept: "*/*",
        bookmark: "write-0",
        contentType: null,
        body: undefined,
      },
    ]);
  });

  it("a file on 401 refreshes once (one refresh for concurrent calls), stores the pair and retries", async () => {
    const { transport, sent } = files((call) => {
      if (call.path === "/v2/auth/refresh-token") return tokens();
      return call.authorization === "Bearer access-2" ? pdf() : apiError(401, "unauthorized");
    });
    const session = signedInSession();
    const api = createClient({ transport, session, language: "el" });
    const [a, b] = await Promise.all([
      api.file("GET", "/getInvoicePdf/5", { accept: "*/*" }),
      api.file("GET", "/users/7/export?format=csv", { accept: "*/*" }),
    ]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(sent.filter((c) => c.path === "/v2/auth/refresh-token")).toHaveLength(1);
    expect(session.get("refresh_token")).toBe("refresh-2");
  });

  it("a file's failed refresh or 403 is handed back to the page, never a logout", async () => {
    const refused = files(() => apiError(401, "unauthorized"));
    const session = signedInSession();
    const api = createClient({ transport: refused.transport, session, language: "el" });
    const response = await api.file("GET", "/getInvoicePdf/5", { accept: "*/*" });
    expect(response?.status).toBe(401);
    expect(refused.sent.map((c) => c.path)).toEqual(["/getInvoicePdf/5", "/v2/auth/refresh-token"]);

    const forbidden = files(() => apiError(403, "forbidden"));
    const kept = signedInSession();
    const other = createClient({ transport: forbidden.transport, session: kept, language: "el" });
    expect((await other.file("GET", "/getInvoicePdf/5", { accept: "*/*" }))?.status).toBe(403);
    expect(kept.get("access_token")).toBe("access-1");
    expect(forbidden.sent).toHaveLength(1);
  });

  it("a file with an expired token refreshes first; no session or no API is null", async () => {
    const { transport, sent } = files((call) =>
      call.path === "/v2/auth/refresh-token" ? tokens() : pdf(),
    );
    const api = createClient({ transport, session: signedInSession(jwt(-60)), language: "el" });
    expect((await api.file("GET", "/user/7/avatar", { accept: "image/*" }))?.status).toBe(200);
    expect(sent.map((c) => [c.path, c.authorization])).toEqual([
      ["/v2/auth/refresh-token", "Bearer refresh-1"],
      ["/user/7/avatar", "Bearer access-2"],
    ]);

    const anonymous = createClient({
      transport: files(() => pdf()).transport,
      session: createSession<SessionData, SessionFlashData>({}),
      language: "el",
    });
    expect(await anonymous.file("GET", "/user/7/avatar", { accept: "image/*" })).toBeNull();

    const down: Transport = async () => {
      throw new TypeError("fetch failed");
    };
    const offline = createClient({ transport: down, session: signedInSession(), language: "el" });
    expect(await offline.file("GET", "/user/7/avatar", { accept: "image/*" })).toBeNull();
  });

  it("an upload sends its multipart body as it is (again on the retry) and keeps the write's bookmark", async () => {
    const { transport, sent } = files((call) => {
      if (call.path === "/v2/auth/refresh-token") return tokens();
      if (call.authorization !== "Bearer access-2") return apiError(401, "unauthorized");
      return new Response(JSON.stringify({ data: { id: "f" } }), {
        status: 201,
        headers: { "content-type": "application/json", "x-d1-bookmark": "upload-1" },
      });
    });
    const session = signedInSession();
    const api = createClient({ transport, session, language: "el" });
    const body = new FormData();
    body.set("file", new File(["%PDF"], "a.pdf", { type: "application/pdf" }));
    const response = await api.file("POST", "/requests/files", {
      body,
      accept: "application/json",
    });
    expect(response?.status).toBe(201);
    const uploads = sent.filter((c) => c.path === "/requests/files");
    expect(uploads.map((c) => [c.method, c.authorization, c.accept])).toEqual([
      ["POST", "Bearer access-1", "application/json"],
      ["POST", "Bearer access-2", "application/json"],
    ]);
    // Never a JSON Content-Type: FormData brings its own multipart boundary.
    expect(uploads.every((c) => c.body === body && c.contentType === null)).toBe(true);
    expect(session.get("d1_bookmark")).toBe("upload-1");
  });
});
