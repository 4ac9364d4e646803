/**
 * PBKDF2-SHA256 password hashing with WebCrypto. 100,000 iterations is the most the Workers
 * runtime allows; the parameters are stored with the hash so they can be raised later.
 * Format: pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>
 */
export const PBKDF2_ITERATIONS = 100_000;
const ITERATIONS = PBKDF2_ITERATIONS;
const KEY_BYTES = 32;

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(
  password: string,
  salt?: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const usedSalt = salt ?? crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, usedSalt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(usedSalt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterationsText || !saltText || !hashText) return false;
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > ITERATIONS) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  if (actual.length !== expected.length) return false;
  // Constant-time comparison.
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

/** The hash of a random, forgotten password: what an unknown username is checked against. */
const DUMMY_HASH =
  "pbkdf2-sha256$100000$maIVntxU68NlOZFc+l2+ow==$EPPIlfGg/GbwuRioYxep0D0swqnaojYbk0wOYoZ4iHo=";

/**
 * Like verifyPassword, but an unknown user (no stored hash) costs the same PBKDF2 run and is
 * refused, so the response time does not tell which usernames exist.
 */
export async function verifyPasswordOrDummy(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
