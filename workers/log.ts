/**
 * The Worker's log: one JSON line per request and one per error, written with console.log /
 * console.error so that Workers Logs (`[observability]` in wrangler.toml) keeps them, and one
 * line each in `wrangler dev`'s output. A line carries only what an operator needs to follow a
 * request: its id, method, route pattern, status, duration and user id; for an error its name,
 * a redacted message and the stack frames. Never a token, password, card field, cookie, query
 * string or free text: routes are logged as patterns (`/pay/:hash`, never the hash), and error
 * messages pass through `redact`.
 */

export interface RequestLine {
  type: "request";
  /** `cf-ray` when Cloudflare set one, else a random id; the same id is on the request's errors. */
  id: string;
  method: string;
  /** The matched route pattern ("/b2b/logariasmoi/:invoiceId"), never the raw path or query. */
  route: string;
  status: number;
  /** Milliseconds until the response (its headers) was ready. */
  ms: number;
  /** The signed-in user, when there was one. */
  user?: number;
}

export interface ErrorLine {
  type: "error";
  id: string;
  route?: string;
  /** Where it was caught: "worker", "render", "loader", "scheduled", … */
  where: string;
  name: string;
  message: string;
  cause?: string;
  /** Stack frames only ("at …" lines, redacted): code locations, never the message again. */
  stack?: string[];
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as logged: one of the HTTP methods, anything else "OTHER" (no client text). */
export function logMethod(method: string): string {
  return METHODS.has(method) ? method : "OTHER";
}

/** Cloudflare's ray id: 16 hex digits and a data-centre code (`8f1c2b3a4d5e6f70-ATH`). */
const RAY = /^[0-9a-f]{16}(?:-[A-Z]{3})?$/i;

/**
 * The request's id: Cloudflare's `cf-ray` (the edge overwrites whatever a client sent, and it
 * matches the ray id of the Cloudflare dashboard), or a random id when there is none or it
 * does not look like one (local development, a forged header with text in it).
 */
export function requestId(headers: Headers): string {
  const ray = headers.get("cf-ray");
  if (ray && RAY.test(ray)) return ray;
  return crypto.randomUUID();
}

/** Key names whose values never go into a log line. */
const SENSITIVE_KEY =
  "password|passwd|pwd|secret|token|authorization|cookie|session|card|cvv|cvc|pan|iban|otp|code|hash|signature|key";

const REDACTIONS: Array<[RegExp, string]> = [
  // Drizzle's "Failed query: … params: a,b,c": the bound values are customer data (emails,
  // names, typed text); the statement before them is code and stays.
  [/\bparams: .*$/s, "params: [redacted]"],
  // Bearer and basic credentials.
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]"],
  // key=value, key: value, "key": "value" for sensitive names.
  [
    new RegExp(
      `((?:${SENSITIVE_KEY})[a-z_]*["']?\\s*[:=]\\s*)("[^"]*"|'[^']*'|[^\\s,;&)}\\]]+)`,
      "gi",
    ),
    "$1[redacted]",
  ],
  // Query strings and fragments: a URL keeps its origin and path.
  [/([^\s?#"'<>]*)[?#][^\s"'<>]*/g, "$1?[redacted]"],
  // JSON Web Tokens and other dotted tokens.
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g, "[token]"],
  // Email addresses.
  [/[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[A-Za-z]{2,}/g, "[email]"],
  // Long random-looking runs (tokens, hashes, ids in links): 20+ characters with a digit.
  [/\b(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}\b/g, "[token]"],
  // Card numbers (12 to 19 digits, spaces or dashes between them).
  [/\b\d(?:[ -]?\d){11,18}\b/g, "[number]"],
  // Phone, VAT and other numbers: six or more digits, spaces allowed (dates stay readable).
  [/\+?\d(?: ?\d){5,}/g, "[number]"],
];

/** For stack frames: code locations keep their line and column numbers. */
const FRAME_REDACTIONS = REDACTIONS.slice(0, -2);

const MAX_MESSAGE = 300;

/**
 * Makes a message safe to log: one line, at most 300 characters, with tokens, credentials,
 * query strings, email addresses and long numbers replaced by placeholders.
 */
export function redact(text: string, rules = REDACTIONS): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here
  let out = text.replace(/[\u0000-\u001f\u007f]+/g, " ");
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  out = out.replace(/\s+/g, " ").trim();
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
}

function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return /^[A-Za-z0-9_.$]{1,60}$/.test(name) ? name : "Error";
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return redact(error.message);
  if (typeof error === "string") return redact(error);
  return "";
}

/**
 * The stack's frames, redacted. Frames name code (function, file, line), not data, and help
 * most where an error is rare: production. The stack's first lines repeat the message; they
 * are left out, so the message is only ever logged once, redacted.
 */
function stackFrames(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || typeof error.stack !== "string") return undefined;
  const frames = error.stack
    .split("\n")
    .filter((line) => /^\s*at\s/.test(line))
    .slice(0, 10)
    .map((line) => redact(line, FRAME_REDACTIONS));
  return frames.length > 0 ? frames : undefined;
}

export function errorLine(
  error: unknown,
  { id, route, where }: { id: string; route?: string; where: string },
): ErrorLine {
  const line: ErrorLine = {
    type: "error",
    id,
    ...(route ? { route } : {}),
    where,
    name: errorName(error),
    message: errorMessage(error),
  };
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause !== undefined) line.cause = `${errorName(cause)}: ${errorMessage(cause)}`;
  const stack = stackFrames(error);
  if (stack) line.stack = stack;
  return line;
}

/** Writes one request line (console.log: Workers Logs' "log" level). */
export function logRequest(line: Omit<RequestLine, "type">): void {
  const out: RequestLine = { type: "request", ...line };
  console.log(JSON.stringify(out));
}

/** Writes one error line (console.error: Workers Logs' "error" level). */
export function logError(
  error: unknown,
  context: { id: string; route?: string; where: string },
): void {
  console.error(JSON.stringify(errorLine(error, context)));
}
