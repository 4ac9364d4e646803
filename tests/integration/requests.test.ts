import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";
import { fetchWorker } from "../support/fetch-worker";

/**
 * Requests (docs/api/requests.md): POST /requests/files, GET /requests/files/:id,
 * POST /requests/name-change, POST /requests/cancellation, GET /users/:id/requests[/:id[/file]].
 */
// Several checks read the database through wrangler (seconds each on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string; // 100000003: user 1; meters 1 (Active, main), 2 (gas, Active), 3 (Stopped)
let other: string; // 200000006: user 2; meter 101 has a name change in review (seed)
const h = DEMO.household;
const c = DEMO.company;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
  other = (await api.login(c.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const enc = (text: string) => new TextEncoder().encode(text);
const PDF = enc("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface Part {
  bytes: Uint8Array;
  name: string;
  type: string;
}

async function upload(files: Part[], bearer = token) {
  const body = new FormData();
  for (const f of files)
    body.append("file", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const response = await fetchWorker(`${server.baseUrl}/api/requests/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, connection: "close" },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { id: string; name: string; content_type: string; size: number };
      error?: { code: string; field?: string; message?: string };
    },
  };
}

const pdf = (name = "βεβαίωση.pdf"): Part => ({ bytes: PDF, name, type: "application/pdf" });

async function draft(bearer = token, part: Part = pdf()) {
  const r = await upload([part], bearer);
  expect(r.status).toBe(201);
  return r.body.data.id;
}

const count = (sql: string) =>
  Number(Object.values(server.query<Record<string, unknown>>(sql)[0] ?? { n: 0 })[0]);

const nameChange = (over: Record<string, unknown> = {}) => ({
  meter_id: h.stoppedMeterId,
  vat: "094019245",
  tax_office: "Α' Αθηνών",
  bill_street: "Πατησίων",
  bill_street_no: "12",
  bill_postal_code: "11257",
  bill_city: "Αθήνα",
  contact_person: "Μαρία Παππά",
  contact_phone: "6944123456",
  reason: "Νέος μισθωτής",
  ...over,
});

describe("POST /requests/files", () => {
  it("stores a PDF as a draft under a random key and answers its metadata", async () => {
    const r = await upload([pdf("../../Σκαναρισμένο έγγραφο.exe")]);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      name: "Σκαναρισμένο έγγραφο.pdf",
      content_type: "application/pdf",
      size: PDF.length,
    });
    expect(r.body.data.id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const [row] = server.query<{ r2_key: string; request_id: number | null; user_id: number }>(
      `select r2_key, request_id, user_id from request_files where id = '${r.body.data.id}'`,
    );
    expect(row).toMatchObject({ request_id: null, user_id: h.userId });
    expect(row?.r2_key).toMatch(/^requests\/1\/[A-Za-z0-9_-]{30,}\.pdf$/);
    expect(row?.r2_key).not.toContain("Σκαναρισμένο");
  });

  it("takes a PNG by its bytes whatever its name", async () => {
    const r = await upload([{ bytes: PNG, name: "scan.pdf", type: "application/pdf" }]);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ name: "scan.png", content_type: "image/png" });
  });

  it("refuses renamed EXE, HTML and SVG, 5 MB + 1 byte, no file and two files; nothing stored", async () => {
    const before = count("select count(*) as n from request_files");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const cases: [Part[], string][] = [
      [
        [{ bytes: enc("MZ\x90\x00\x03\x00\x00\x00"), name: "form.pdf", type: "application/pdf" }],
        "type",
      ],
      [
        [
          {
            bytes: enc("<!doctype html><script>alert(1)</script>"),
            name: "a.pdf",
            type: "application/pdf",
          },
        ],
        "type",
      ],
      [
        [
          {
            bytes: enc("<svg xmlns='http://www.w3.org/2000/svg'/>"),
            name: "a.png",
            type: "image/png",
          },
        ],
        "type",
      ],
      [[{ bytes: big, name: "big.pdf", type: "application/pdf" }], "size"],
      [[], "required"],
      [[{ bytes: new Uint8Array(), name: "empty.pdf", type: "application/pdf" }], "required"],
      [[pdf(), pdf()], "count"],
    ];
    for (const [files, problem] of cases) {
      const r = await upload(files);
      expect(r.status, problem).toBe(400);
      expect(r.body.error).toEqual({
        code: "validation",
        field: "file",
        message: `requests:errors.file.${problem}`,
      });
    }
    expect(count("select count(*) as n from request_files")).toBe(before);
  });

  it("needs a bearer token", async () => {
    const body = new FormData();
    body.append("file", new Blob([PDF], { type: "application/pdf" }), "a.pdf");
    const r = await fetch(`${server.baseUrl}/api/requests/files`, {
      method: "POST",
      headers: { origin: server.baseUrl, connection: "close" },
      body,
    });
    expect(r.status).toBe(401);
  });
});

describe("GET /requests/files/:fileId", () => {
  it("answers the caller's draft; another customer's or an unknown id is 404", async () => {
    const id = await draft();
    const own = await api.call(`/requests/files/${id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id, content_type: "application/pdf" });
    expect((await api.call(`/requests/files/${id}`, { token: other })).status).toBe(404);
    expect((await api.call(`/requests/files/nosuchdraftid0000000`, { token })).status).toBe(404);
  });
});

