import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { ApiError, MESSAGE_KEY } from "./errors";

/**
 * Validation failures as the API answers them: 400 `validation` with the path of the first bad
 * field and a message KEY the portal translates ("validate.require", "directDebit:errors.expiry").
 * Never zod's own text ("Invalid input: expected string, received number"), its issue details
 * (expected/received, the allowed options, unrecognised keys) or anything of the input: those
 * describe the implementation, echo what was sent, and are untranslated English (issue #14.11).
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

/**
 * zod validation whose failures use the API's error body (validationError). Non-JSON bodies
 * validate as `{}`, so they fail here too.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error, result.data);
  });
}
