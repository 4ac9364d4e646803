import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiMessage, ApiUser } from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #35 §4 In English, messages show English titles and texts: the inbox's messages and a person's
 * pop-up carry both languages (migration 0021) and the API answers in the Language header's
 * language, falling back to the Greek text only where a row has no English one.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
const h = DEMO.household;
const f = DEMO.firstLogin;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

const GREEK = /\p{Script=Greek}/u;

describe("#35 messages and pop-ups in the request's language", () => {
  it("the inbox: English titles and texts in English, Greek in Greek", async () => {
    const token = (await api.login(h.vat)).access_token;
    const path = `/users/${h.userId}/messages`;
    const el = await api.call<{ data: ApiMessage[] }>(path, { token });
    const en = await api.call<{ data: ApiMessage[] }>(path, { token, lang: "en" });
    expect(el.status).toBe(200);
    expect(en.status).toBe(200);
    expect(en.body.data.map((m) => m.id)).toEqual(el.body.data.map((m) => m.id));
    expect(el.body.data.length).toBeGreaterThan(0);
    for (const message of el.body.data) expect(message.title).toMatch(GREEK);
    for (const message of en.body.data) {
      expect(message.title).not.toMatch(GREEK);
      // A street name may stay in Greek letters in an English text; the words around it do not.
      expect(message.content).toMatch(/^[A-Z]/);
    }
    expect(en.body.data.map((m) => m.title)).toContain("Your meter reading was received");
  });

  it("a message written without English falls back to its Greek text", async () => {
    const token = (await api.login(h.vat)).access_token;
    server.query(
      `INSERT INTO messages (user_id, meter_id, title, content, type, category, read_status, c_stamp)
       VALUES (${h.userId}, NULL, 'Μόνο ελληνικά', 'Κείμενο χωρίς αγγλικά', 'info', 'account', 0,
       '2026-01-01T10:00:00.000Z')`,
    );
    const en = await api.call<{ data: ApiMessage[] }>(`/users/${h.userId}/messages`, {
      token,
      lang: "en",
    });
    const only = en.body.data.find((m) => m.title === "Μόνο ελληνικά");
    expect(only?.content).toBe("Κείμενο χωρίς αγγλικά");
  });

  it("the pop-up of /v2/me in English and in Greek", async () => {
    const token = (await api.login(f.vat)).access_token;
    const el = await api.call<{ data: ApiUser }>("/v2/me", { token });
    const en = await api.call<{ data: ApiUser }>("/v2/me", { token, lang: "en" });
    expect(el.body.data.popup).toMatchObject({
      title: "Καλώς ήρθατε στο νέο myNRG",
      button_title: "Μάθετε περισσότερα",
    });
    expect(en.body.data.popup).toMatchObject({
      title: "Welcome to the new myNRG",
      button_title: "Learn more",
    });
    expect(en.body.data.popup?.body).not.toMatch(GREEK);
  });
});
