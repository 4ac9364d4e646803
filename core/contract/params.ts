import { z } from "zod";

/**
 * Path parameters. An id stays a string: ownership checks compare the exact text of the path
 * with the caller's id ("007" is not user 7), and a malformed id answers like a missing one.
 */
export const pathId = z
  .string()
  .regex(/^\d{1,12}$/)
  .meta({ description: "A numeric id (digits only)" });

/** A row id that must be above 0, as a number. */
export const positivePathId = pathId.refine((value) => Number(value) > 0).transform(Number);

/** A secret or opaque value in the path: whoever holds it may use it. */
export const opaqueParam = (description: string) => z.string().min(1).meta({ description });

export const userParams = z.object({ userId: pathId });
export const userMeterParams = z.object({ userId: pathId, meterId: pathId });

/**
 * `:hash` of a signed link. Any text: the signature check answers `bad_token` or `link_expired`
 * for anything it does not accept, and its answer must stay the one that decides.
 */
export const linkParams = z.object({ hash: opaqueParam("A signed link's hash") });
