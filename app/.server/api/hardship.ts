import type {
  ApiBillSocialTariff,
  ApiSocialTariff,
  ApiVulnerable,
  ApiVulnerableApplication,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * #38 §2 §3 (api/hardship/routes.ts): a supply's ΚΟΤ, the card's dismissal, the register's status,
 * an application with its certificate, and the certificate's download. A refusal is given back,
 * never a sign-out (the page's bearer check already passed).
 */
const soft = { onAuthFailure: "return" } as const;

/** GET /users/{id}/meters/{meterId}/social-tariff. */
export function getSocialTariff(api: ApiClient, meterId: number) {
  return api.request<ApiSocialTariff>(
    "GET",
    `/users/${api.userId()}/meters/${meterId}/social-tariff`,
    soft,
  );
}

/** POST /users/{id}/social-tariff-card/dismissal: the card stays closed for this person. */
export function dismissSocialTariffCard(api: ApiClient) {
  return api.request<{ ok: true }>("POST", `/users/${api.userId()}/social-tariff-card/dismissal`, {
    ...soft,
    body: {},
  });
}

/** GET /users/{id}/meters/{meterId}/vulnerable. */
export function getVulnerable(api: ApiClient, meterId: number) {
  return api.request<ApiVulnerable>(
    "GET",
    `/users/${api.userId()}/meters/${meterId}/vulnerable`,
    soft,
  );
}

export type ApplicationResult =
  | { ok: true; application: ApiVulnerableApplication }
  | {
      ok: false;
      status: number;
      code: string | null;
      field: string | null;
      message: string | null;
    };

/** POST /users/{id}/meters/{meterId}/vulnerable-application (multipart, as the form posts it). */
export async function fileApplication(
  api: ApiClient,
  meterId: number,
  form: { category: string; declarations: readonly string[]; certificate: File | null },
): Promise<ApplicationResult> {
  const body = new FormData();
  body.set("category", form.category);
  for (const d of form.declarations) body.append("declarations", d);
  if (form.certificate) body.set("certificate", form.certificate, form.certificate.name || "file");
  const response = await api.file(
    "POST",
    `/users/${api.userId()}/meters/${meterId}/vulnerable-application`,
    { body, accept: "application/json" },
  );
  if (!response) return { ok: false, status: 0, code: null, field: null, message: null };
  const json = (await response.json().catch(() => null)) as {
    data?: ApiVulnerableApplication;
    error?: { code?: string; field?: string; message?: string };
  } | null;
  if (response.status === 201 && json?.data) return { ok: true, application: json.data };
  return {
    ok: false,
    status: response.status,
    code: json?.error?.code ?? null,
    field: json?.error?.field ?? null,
    message: json?.error?.message ?? null,
  };
}

/** GET /users/{id}/meters/{meterId}/vulnerable-certificate: the file, for the master only. */
export function certificateFile(api: ApiClient, meterId: number) {
  return api.file("GET", `/users/${api.userId()}/meters/${meterId}/vulnerable-certificate`, {
    accept: "*/*",
  });
}

/** GET /invoices/{id}/social-tariff: the ΚΟΤ discount within a bill's energy charge, or null. */
export function billSocialTariff(api: ApiClient, invoiceId: number) {
  return api.request<ApiBillSocialTariff>("GET", `/invoices/${invoiceId}/social-tariff`, soft);
}
