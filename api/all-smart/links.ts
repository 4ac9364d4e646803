import { badRequest } from "../lib/errors";
import { signToken, verifyToken } from "../lib/signing";
import { LINK_TTL_SECONDS } from "../../core/all-smart";

/**
 * The signed hash links (design §3): HMAC-signed, purpose-bound, expiring. The payload names
 * the customer (`c`, all-smart and mymarket) or the supply (`m`, change-address), nothing else.
 */
export type LinkPurpose = "all-smart" | "change-address" | "mymarket";

export async function signLink(
  secret: string,
  purpose: LinkPurpose,
  data: { c: number } | { m: number },
  expiresIn = LINK_TTL_SECONDS,
): Promise<string> {
  return signToken(secret, purpose, data, Math.floor(Date.now() / 1000) + expiresIn);
}

/** The id the link names; 400 `link_expired` ("expired link") or `bad_token` ("wrong link"). */
export async function verifyLink(
  secret: string,
  purpose: LinkPurpose,
  hash: string,
  key: "c" | "m",
): Promise<number> {
  const result = await verifyToken<Record<string, unknown>>(secret, purpose, hash);
  if (!result.ok) throw badRequest(result.reason === "expired" ? "link_expired" : "bad_token");
  const id = Number(result.data?.[key]);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest("bad_token");
  return id;
}