describe("POST /requests/cancellation", () => {
  it("creates the request with a reference, links the file and puts a confirmation in the messages", async () => {
    const id = await draft();
    const messagesBefore = count(`select count(*) as n from messages where user_id = ${h.userId}`);
    const r = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.mainMeterId, reason: "moving", comments: "Από 1/12", file_id: id },
    });
    expect(r.status).toBe(201);
    const request = r.body.data;
    expect(request).toMatchObject({
      kind: "cancellation",
      status: "submitted",
      meter_id: h.mainMeterId,
      fields: { reason: "moving", comments: "Από 1/12" },
      file: { name: "βεβαίωση.pdf", content_type: "application/pdf", size: PDF.length },
    });
    const year = new Date().getUTCFullYear();
    expect(request.reference).toBe(`REQ-${year}-${String(request.id).padStart(6, "0")}`);
    expect(
      count(
        `select count(*) as n from request_files where id = '${id}' and request_id = ${request.id}`,
      ),
    ).toBe(1);

    const messages = server.query<{
      type: string;
      category: string;
      title: string;
      content: string;
    }>(
      `select type, category, title, content from messages where user_id = ${h.userId} order by id desc limit 1`,
    );
    expect(count(`select count(*) as n from messages where user_id = ${h.userId}`)).toBe(
      messagesBefore + 1,
    );
    expect(messages[0]).toMatchObject({ type: "confirm", category: "requests" });
    // The household's language is Greek: the message is in Greek and names the reference.
    expect(messages[0]?.title).toBe("Λάβαμε το αίτημα διακοπής παροχής");
    expect(messages[0]?.content).toContain(request.reference);
    expect(messages[0]?.content).toContain(h.mainPerCode);

    // The API's message list shows it to the customer.
    const list = await api.call(`/users/${h.userId}/messages`, { token });
    expect(list.body.data[0]).toMatchObject({ type: "confirm", title: messages[0]?.title });
  });

  it("refuses a second open cancellation of the supply; nothing stored", async () => {
    const id = await draft();
    const requestsBefore = count("select count(*) as n from requests");
    const messagesBefore = count("select count(*) as n from messages");
    const r = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.mainMeterId, reason: "other", file_id: id },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: "request_already_open",
      field: "meter_id",
      message: "open_cancellation",
    });
    expect(count("select count(*) as n from requests")).toBe(requestsBefore);
    expect(count("select count(*) as n from messages")).toBe(messagesBefore);
    // The draft is still free for another request.
    expect((await api.call(`/requests/files/${id}`, { token })).status).toBe(200);
  });

  it("allows only an Active supply", async () => {
    const r = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.stoppedMeterId, reason: "moving", file_id: await draft() },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "request_not_allowed", message: "not_active" });
  });

  it("validates the body", async () => {
    const id = await draft();
    const bad = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.gasMeterId, reason: "boredom", file_id: id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "validation", field: "reason" });
    const noFile = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.gasMeterId, reason: "moving" },
    });
    expect(noFile.body.error).toMatchObject({ code: "validation", field: "file_id" });
  });

  it("another customer's supply or draft, or a used draft, is 404", async () => {
    const mine = await draft();
    const theirs = await draft(other);
    const cases = [
      { meter_id: c.firstMeterId + 1, reason: "moving", file_id: mine },
      { meter_id: h.gasMeterId, reason: "moving", file_id: theirs },
      { meter_id: 999999, reason: "moving", file_id: mine },
    ];
    for (const body of cases) {
      expect((await api.call("/requests/cancellation", { token, body })).status).toBe(404);
    }
    const used = server.query<{ id: string }>(
      `select id from request_files where request_id is not null and user_id = ${h.userId} limit 1`,
    )[0]?.id;
    expect(used).toBeTruthy();
    const reuse = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.gasMeterId, reason: "moving", file_id: used },
    });
    expect(reuse.status).toBe(404);
  });
});

