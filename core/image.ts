/**
 * Avatar images (spec §5, §9; design §3 "uploads"): the type comes from the bytes, never from the
 * file name or the declared content type, and every byte that is not picture data (EXIF with GPS
 * positions, XMP, comments, ICC profiles, text chunks) is dropped before the file is stored. Pure
 * functions over Uint8Array, so they run in the Worker and in unit tests alike.
 */

export const AVATAR_MAX_BYTES = 1024 * 1024;

export type ImageKind = "jpeg" | "png";

export const IMAGE_CONTENT_TYPE: Record<ImageKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
};

export const IMAGE_EXTENSION: Record<ImageKind, string> = { jpeg: "jpg", png: "png" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG or PNG by magic bytes; anything else (SVG, HTML, EXE, GIF, a renamed file) is null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PNG chunks a browser needs to draw the picture; every ancillary text/metadata chunk goes. */
const PNG_KEEP = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "sBIT"]);

function stripPng(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let sawHeader = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!sawHeader && type !== "IHDR") return null;
    sawHeader = true;
    if (PNG_KEEP.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return concat(parts);
  }
  return null; // no IEND: truncated or not a PNG
}

/**
 * JPEG: keeps the frame, tables and scan data; drops APP1–APP15 (EXIF, XMP, ICC, Photoshop) and
 * COM segments. APP0 (JFIF) is kept: it holds only the pixel density.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      return concat(parts);
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(at, at + 2 + length);
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data runs to the end marker; keep everything after it.
      parts.push(bytes.subarray(at));
      return concat(parts);
    }
    const metadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
    if (!metadata) parts.push(segment);
    at += 2 + length;
  }
  return null;
}

export type AvatarCheck =
  | { ok: true; kind: ImageKind; bytes: Uint8Array<ArrayBuffer> }
  | { ok: false; error: "fileErrorFormt" | "fileErrorSize" };

/**
 * The whole avatar rule: under 1 MB, JPEG or PNG by content, structurally sound, metadata removed.
 * Errors are the spec's keys (settingsModal.fileErrorFormt / fileErrorSize).
 */
export function checkAvatar(bytes: Uint8Array): AvatarCheck {
  if (bytes.length >= AVATAR_MAX_BYTES) return { ok: false, error: "fileErrorSize" };
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, error: "fileErrorFormt" };
  const stripped = kind === "png" ? stripPng(bytes) : stripJpeg(bytes);
  if (!stripped) return { ok: false, error: "fileErrorFormt" };
  return { ok: true, kind, bytes: stripped };
}
