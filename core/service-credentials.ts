/**
 * Service credentials of the back-office API (#36 §1, docs/decisions/0030-backoffice-api.md):
 * the format the Worker checks (api/backoffice/auth.ts) and the CLI issues
 * (scripts/backoffice.ts).
 *
 * A credential is `nrgbo_<client id>_<secret>`: the id finds the client's row in one read, the
 * secret is 32 random bytes (base64url, 43 characters) of which only the SHA-256 is stored. It
 * never starts with `nrg_` (a personal access token) and is no JWT, so the customer routes refuse
 * it as an unknown bearer, and the back-office routes refuse every other kind of bearer.
 */
// No imports: scripts/backoffice.ts runs this module under Node as it is.

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export const SERVICE_SCOPES = [
  "customers",
  "supplies",
  "invoices",
  "payments",
  "readings",
  "messages",
  "tariffs",
  // #38 §3: register applications, their decisions and their doctor's certificates (health data),
  // apart from "customers" so that a client that reads the export need not read health data.
  "register",
] as const;
export type ServiceScope = (typeof SERVICE_SCOPES)[number];

export const SERVICE_TOKEN_PREFIX = "nrgbo_";
/** A client's name: what the activity log and the CLI show (`billing-sap`, `bank-rf`). */
export const SERVICE_CLIENT_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

const TOKEN = /^nrgbo_([1-9][0-9]{0,8})_([A-Za-z0-9_-]{43})$/;

export function isServiceScope(value: string): value is ServiceScope {
  return (SERVICE_SCOPES as readonly string[]).includes(value);
}

/** The id and secret of a well-formed credential, else null. */
export function parseServiceToken(bearer: string): { id: number; secret: string } | null {
  const match = TOKEN.exec(bearer);
  return match ? { id: Number(match[1]), secret: match[2]! } : null;
}

export const serviceToken = (id: number, secret: string) =>
  `${SERVICE_TOKEN_PREFIX}${id}_${secret}`;

/** A new secret: 256 random bits. */
export const newServiceSecret = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** What is stored of a secret (base64url SHA-256): a 256-bit secret needs no slow hash. */
export async function serviceSecretHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return base64url(new Uint8Array(digest));
}

/**
 * The scopes stored for a client (a JSON array): unknown or malformed entries are dropped, so a
 * damaged row opens less, never more.
 */
export function storedScopes(text: string | null | undefined): ServiceScope[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return [
      ...new Set(
        parsed.filter((s): s is ServiceScope => typeof s === "string" && isServiceScope(s)),
      ),
    ];
  } catch {
    return [];
  }
}

/** `customers,invoices` (the CLI's --scopes) → scopes, or the first unknown name. */
export function parseScopeList(
  text: string,
): { ok: true; scopes: ServiceScope[] } | { ok: false; unknown: string } {
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === "all") return { ok: true, scopes: [...SERVICE_SCOPES] };
  for (const name of names) if (!isServiceScope(name)) return { ok: false, unknown: name };
  if (names.length === 0) return { ok: false, unknown: "" };
  return { ok: true, scopes: [...new Set(names as ServiceScope[])] };
}
