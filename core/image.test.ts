import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, checkAvatar, sniffImage } from "./image";

function crc32(bytes: Uint8Array) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const PNG_SIG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (extra: Uint8Array[] = []) =>
  cat(
    PNG_SIG,
    chunk("IHDR", new Uint8Array(13)),
    ...extra,
    chunk("IDAT", new Uint8Array([1, 2, 3])),
    chunk("IEND", new Uint8Array()),
  );

const seg = (marker: number, payload: Uint8Array) =>
  cat(
    new Uint8Array([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
    payload,
  );
const jpeg = (extra: Uint8Array[] = []) =>
  cat(
    new Uint8Array([0xff, 0xd8]),
    seg(0xe0, new TextEncoder().encode("JFIF\0")),
    ...extra,
    seg(0xdb, new Uint8Array(65)),
    seg(0xda, new Uint8Array(10)),
    new Uint8Array([9, 9, 9, 0xff, 0xd9]),
  );

describe("avatar check (magic bytes, size, metadata)", () => {
  it("recognises JPEG and PNG by content only", () => {
    expect(sniffImage(png())).toBe("png");
    expect(sniffImage(jpeg())).toBe("jpeg");
    expect(
      sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<!doctype html><script>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBeNull(); // EXE
    expect(sniffImage(new TextEncoder().encode("GIF89a"))).toBeNull();
  });
  it("refuses renamed files, broken images and 1 MB or more", () => {
    expect(checkAvatar(new TextEncoder().encode("<svg/>"))).toEqual({
      ok: false,
      error: "fileErrorFormt",
    });
    expect(checkAvatar(PNG_SIG)).toEqual({ ok: false, error: "fileErrorFormt" });
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(png());
    expect(checkAvatar(big)).toEqual({ ok: false, error: "fileErrorSize" });
  });
  it("drops PNG text/EXIF chunks and JPEG APPn/COM segments", () => {
    const secret = new TextEncoder().encode("GPS 37.98N 23.72E");
    const p = checkAvatar(png([chunk("tEXt", secret), chunk("eXIf", secret)]));
    expect(p.ok && p.bytes).toEqual(png());
    const j = checkAvatar(
      jpeg([seg(0xe1, cat(new TextEncoder().encode("Exif\0\0"), secret)), seg(0xfe, secret)]),
    );
    expect(j.ok && j.bytes).toEqual(jpeg());
    const text = new TextDecoder().decode(j.ok ? j.bytes : new Uint8Array());
    expect(text).not.toContain("GPS");
  });
});
