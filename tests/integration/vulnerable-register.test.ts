import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/calendar.ts";
import { athensToday } from "../../core/dates.ts";
import { VULNERABLE } from "../../core/hardship.ts";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { createServiceClient } from "./backoffice-client";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

/*
 * #38 §3 the vulnerable-customers register against the real Worker: the household's master
 * applies for its main supply with a doctor's certificate (checked as request uploads are: by its
 * bytes, at most 5 MB); the certificate is kept apart (its own table, the `health/` prefix) and
 * read only by the master (the API, the page's download link) and the back office (scope
 * register); another person of the account sees the application, not the certificate, and cannot
 * apply; another customer's supply is 404. The changes export lists the new application, the
 * billing system decides it through the back office, the page then shows what the register gives,
 * and the hourly clean-up deletes the certificate (row and object) 30 days after the decision.
 */
const h = DEMO.household;
const today = athensToday();

let server: TestServer;
let api: ReturnType<typeof createClient>;
let master: string;
let helper: string;
let helperId: number;
let company: string;
let register: string;
let exportOnly: string;
let cookie: string;

const PDF = new TextEncoder().encode("%PDF-1.4\n% a doctor's certificate\n%%EOF\n");
const DECLARATIONS = ["equipment_at_home", "certificate_true", "main_home", "true_and_checkable"];

async function apply(
  token: string,
  meterId: number,
  fields: {
    category?: string;
    declarations?: string[];
    file?: { bytes: Uint8Array; name: string; type: string };
  },
  userId: number = h.userId,
) {
  const body = new FormData();
  if (fields.category) body.set("category", fields.category);
  for (const d of fields.declarations ?? []) body.append("declarations", d);
  if (fields.file)
    body.set(
      "certificate",
      new Blob([fields.file.bytes as Uint8Array<ArrayBuffer>], { type: fields.file.type }),
      fields.file.name,
    );
  const response = await fetchWorker(
    `${server.baseUrl}/api/users/${userId}/meters/${meterId}/vulnerable-application`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, origin: server.baseUrl, connection: "close" },
      body,
    },
  );
  const json = (await response.json().catch(() => null)) as {
    data?: { id: number; status: string; certificate: unknown };
    error?: { code: string; field?: string; message?: string };
  } | null;
  return { status: response.status, data: json?.data, error: json?.error };
}
const status = (token: string, meterId: number = h.mainMeterId, userId: number = h.userId) =>
  api.call(`/users/${userId}/meters/${meterId}/vulnerable`, { token });
const certificate = (token: string, meterId: number = h.mainMeterId, userId: number = h.userId) =>
  fetchWorker(`${server.baseUrl}/api/users/${userId}/meters/${meterId}/vulnerable-certificate`, {
    headers: { authorization: `Bearer ${token}`, connection: "close" },
  });
const backoffice = (
  path: string,
  credential: string,
  init: { method?: string; body?: unknown } = {},
) =>
  api.call(`/backoffice${path}`, {
    ...init,
    headers: { authorization: `Bearer ${credential}` },
    origin: false,
  });
const page = async (path: string, withCookie = cookie) => {
  const r = await fetchWorker(`${server.baseUrl}${path}`, {
    headers: { cookie: withCookie, connection: "close" },
    redirect: "manual",
  });
  return { status: r.status, text: await r.text(), headers: r.headers };
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  master = (await api.login(h.vat)).access_token;
  company = (await api.login(DEMO.company.vat)).access_token;
  // A second person of the household (a relative with the role `user`, #38 §4's kind).
  [{ id: helperId }] = server.query<{ id: number }>(
    `INSERT INTO users (customer_id, username, name, welcome_name, registration_email, password_hash, test_role, all_supplies, needs_activation)
       SELECT customer_id, 'kot-helper@example.gr', 'Ελένη Π.', 'Ελένη', 'kot-helper@example.gr', password_hash, 'user', 1, 0
       FROM users WHERE id = ${h.userId} RETURNING id`,
  ) as [{ id: number }];
  helper = (await api.login("kot-helper@example.gr")).access_token;
  register = createServiceClient(server, "register-feed", ["register"]).credential;
  exportOnly = createServiceClient(server, "export-only", ["customers"]).credential;
  cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("#38 §3 before applying", () => {
  it("is not registered, has ΚΟΤ (so joins by right), and may apply", async () => {
    const r = await status(master);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      registration: null,
      registered: false,
      application: null,
      has_social_tariff: true,
      may_apply: true,
    });
    expect((await status(helper, h.mainMeterId, helperId)).body.data.may_apply).toBe(false);
  });
});

