import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * zod validation whose failures use the API's error body: 400 `validation` naming the first bad
 * field (its path) and the zod message. Non-JSON bodies validate as `{}`, so they fail here too.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.map(String).join(".") || undefined;
      throw new ApiError(400, "validation", { field, message: issue?.message });
    }
  });
}
