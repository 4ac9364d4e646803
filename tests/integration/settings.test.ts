import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/** PUT /user/settings, POST /user/avatar, PUT /user/first-login-settings, PUT /update_notification. */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string; // 600000007 (user 7, meter 601)
let other: string; // 100000003 (user 1)
const me = DEMO.firstLogin;
const h = DEMO.household;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(me.vat)).access_token;
  other = (await api.login(h.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const payload = (over: Record<string, unknown> = {}) => ({
  userId: me.userId,
  afm: me.vat,
  nrg_skin: 1,
  lang: "el",
  email: me.email,
  phone: me.phone,
  ebill_settings: [{ meter_id: me.meterId }],
  meter_id: me.meterId,
  avatar: null,
  indication_email: 0,
  indication_sms: 0,
  ...over,
});
const put = (body: unknown, t = token) =>
  api.call("/user/settings", { method: "PUT", body, token: t });
const userRow = () =>
  server.query<Record<string, unknown>>(`select * from users where id = ${me.userId}`)[0] ?? {};
const meterRow = (id: number) =>
  server.query<Record<string, unknown>>(`select * from meters where id = ${id}`)[0] ?? {};

describe("PUT /user/settings", () => {
  it("saves everything and answers 204", async () => {
    const r = await put(
      payload({
        nrg_skin: 3,
        lang: "en",
        indication_email: 1,
        ebill_settings: [{ meter_id: me.meterId, email: "bills@example.gr", phone: "6900000001" }],
      }),
    );
    expect(r.status).toBe(204);
    expect(userRow()).toMatchObject({
      nrg_skin: 3,
      lang: "en",
      indication_email: 1,
      first_login_settings_open: 0,
    });
    expect(meterRow(me.meterId)).toMatchObject({
      ebill: 1,
      ebill_email: "bills@example.gr",
      sms_bill: 1,
      sms_number: "6900000001",
    });
    const off = await put(payload({ ebill_settings: [{ meter_id: me.meterId }] }));
    expect(off.status).toBe(204);
    expect(meterRow(me.meterId)).toMatchObject({ ebill: 0, sms_bill: 0 });
  });

  it("asks for the current password when email or phone change", async () => {
    const missing = await put(payload({ email: "kostas.new@example.gr" }));
    expect([missing.status, missing.field]).toEqual([400, "password"]);
    const wrong = await put(payload({ email: "kostas.new@example.gr", password: "Wrong2026!" }));
    expect([wrong.status, wrong.code]).toEqual([400, "wrong_credentials"]);
    const ok = await put(payload({ email: "kostas.new@example.gr", password: "Demo2026!" }));
    expect(ok.status).toBe(204);
    expect(userRow().registration_email).toBe("kostas.new@example.gr");
    expect((await put(payload({ password: "Demo2026!" }))).status).toBe(204);
  });

  it("refuses an email or phone of another account with 200 data.message, atomically", async () => {
    const before = meterRow(me.meterId);
    const email = await put(
      payload({
        email: h.email,
        password: "Demo2026!",
        nrg_skin: 2,
        ebill_settings: [{ meter_id: me.meterId, email: "changed@example.gr" }],
      }),
    );
    expect(email.status).toBe(200);
    expect(email.body).toEqual({ data: { message: "emailInUse" } });
    // The meter update ran in the same batch before the failing user update: rolled back.
    expect(meterRow(me.meterId)).toEqual(before);
    expect(userRow()).toMatchObject({ registration_email: me.email, nrg_skin: 1 });
    const phone = await put(payload({ phone: h.phone, password: "Demo2026!" }));
    expect(phone.body).toEqual({ data: { message: "phoneInUse" } });
  });

  it("validates with 400", async () => {
    expect((await put(payload({ phone: "2101234567" }))).status).toBe(400);
    expect((await put(payload({ email: "nope" }))).status).toBe(400);
    expect((await put(payload({ nrg_skin: 5 }))).status).toBe(400);
    expect((await put(payload({ lang: "de" }))).status).toBe(400);
    expect((await api.call("/user/settings", { method: "PUT", body: payload() })).status).toBe(401);
  });

  it("refuses changes to a supply whose e-bill cannot be edited", async () => {
    const otherPayload = {
      userId: h.userId,
      afm: h.vat,
      nrg_skin: 1,
      lang: "el",
      email: h.email,
      phone: h.phone,
      ebill_settings: [{ meter_id: h.stoppedMeterId, email: "x@example.gr" }],
      meter_id: h.mainMeterId,
      indication_email: 1,
      indication_sms: 0,
    };
    const r = await put(otherPayload, other);
    expect([r.status, r.field]).toEqual([400, "ebill_settings"]);
  });

  it("answers 404 for another customer's user, VAT or meter", async () => {
    expect((await put(payload({ userId: h.userId }))).status).toBe(404);
    expect((await put(payload({ afm: h.vat }))).status).toBe(404);
    expect((await put(payload({ meter_id: h.mainMeterId }))).status).toBe(404);
    expect((await put(payload({ ebill_settings: [{ meter_id: h.gasMeterId }] }))).status).toBe(404);
  });
});

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 6, 0x74, 0x45, 0x58, 0x74, 0x47, 0x50,
  0x53, 0x3a, 0x31, 0x32, 0, 0, 0, 0, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8,
  0xcf, 0xc0, 0xf0, 0x1f, 0, 0x05, 0, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0, 0, 0, 0, 0x49, 0x45,
  0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

async function upload(
  files: { bytes: Uint8Array; name: string; type: string }[],
  userId: number = me.userId,
) {
  const body = new FormData();
  body.set("userId", String(userId));
  for (const f of files)
    body.append("avatar", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const response = await fetch(`${server.baseUrl}/api/user/avatar`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, connection: "close" },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { img: string; img_name: string };
      error?: { message?: string };
    },
  };
}

describe("POST /user/avatar and GET /user/:id/avatar", () => {
  it("refuses a renamed SVG, HTML or EXE, 1 MB + 1 byte and two files; nothing stored", async () => {
    const cases: [Uint8Array, string, string, string][] = [
      [
        new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
        "me.png",
        "image/png",
        "settingsModal.fileErrorFormt",
      ],
      [
        new TextEncoder().encode("<!doctype html><script>alert(1)</script>"),
        "me.jpg",
        "image/jpeg",
        "settingsModal.fileErrorFormt",
      ],
      [
        new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
        "me.jpeg",
        "image/jpeg",
        "settingsModal.fileErrorFormt",
      ],
      [
        (() => {
          const b = new Uint8Array(1024 * 1024 + 1);
          b.set(PNG);
          return b;
        })(),
        "big.png",
        "image/png",
        "settingsModal.fileErrorSize",
      ],
    ];
    for (const [bytes, name, type, message] of cases) {
      const r = await upload([{ bytes, name, type }]);
      expect([r.status, r.body.error?.message]).toEqual([400, message]);
    }
    const two = await upload([
      { bytes: PNG, name: "a.png", type: "image/png" },
      { bytes: PNG, name: "b.png", type: "image/png" },
    ]);
    expect([two.status, two.body.error?.message]).toEqual([400, "settingsModal.fileErrorCount"]);
    expect(userRow().avatar_key).toBeNull();
  });

  it("stores a PNG without its text chunks under a random key, served only to its owner with nosniff", async () => {
    const r = await upload([{ bytes: PNG, name: "<script>.png", type: "image/png" }]);
    expect(r.status).toBe(200);
    expect(r.body.data.img).toBe(`/api/user/${me.userId}/avatar`);
    expect(r.body.data.img_name).toMatch(/^avatar-[\w-]+\.png$/);
    const key = String(userRow().avatar_key);
    expect(key).toMatch(new RegExp(`^avatars/${me.userId}/[\\w-]{32}\\.png$`));
    const own = await fetch(`${server.baseUrl}/api/user/${me.userId}/avatar`, {
      headers: { authorization: `Bearer ${token}`, connection: "close" },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await own.arrayBuffer());
    expect(new TextDecoder().decode(bytes)).not.toContain("GPS:12");
    expect(bytes.length).toBe(PNG.length - 18);
    const theirs = await fetch(`${server.baseUrl}/api/user/${me.userId}/avatar`, {
      headers: { authorization: `Bearer ${other}`, connection: "close" },
    });
    expect(theirs.status).toBe(404);
  });

  it("answers 404 for another user's id", async () => {
    const r = await upload([{ bytes: PNG, name: "a.png", type: "image/png" }], h.userId);
    expect(r.status).toBe(404);
  });
});

describe("PUT /user/first-login-settings and PUT /update_notification", () => {
  it("sets and clears the first-login flag of the caller only", async () => {
    const set = await api.call("/user/first-login-settings", {
      method: "PUT",
      body: { open: 1 },
      token,
    });
    expect(set.status).toBe(204);
    expect(userRow().first_login_settings_open).toBe(1);
    await api.call("/user/first-login-settings", { method: "PUT", body: { open: 0 }, token });
    expect(userRow().first_login_settings_open).toBe(0);
  });

  it("marks the caller's message read (204) and 404s another customer's", async () => {
    const [msg] = server.query<{ id: number }>(
      `select id from messages where user_id = ${h.userId} and read_status = 0 order by id limit 1`,
    );
    expect(
      (await api.call("/update_notification", { method: "PUT", body: { id: msg?.id }, token }))
        .status,
    ).toBe(404);
    expect(
      (
        await api.call("/update_notification", {
          method: "PUT",
          body: { id: msg?.id },
          token: other,
        })
      ).status,
    ).toBe(204);
    expect(server.query(`select user_id from message_reads where message_id = ${msg?.id}`)).toEqual(
      [{ user_id: h.userId }],
    );
  });
});