describe("#38 §3 the application is refused", () => {
  const lifeSupport = { category: "life_support", declarations: DECLARATIONS };

  it.each([
    ["without a certificate", {}, "certificate", "required"],
    [
      "with an HTML page named .pdf (type by content)",
      {
        file: {
          bytes: new TextEncoder().encode("<html><script>x</script>"),
          name: "cert.pdf",
          type: "application/pdf",
        },
      },
      "certificate",
      "type",
    ],
    [
      "with a certificate over 5 MB",
      {
        file: {
          bytes: (() => {
            const big = new Uint8Array(VULNERABLE.certificateMaxBytes + 1);
            big.set(PDF);
            return big;
          })(),
          name: "big.pdf",
          type: "application/pdf",
        },
      },
      "certificate",
      "size",
    ],
  ])("%s", async (_, extra, field, message) => {
    const r = await apply(master, h.mainMeterId, { ...lifeSupport, ...extra });
    expect(r.status, JSON.stringify(r)).toBe(400);
    expect(r.error).toMatchObject({
      code: "validation",
      field,
      message: `hardship:register.errors.certificate.${message}`,
    });
  });

  it("without the declarations the category needs, or an unknown category", async () => {
    const r = await apply(master, h.mainMeterId, {
      category: "over_70_alone",
      declarations: ["aged_70", "main_home", "true_and_checkable"],
    });
    expect(r.error).toMatchObject({
      field: "declarations",
      message: "hardship:register.errors.declarations",
    });
    expect((await apply(master, h.mainMeterId, { category: "rich" })).error?.field).toBe(
      "category",
    );
  });

  it("by right of ΚΟΤ for a supply without one (the gas supply)", async () => {
    const r = await apply(master, h.gasMeterId, {
      category: "social_tariff",
      declarations: ["main_home", "true_and_checkable"],
    });
    expect(r.error).toMatchObject({
      field: "category",
      message: "hardship:register.errors.noSocialTariff",
    });
  });

  it("for another customer's supply or path (404), and for a person who is not the master (403)", async () => {
    const file = { bytes: PDF, name: "cert.pdf", type: "application/pdf" };
    expect((await apply(master, DEMO.company.firstMeterId, { ...lifeSupport, file })).status).toBe(
      404,
    );
    expect(
      (await apply(company, h.mainMeterId, { ...lifeSupport, file }, DEMO.company.userId)).status,
    ).toBe(404);
    const user = await apply(helper, h.mainMeterId, { ...lifeSupport, file }, helperId);
    expect(user.status).toBe(403);
    expect(user.error?.code).toBe("not_permitted");
    expect(server.query(`SELECT id FROM vulnerable_applications`)).toEqual([]);
  });
});

