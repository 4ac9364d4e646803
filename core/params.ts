import { z } from "zod";

/**
 * Path parameters of the API's per-user routes. `:userId` is any string here: the owner check
 * (the token's user) answers 404 for anything else, exactly as for a user that does not exist, so
 * a malformed id must not turn into a 400 that tells the two apart.
 */
export const userParams = z.object({ userId: z.string() });

/**
 * `:hash` of a signed link. Any string: the signature check answers `bad_token` or `link_expired`
 * (400) for anything it does not accept, and its answer must stay the one that decides.
 */
export const linkParams = z.object({ hash: z.string() });
