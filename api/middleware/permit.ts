import { createMiddleware } from "hono/factory";
import { can, type Action } from "../../core/permissions";
import { ApiError } from "../lib/errors";
import { personOf } from "../services/customers";
import { isTokenRequest } from "../tokens/use";
import type { ApiEnv } from "../types";

/** The action each `permit` middleware stands for (tests/unit/route-permissions.test.ts). */
const actions = new WeakMap<object, Action>();

/**
 * After requireBearer: the signed-in person's role must allow `action` (core/permissions.ts), else
 * 403 `not_permitted`, which never ends the session (unlike `forbidden`). A removed person is a
 * 404, as a missing user. Every route that takes a bearer names its action: a unit test fails on
 * one that does not. Which supplies the person sees is the services' queries (SupplyScope). A
 * personal access token passes only `read` (#19).
 */
export function permit(action: Action) {
  const middleware = createMiddleware<ApiEnv>(async (c, next) => {
    // A personal access token only reads (#19); requireBearer already refused its writes.
    if (action !== "read" && isTokenRequest(c)) throw new ApiError(403, "not_permitted");
    const person = await personOf(c.get("db"), c.get("auth").userId);
    if (!can(person.role, action)) throw new ApiError(403, "not_permitted");
    await next();
  });
  actions.set(middleware, action);
  return middleware;
}

/** The action a route handler checks, when it is a `permit` middleware. */
export function permittedActionOf(handler: unknown): Action | undefined {
  return typeof handler === "function" ? actions.get(handler) : undefined;
}