describe("#38 §3 an application with its certificate", () => {
  let applicationId: number;

  it("is filed (201), its certificate kept apart, a second one refused while it is open", async () => {
    const r = await apply(master, h.mainMeterId, {
      category: "life_support",
      declarations: DECLARATIONS,
      file: { bytes: PDF, name: "Βεβαίωση γιατρού.exe", type: "application/octet-stream" },
    });
    expect(r.status, JSON.stringify(r)).toBe(201);
    expect(r.data).toMatchObject({
      status: "submitted",
      certificate: {
        name: "Βεβαίωση γιατρού.pdf",
        content_type: "application/pdf",
        size: PDF.length,
      },
    });
    applicationId = r.data!.id;
    const [row] = server.query<{ r2_key: string }>(
      `SELECT r2_key FROM vulnerable_certificates WHERE application_id = ${applicationId}`,
    );
    expect(row!.r2_key).toMatch(
      new RegExp(`^health/vulnerable/${h.mainMeterId}/[A-Za-z0-9_-]+\\.pdf$`),
    );
    // Not among the request uploads.
    expect(server.query(`SELECT id FROM request_files WHERE r2_key = '${row!.r2_key}'`)).toEqual(
      [],
    );
    const again = await apply(master, h.mainMeterId, {
      category: "over_70_alone",
      declarations: ["aged_70", "lives_alone", "main_home", "true_and_checkable"],
    });
    expect(again.status).toBe(400);
    expect(again.error?.code).toBe("request_already_open");
  });

  it("is read by the master only: the API, the page's download; another person sees no certificate", async () => {
    const own = await certificate(master);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    expect((await certificate(helper, h.mainMeterId, helperId)).status).toBe(403);
    expect(
      (await certificate(company, DEMO.company.firstMeterId, DEMO.company.userId)).status,
    ).toBe(404);
    expect((await certificate(master, h.gasMeterId)).status).toBe(404);
    const seen = await status(helper, h.mainMeterId, helperId);
    expect(seen.body.data.application).toMatchObject({ id: applicationId, certificate: null });

    const download = await page(`/b2b/evalotes/vevaiosi?meter=${h.mainMeterId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
    const other = (await signInPage(server.baseUrl, DEMO.company.vat)).cookie;
    expect((await page(`/b2b/evalotes/vevaiosi?meter=${h.mainMeterId}`, other)).status).toBe(404);
    const html = (await page("/b2b/evalotes")).text;
    expect(html).toContain("Βεβαίωση γιατρού.pdf");
    expect(html).toContain("Λάβαμε την αίτησή σας");
  });

  it("is in the changes export, without health data; the back office reads the certificate with `register`", async () => {
    const changes = await backoffice("/changes?limit=1000", exportOnly);
    expect(changes.status).toBe(200);
    const item = (
      changes.body.items as Array<{ kind: string; data: Record<string, unknown> }>
    ).find((i) => i.kind === "vulnerable_application");
    expect(item?.data).toEqual({
      application_id: applicationId,
      category: "life_support",
      declarations: DECLARATIONS,
      status: "submitted",
      has_certificate: true,
      submitted_at: expect.any(String),
    });
    const path = `/vulnerable-applications/${applicationId}/certificate`;
    expect((await backoffice(path, exportOnly)).status).toBe(403);
    const read = await fetchWorker(`${server.baseUrl}/api/backoffice${path}`, {
      headers: { authorization: `Bearer ${register}`, connection: "close" },
    });
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PDF);
    expect((await backoffice("/vulnerable-applications/999999/certificate", register)).status).toBe(
      404,
    );
  });

  it("is decided by the billing system: in review, approved (registered), final", async () => {
    const decide = (body: unknown) =>
      backoffice(`/vulnerable-applications/${applicationId}/decision`, register, {
        method: "PUT",
        body,
      });
    expect((await decide({ status: "rejected" })).field).toBe("reason");
    expect((await decide({ status: "in_review" })).body.data.outcome).toBe("updated");
    expect((await page("/b2b/evalotes")).text).toContain("Η αίτησή σας ελέγχεται");
    const approved = await decide({ status: "approved" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.application).toMatchObject({
      status: "approved",
      certificate_deleted_on: addDays(today, VULNERABLE.certificateRetentionDays),
    });
    expect((await decide({ status: "approved" })).body.data.outcome).toBe("unchanged");
    const final = await decide({ status: "rejected", reason: "x" });
    expect(final.status).toBe(409);
    expect(final.code).toBe("already_decided");
    expect(
      server.query(
        `SELECT category, registered_at, valid_to FROM vulnerable_registrations WHERE meter_id = ${h.mainMeterId}`,
      ),
    ).toEqual([{ category: "life_support", registered_at: today, valid_to: null }]);

    const r = await status(master);
    expect(r.body.data).toMatchObject({ registered: true, may_apply: false });
    const html = (await page("/b2b/evalotes")).text;
    expect(html).toContain("Η παροχή είναι στο Μητρώο Ευάλωτων Πελατών");
    expect(html).toContain(`Τουλάχιστον ${VULNERABLE.minDaysToPay} ημέρες`);
    expect(html).toContain("έως 24 άτοκες δόσεις");
    expect(html).toContain(
      "Ιανουάριο, Φεβρουάριο, Μάρτιο, Ιούλιο, Αύγουστο, Νοέμβριο και Δεκέμβριο",
    );
    expect(html).toContain(VULNERABLE.contactPhone);
    // No form any more (its words travel in the page's translations, its fields do not).
    expect(html).not.toContain('name="declarations"');
  });

  it("loses its certificate (row and object) 30 days after the decision, and the page says so", async () => {
    const [{ r2_key }] = server.query<{ r2_key: string }>(
      `SELECT r2_key FROM vulnerable_certificates WHERE application_id = ${applicationId}`,
    ) as [{ r2_key: string }];
    const run = () =>
      fetch(
        `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&format=json`,
      );
    // 29 days after the decision it stays.
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    server.query(
      `UPDATE vulnerable_applications SET decided_at = '${at(29)}' WHERE id = ${applicationId}`,
    );
    expect((await run()).status).toBe(200);
    expect(
      server.query(
        `SELECT 1 AS kept FROM vulnerable_certificates WHERE application_id = ${applicationId}`,
      ),
    ).toEqual([{ kept: 1 }]);
    server.query(
      `UPDATE vulnerable_applications SET decided_at = '${at(31)}' WHERE id = ${applicationId}`,
    );
    expect((await run()).status).toBe(200);
    expect(
      server.query(`SELECT 1 FROM vulnerable_certificates WHERE application_id = ${applicationId}`),
    ).toEqual([]);
    expect((await certificate(master)).status).toBe(404);
    // The object went too: a row put back with the same key finds nothing to serve.
    server.query(
      `INSERT INTO vulnerable_certificates (application_id, r2_key, name, content_type, size, created_at)
         VALUES (${applicationId}, '${r2_key}', 'x.pdf', 'application/pdf', 1, '${at(31)}')`,
    );
    expect((await certificate(master)).status).toBe(404);
    server.query(`DELETE FROM vulnerable_certificates WHERE application_id = ${applicationId}`);
    const html = (await page("/b2b/evalotes")).text;
    expect(html).toContain("Η βεβαίωση διαγράφηκε, 30 ημέρες μετά την απόφαση.");
  });
});

describe("#38 §3 the registration feed", () => {
  it("registers and removes a supply by its key (scope register), unknown keys 404", async () => {
    server.query(
      `INSERT INTO backoffice_keys (kind, external_key, portal_id, content_hash, updated_at)
         VALUES ('supply', 'REG-GAS', ${h.gasMeterId}, 'x', '${new Date().toISOString()}')`,
    );
    const put = (body: unknown, credential = register, key = "REG-GAS") =>
      backoffice(`/supplies/${key}/vulnerable-registration`, credential, { method: "PUT", body });
    const item = { category: "over_70_alone", registered_at: today, valid_to: null };
    expect((await put(item, exportOnly)).status).toBe(403);
    expect((await put(item, register, "NO-SUCH")).status).toBe(404);
    expect((await put({ ...item, valid_to: addDays(today, -1) })).field).toBe("valid_to");
    expect((await put(item)).body.data.outcome).toBe("created");
    expect((await put(item)).body.data.outcome).toBe("unchanged");
    expect((await status(master, h.gasMeterId)).body.data.registered).toBe(true);
    expect(
      (
        await backoffice("/supplies/REG-GAS/vulnerable-registration", register, {
          method: "DELETE",
        })
      ).status,
    ).toBe(204);
    expect((await status(master, h.gasMeterId)).body.data.registered).toBe(false);
  });
});