describe("POST /requests/name-change", () => {
  it("creates a name change for a Stopped supply; in English for an English customer", async () => {
    const r = await api.call("/requests/name-change", {
      token,
      body: nameChange({ file_id: await draft() }),
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      kind: "name_change",
      status: "submitted",
      meter_id: h.stoppedMeterId,
      fields: { vat: "094019245", bill_postal_code: "11257", contact_phone: "6944123456" },
    });
    expect(r.body.data.reference).toMatch(/^REQ-\d{4}-\d{6}$/);

    // The confirmation is stored in both languages (#35): Greek and English (migration 0021).
    const second = await api.call("/requests/name-change", {
      token: other,
      body: nameChange({ meter_id: c.firstMeterId + 1, file_id: await draft(other) }),
    });
    expect(second.status).toBe(201);
    const [message] = server.query<{
      title: string;
      content: string;
      title_en: string;
      content_en: string;
    }>(
      `select title, content, title_en, content_en from messages where user_id = ${c.userId} order by id desc limit 1`,
    );
    expect(message?.title).toBe("Λάβαμε το αίτημα αλλαγής ονόματος");
    expect(message?.title_en).toBe("We received your name-change request");
    expect(message?.content_en).toContain(second.body.data.reference);
    expect(message?.content).toContain(second.body.data.reference);
  });

  it("refuses a second open name change (the seeded one in review too)", async () => {
    const r = await api.call("/requests/name-change", {
      token: other,
      body: nameChange({ meter_id: c.firstMeterId, file_id: await draft(other) }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: "request_already_open",
      message: "open_name_change",
    });
  });

  it("names each invalid field", async () => {
    const id = await draft();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vat: "123456789" }, "vat", "validate.vat"],
      [{ bill_postal_code: "123" }, "bill_postal_code", "requests:errors.postalCode"],
      [{ contact_phone: "2101234567" }, "contact_phone", "validate.phoneNumber"],
      [{ tax_office: "" }, "tax_office", "validate.require"],
      [{ reason: "x".repeat(1001) }, "reason", "requests:errors.tooLong"],
    ];
    for (const [over, field, message] of cases) {
      const r = await api.call("/requests/name-change", {
        token,
        body: nameChange({ meter_id: h.mainMeterId, file_id: id, ...over }),
      });
      expect(r.status, field).toBe(400);
      expect(r.body.error).toEqual({ code: "validation", field, message });
    }
  });
});

describe("GET /users/:userId/requests[/:requestId[/file]]", () => {
  it("lists the caller's requests newest first, with the seeded history, never contact messages", async () => {
    const r = await api.call(`/users/${h.userId}/requests`, { token });
    expect(r.status).toBe(200);
    const rows = r.body.data as Array<{ kind: string; status: string; created_at: string }>;
    expect(rows.map((x) => x.kind).every((k) => k === "name_change" || k === "cancellation")).toBe(
      true,
    );
    expect(rows.map((x) => x.status)).toEqual(
      expect.arrayContaining(["submitted", "completed", "rejected"]),
    );
    const stamps = rows.map((x) => x.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect((await api.call(`/users/${c.userId}/requests`, { token })).status).toBe(404);
  });

  it("shows one request and streams its file to its owner only", async () => {
    const id = await draft();
    const created = await api.call("/requests/cancellation", {
      token,
      body: { meter_id: h.gasMeterId, reason: "new_supplier", file_id: id },
    });
    const requestId = created.body.data.id as number;
    const one = await api.call(`/users/${h.userId}/requests/${requestId}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: requestId, kind: "cancellation" });

    const file = await fetch(`${server.baseUrl}/api/users/${h.userId}/requests/${requestId}/file`, {
      headers: { authorization: `Bearer ${token}`, connection: "close" },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // Another customer: through their own user id or the owner's, the request and file are 404.
    for (const path of [
      `/users/${c.userId}/requests/${requestId}`,
      `/users/${c.userId}/requests/${requestId}/file`,
      `/users/${h.userId}/requests/${requestId}`,
      `/users/${h.userId}/requests/${requestId}/file`,
    ]) {
      expect((await api.call(path, { token: other })).status, path).toBe(404);
    }
    // A seeded request has no file; an unknown or malformed id is 404.
    const seeded = server.query<{ id: number }>(
      `select id from requests where user_id = ${h.userId} and status = 'completed' limit 1`,
    )[0]?.id;
    expect((await api.call(`/users/${h.userId}/requests/${seeded}/file`, { token })).status).toBe(
      404,
    );
    expect((await api.call(`/users/${h.userId}/requests/999999`, { token })).status).toBe(404);
    expect((await api.call(`/users/${h.userId}/requests/abc`, { token })).status).toBe(404);
  });

  it("contact messages in the same table stay out of the list and detail", async () => {
    const r = await api.call("/contact", {
      body: { name: "Test", email: "t@example.gr", subject: "s", message: "m", website: "" },
    });
    expect(r.status).toBe(201);
    const contact = server.query<{ id: number }>(
      `select id from requests where reference = '${r.body.data.reference}'`,
    )[0]?.id;
    expect(contact).toBeTypeOf("number");
    expect((await api.call(`/users/${h.userId}/requests/${contact}`, { token })).status).toBe(404);
    const list = await api.call(`/users/${h.userId}/requests`, { token });
    expect(
      (list.body.data as Array<{ reference: string }>).some((x) => x.reference.startsWith("C-")),
    ).toBe(false);
  });
});
