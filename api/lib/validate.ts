import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, Next, ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import { resolver, uniqueSymbol } from "hono-openapi";
import type { z } from "zod";
import { ApiError, MESSAGE_KEY, notFound } from "./errors";

/**
 * Validation failures as the API answers them: 400 `validation` with the path of the first bad
 * field and a message KEY the portal translates ("validate.require", "directDebit:errors.expiry").
 * Never zod's own text ("Invalid input: expected string, received number"), its issue details
 * (expected/received, the allowed options, unrecognised keys) or anything of the input: those
 * describe the implementation, echo what was sent, and are untranslated English.
 */

/** A path segment that is a name of the schema (or an array index), not a key of the input. */
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Generic keys (forms namespace) for failures whose own message is zod's. */
export const REQUIRED_KEY = "validate.require";
export const INVALID_KEY = "validate.invalid";

type Issue = z.core.$ZodIssue;

/**
 * The issue's path as "items.0.amount", cut before the first segment that is not a plain name
 * or index (a record key or anything else taken from the input is never echoed).
 */
export function issueField(path: readonly PropertyKey[] | undefined): string | undefined {
  const kept: string[] = [];
  for (const segment of path ?? []) {
    if (typeof segment === "number" && Number.isSafeInteger(segment) && segment >= 0) {
      kept.push(String(segment));
    } else if (typeof segment === "string" && SEGMENT.test(segment)) {
      kept.push(segment);
    } else {
      break;
    }
  }
  return kept.length > 0 ? kept.join(".") : undefined;
}

/** The value at `path` in the input, or undefined (to tell "missing" from "wrong"). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const segment of path) {
    if (node === null || typeof node !== "object") return undefined;
    if (!Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  return node;
}

/** The issue's message when it is one of our keys; otherwise "required" or "invalid". */
export function issueMessage(issue: Issue | undefined, input?: unknown): string {
  if (issue && MESSAGE_KEY.test(issue.message)) return issue.message;
  const missing =
    issue !== undefined &&
    issue.code === "invalid_type" &&
    issue.path.length > 0 &&
    valueAt(input, issue.path) === undefined;
  return missing ? REQUIRED_KEY : INVALID_KEY;
}

/** The API's answer to a failed zod parse of `input`. */
export function validationError(error: { issues: readonly Issue[] }, input?: unknown): ApiError {
  const issue = error.issues[0];
  return new ApiError(400, "validation", {
    field: issueField(issue?.path),
    message: issueMessage(issue, input),
  });
}

/** What a route declares it reads: the target (json, form, query, param) and its schema. */
export interface RouteInput {
  target: keyof ValidationTargets;
  schema: z.ZodType;
  /** How a failure answers (ValidateOptions.invalid): the API description lists that code. */
  invalid: "validation" | "not_found";
}

/**
 * The validators, by middleware function: Hono's route table (app.routes) lists every middleware
 * of a route, so the inputs of each route can be read from it (tests/unit/route-contracts.test.ts
 * fails for a route that reads an input without a schema, and an API description is generated
 * from the same table).
 */
const ROUTE_INPUTS = new WeakMap<object, RouteInput>();

/** The input a route's middleware validates, or undefined when it is not a validator. */
export const routeInputOf = (handler: unknown): RouteInput | undefined =>
  typeof handler === "function" ? ROUTE_INPUTS.get(handler) : undefined;

export interface ValidateOptions {
  /**
   * "not_found": a failure answers 404 not_found instead of 400 validation. For path ids: a
   * malformed id is a missing row, exactly like another customer's (nothing tells them apart).
   */
  invalid?: "validation" | "not_found";
  /** Runs on the raw input before the verdict (a honeypot that must win over any other error). */
  first?: (input: unknown) => void;
  /**
   * The answer to a body that does not parse at all (broken JSON or multipart), instead of a bare
   * 400 validation: an upload says which field to fix.
   */
  malformed?: () => ApiError;
}

/** `middleware`, with the parser's own refusal (an HTTPException before the schema) replaced. */
function answeringMalformed<M extends MiddlewareHandler>(middleware: M, answer: () => ApiError): M {
  const wrapped = async (c: Context, next: Next) => {
    let parsed = false;
    try {
      return await middleware(c, async () => {
        parsed = true;
        await next();
      });
    } catch (error) {
      if (!parsed && error instanceof HTTPException) throw answer();
      throw error;
    }
  };
  return wrapped as M;
}

/**
 * zod validation whose failures use the API's error body (validationError). Non-JSON bodies
 * validate as `{}`, so they fail here too.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  options: ValidateOptions = {},
) {
  const middleware = zValidator(target, schema, (result) => {
    options.first?.(result.data);
    if (result.success) return;
    if (options.invalid === "not_found") throw notFound();
    throw validationError(result.error, result.data);
  });
  const checked = options.malformed
    ? answeringMalformed(middleware, options.malformed)
    : middleware;
  ROUTE_INPUTS.set(checked, { target, schema, invalid: options.invalid ?? "validation" });
  // The mark hono-openapi's own validator() leaves (its request body or parameters), so that the
  // API description (api/lib/openapi.ts) takes the request from this very schema.
  return Object.assign(checked, { [uniqueSymbol]: { target, ...resolver(schema) } });
}
