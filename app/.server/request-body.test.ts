import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { actionTarget, mediaType, parsesAsForm, readLimited, settleBody } from "./request-body";

type Manifest = ServerBuild["routes"];
type RouteModule = NonNullable<Manifest[string]>["module"];

/** A route manifest as the server build has it: the root, a layout, index and leaf routes. */
function manifest(): Manifest {
  const route = (
    id: string,
    parentId: string | undefined,
    options: { path?: string; index?: boolean },
    module: Partial<RouteModule>,
  ) => ({ id, parentId, ...options, module: module as RouteModule });
  const page = () => null;
  return {
    root: route("root", undefined, { path: "" }, { default: page, ErrorBoundary: page }),
    landing: route("landing", "root", { index: true }, { default: page, action: () => null }),
    login: route("login", "root", { path: "login" }, { default: page, action: () => null }),
    terms: route("terms", "root", { path: "terms" }, { default: page }),
    layout: route("layout", "root", {}, { default: page }),
    b2bIndex: route("b2bIndex", "layout", { path: "b2b", index: true }, { default: page }),
    settings: route(
      "settings",
      "layout",
      { path: "b2b/settings" },
      { default: page, action: () => null },
    ),
    pdf: route("pdf", "layout", { path: "b2b/invoice-pdf/:id" }, { loader: () => null }),
    back: route("back", "root", { path: "checkout-return" }, { action: () => null }),
  } as Manifest;
}

describe("actionTarget: the route a POST reaches, as React Router finds it", () => {
  const routes = manifest();
  it.each([
    ["/login", "", "login", true, false],
    ["/", "?index", "landing", true, false],
    // Without ?index a post to "/" is the root's (no action): React Router answers 405.
    ["/", "", "root", false, false],
    ["/terms", "", "terms", false, false],
    ["/b2b/settings", "", "settings", true, false],
    ["/b2b/invoice-pdf/7", "", "pdf", false, true],
    ["/checkout-return", "?x=1", "back", true, true],
  ])("%s%s → %s", (pathname, search, id, hasAction, isResource) => {
    expect(actionTarget(routes, pathname, search)).toEqual({ id, hasAction, isResource });
  });

  it("null when nothing matches", () => {
    expect(actionTarget(routes, "/nowhere", "")).toBeNull();
  });
});

describe("mediaType", () => {
  it.each([
    ["application/x-www-form-urlencoded;charset=UTF-8", "application/x-www-form-urlencoded"],
    ["Multipart/Form-Data; boundary=x", "multipart/form-data"],
    [" text/plain ", "text/plain"],
    [null, ""],
  ])("%s → %s", (header, type) => expect(mediaType(header)).toBe(type));
});

/** A body of `total` bytes in 64 KB chunks that counts how much was pulled from it. */
function counted(total: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(65_536, total - state.pulled));
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("readLimited", () => {
  it("reads a body within the limit whole", async () => {
    const { stream } = counted(100_000);
    const read = await readLimited(stream, 200_000);
    expect(read.ok && read.bytes.byteLength).toBe(100_000);
  });

  it("cuts a longer body off at the limit and cancels the rest, never reading it whole", async () => {
    const { stream, state } = counted(150 * 1024 * 1024);
    expect(await readLimited(stream, 1024 * 1024)).toEqual({ ok: false, reason: "too-large" });
    expect(state.pulled).toBeLessThan(2 * 1024 * 1024);
    expect(state.cancelled).toBe(true);
  });

  it("a body that breaks off mid-way is 'broken'", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new Error("client went away"));
      },
    });
    expect(await readLimited(stream, 100)).toEqual({ ok: false, reason: "broken" });
  });
});

describe("parsesAsForm", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("accepts an urlencoded form and a well-formed multipart form", async () => {
    expect(await parsesAsForm(bytes("a=1&b=%CE%B1"), "application/x-www-form-urlencoded")).toBe(
      true,
    );
    const multipart = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    expect(await parsesAsForm(bytes(multipart), "multipart/form-data; boundary=b")).toBe(true);
  });

  it.each([
    ["no closing boundary", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ["not multipart at all", "garbage"],
  ])("refuses multipart with %s", async (_, body) => {
    expect(await parsesAsForm(bytes(body), "multipart/form-data; boundary=b")).toBe(false);
  });

  it("refuses multipart without a boundary", async () => {
    expect(await parsesAsForm(bytes("--b--\r\n"), "multipart/form-data")).toBe(false);
  });
});

describe("settleBody", () => {
  it("reads a short body with a stated length to its end", async () => {
    const { stream, state } = counted(300_000);
    await settleBody(stream, "300000");
    expect(state.pulled).toBe(300_000);
    expect(state.cancelled).toBe(false);
  });

  it("cancels a body without a length, or one stated too long", async () => {
    for (const length of [null, String(50 * 1024 * 1024)]) {
      const { stream, state } = counted(50 * 1024 * 1024);
      await settleBody(stream, length);
      expect(state.cancelled).toBe(true);
      expect(state.pulled).toBeLessThan(1024 * 1024);
    }
  });
});
