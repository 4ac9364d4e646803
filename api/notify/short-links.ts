import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db";
import { shortLinks } from "./tables";

/**
 * /p/{code}: the short link of a bill's SMS (#36 §2). The signed pay link is about 110
 * characters, too long for one SMS segment with its text; the code (10 base62 characters, 59
 * random bits, unguessable within its lifetime) stands for it and expires with it. Resolving a
 * code reveals only the signed link, which the pay page checks as ever.
 */
export const SHORT_CODE = /^[A-Za-z0-9]{10}$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function newCode(): string {
  // 62 does not divide 256: draw bytes below 248 (4 × 62) so every character is equally likely.
  let code = "";
  while (code.length < 10) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 248 && code.length < 10) code += ALPHABET[byte % 62];
    }
  }
  return code;
}

export async function createShortLink(
  db: Db,
  path: string,
  expiresAt: Date,
  now = new Date(),
): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = newCode();
    const rows = await db
      .insert(shortLinks)
      .values({ code, path, expires_at: expiresAt.toISOString(), created_at: now.toISOString() })
      .onConflictDoNothing()
      .returning({ code: shortLinks.code });
    if (rows.length > 0) return code;
  }
  throw new Error("no free short code");
}

/** The path a live code stands for, or null (unknown, malformed or expired). */
export async function resolveShortLink(db: Db, code: string, now = new Date()) {
  if (!SHORT_CODE.test(code)) return null;
  const [row] = await db
    .select({ path: shortLinks.path })
    .from(shortLinks)
    .where(and(eq(shortLinks.code, code), gt(shortLinks.expires_at, now.toISOString())))
    .limit(1);
  return row?.path ?? null;
}
