/**
 * Rules of the name-change, supply-cancellation and tariff-switch requests, shared by the API and
 * the portal (app/domain/requests.ts). Pure functions: they run in the Worker and in unit tests
 * alike. A tariff switch (#37 §3) is filed from the tariffs page (/b2b/timologia), not from a
 * form of its own, and carries the product's key; it has no attachment.
 */
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION, sniffImage } from "../image";

export const REQUEST_KINDS = ["name_change", "cancellation", "tariff_switch"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ["submitted", "in_review", "completed", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Open requests block a second one of the same kind for the same supply. */
export const OPEN_STATUSES: readonly RequestStatus[] = ["submitted", "in_review"];

export const isOpenStatus = (status: string) =>
  (OPEN_STATUSES as readonly string[]).includes(status);

/** Attachments: one file, at most 5 MB, PDF, JPEG or PNG judged by its bytes. */
export const REQUEST_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** A draft upload is kept this long for the form that uploaded it. */
export const DRAFT_TTL_SECONDS = 24 * 60 * 60;

export type FileKind = "pdf" | "jpeg" | "png";

export const FILE_CONTENT_TYPE: Record<FileKind, string> = {
  pdf: "application/pdf",
  ...IMAGE_CONTENT_TYPE,
};
export const FILE_EXTENSION: Record<FileKind, string> = { pdf: "pdf", ...IMAGE_EXTENSION };

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/**
 * PDF (%PDF-), JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A) by magic bytes, whatever the
 * file's name or declared type; a renamed EXE, HTML or SVG is null. Images use the avatar's check.
 */
export function sniffFile(bytes: Uint8Array): FileKind | null {
  if (bytes.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return "pdf";
  }
  return sniffImage(bytes);
}

/** Why an attachment is refused; the portal shows requests:errors.file.<reason>. */
export type FileProblem = "required" | "type" | "size";

export function checkFile(
  bytes: Uint8Array,
): { ok: true; kind: FileKind } | { ok: false; problem: FileProblem } {
  if (bytes.length === 0) return { ok: false, problem: "required" };
  if (bytes.length > REQUEST_FILE_MAX_BYTES) return { ok: false, problem: "size" };
  const kind = sniffFile(bytes);
  return kind ? { ok: true, kind } : { ok: false, problem: "type" };
}

/**
 * The uploader's file name, made safe to show and to put in a Content-Disposition header: no
 * path, no control or quote characters, at most 100 characters, and the extension of the real
 * type (a "report.exe" that is a PDF is stored as "report.pdf").
 */
export function cleanFileName(name: string, kind: FileKind): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/\p{Cc}/gu, "")
    .replace(/["<>|:*?;]/g, "")
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 90);
  return `${base || "file"}.${FILE_EXTENSION[kind]}`;
}

/** REQ-2026-000123: year of submission and the row id padded to six digits. */
export const requestReference = (id: number, year: number) =>
  `REQ-${year}-${String(id).padStart(6, "0")}`;

export const REFERENCE_PATTERN = /^REQ-\d{4}-\d{6,}$/;

/** Why a supply cannot get a request now; the portal shows requests:errors.rule.<reason>. */
export type RuleProblem =
  "not_active" | "not_normal" | "open_cancellation" | "open_name_change" | "open_tariff_switch";

/** The refusal of a second open request of a kind for one supply. */
const OPEN_PROBLEM: Record<RequestKind, RuleProblem> = {
  name_change: "open_name_change",
  cancellation: "open_cancellation",
  tariff_switch: "open_tariff_switch",
};

interface SupplyState {
  status: string;
}
interface ExistingRequest {
  meter_id: number | null;
  kind: string;
  status: string;
}

/** What a second open request of `kind` is refused with (the database's unique index too). */
export function openProblemOf(kind: RequestKind): RuleProblem {
  return OPEN_PROBLEM[kind];
}

/**
 * May this supply get a request of this kind now?
 * - cancellation: only an Active supply (a Stopped one is already cut off; intermediate ones are
 *   applications, not supplies), and only without an open cancellation;
 * - name change: an Active or Stopped supply (the bills of a stopped one still carry the name),
 *   at most one open name change at a time;
 * - tariff switch: only an Active supply (a stopped one has no next billing period for the new
 *   tariff to start in), at most one open switch at a time (a second would leave the operator to
 *   guess which product the customer meant).
 */
export function requestBlocker(
  kind: RequestKind,
  meter: SupplyState & { id: number },
  existing: readonly ExistingRequest[],
): RuleProblem | null {
  if ((kind === "cancellation" || kind === "tariff_switch") && meter.status !== "Active") {
    return "not_active";
  }
  if (kind === "name_change" && meter.status !== "Active" && meter.status !== "Stopped") {
    return "not_normal";
  }
  const open = existing.some(
    (r) => r.meter_id === meter.id && r.kind === kind && isOpenStatus(r.status),
  );
  if (open) return OPEN_PROBLEM[kind];
  return null;
}

/** Cancellation reasons offered on the form (translated as requests:cancellation.reasons.<value>). */
export const CANCELLATION_REASONS = [
  "moving",
  "new_supplier",
  "property_sold",
  "demolition",
  "other",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
