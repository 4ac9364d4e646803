/**
 * Every JSON answer the integration tests receive is checked against the API description
 * (api/lib/openapi.ts, ADR 0019): a 2xx answer against the contract schema its route documents
 * for that status (the very zod schema the OpenAPI document was generated from), an error
 * against the error body. A mismatch throws, failing the test that made the call.
 */
import path from "node:path";
import type { z } from "zod";

interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}
interface Success {
  status: number;
  schema?: z.ZodType;
  media?: string[];
}
interface Route {
  method: string;
  pattern: RegExp;
  /** Static segments first: /people/supplies wins over /people/:personId, as in Hono's table. */
  specificity: number;
  answers: Success[];
}

interface Contract {
  routes: Route[];
  errorBody: z.ZodType;
  devOnly: RegExp;
}

let contract: Promise<Contract> | undefined;

async function load(): Promise<Contract> {
  const root = path.resolve(import.meta.dirname, "../..");
  // Imported by path at run time: the API's types need the Workers runtime types, which the
  // Node typecheck of the tests does not load.
  const importFile = (file: string) => import(/* @vite-ignore */ path.join(root, file));
  const { apiApp } = (await importFile("api/app.ts")) as { apiApp: { routes: RouteEntry[] } };
  const openapi = (await importFile("api/lib/openapi.ts")) as {
    routeTable: (app: unknown) => Map<string, RouteEntry[]>;
    answersOf: (handler: unknown) => Success[] | undefined;
    DEV_ONLY: RegExp;
  };
  const { apiErrorBodySchema } = (await importFile("core/contract/errors.ts")) as {
    apiErrorBodySchema: z.ZodType;
  };
  const routes: Route[] = [];
  for (const [key, handlers] of openapi.routeTable(apiApp)) {
    const [method = "", honoPath = ""] = key.split(" ");
    const answers = handlers.flatMap((h) => openapi.answersOf(h.handler) ?? []);
    const segments = honoPath.split("/").filter(Boolean);
    const source = segments
      .map((s) => (s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    routes.push({
      method,
      pattern: new RegExp(`^/${source}/?$`),
      specificity: segments.filter((s) => !s.startsWith(":")).length,
      answers,
    });
  }
  routes.sort((a, b) => b.specificity - a.specificity);
  return { routes, errorBody: apiErrorBodySchema, devOnly: openapi.DEV_ONLY };
}

/**
 * Throws when `body` (a parsed JSON answer of `method url`) does not match what the API
 * description says that route answers with `status`.
 */
export async function checkAnswer(method: string, url: string, status: number, body: unknown) {
  if (body === null || typeof body !== "object") return; // empty, or not JSON
  contract ??= load();
  const { routes, errorBody, devOnly } = await contract;
  const pathname = new URL(url).pathname;
  const where = `${method} ${pathname} → ${status}`;
  if (status >= 400) {
    const result = errorBody.safeParse(body);
    if (!result.success) {
      throw new Error(`${where}: not the error body of the API description: ${result.error}`);
    }
    return;
  }
  if (devOnly.test(pathname)) return;
  const route = routes.find((r) => r.method === method && r.pattern.test(pathname));
  if (!route) throw new Error(`${where}: no route of the API description answers this`);
  const answer = route.answers.find((a) => a.status === status);
  if (!answer) {
    throw new Error(
      `${where}: the API description does not list this status (${route.answers.map((a) => a.status).join(", ")})`,
    );
  }
  if (!answer.schema) return; // a file or a page, described in words
  const result = answer.schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${where}: the answer does not match its schema: ${result.error}`);
  }
  // The description's objects are closed (additionalProperties: false): a field the schema does
  // not name is one the document does not describe. zod drops such keys, so they are those of
  // the answer that its parse no longer has.
  const extra = extraKeys(body, result.data);
  if (extra.length > 0) {
    throw new Error(`${where}: fields the API description does not have: ${extra.join(", ")}`);
  }
}

/** Paths of the object keys in `sent` that `parsed` (zod's output for it) no longer has. */
export function extraKeys(sent: unknown, parsed: unknown, at = ""): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => extraKeys(item, parsed[i], `${at}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed
      ? extraKeys(sent[key], parsed[key], at ? `${at}.${key}` : key)
      : [at ? `${at}.${key}` : key],
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
