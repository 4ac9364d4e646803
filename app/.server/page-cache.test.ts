import { describe, expect, it } from "vitest";
import {
  cookiesWithout,
  fromCachedPage,
  PageStore,
  pageKey,
  type PageKeyInput,
  toCachedPage,
} from "./page-cache";

const base: PageKeyInput = {
  userId: 1,
  version: "1.40.3",
  url: "https://my.nrg.gr/b2b/episkopisi",
  locale: "el",
  now: new Date("2026-11-23T10:00:00Z"),
  session: {
    access_token: "a",
    refresh_token: "r",
    user_id: 1,
    selected_meter_id: 1,
    skin: 1,
    created_at: 1,
    last_seen: 2,
  },
  otherCookies: "",
};

describe("pageKey", () => {
  it("ignores what ticks: tokens and the session's timestamps", () => {
    const later = {
      ...base,
      session: { ...base.session, access_token: "b", refresh_token: "s", last_seen: 99 },
    };
    expect(pageKey(later)).toBe(pageKey(base));
  });

  it("changes with each input a page depends on", () => {
    const variants: Partial<PageKeyInput>[] = [
      { userId: 2 },
      { version: "1.41.3" },
      { version: "1.40.4" },
      { url: "https://my.nrg.gr/b2b/episkopisi?modal=pay-several" },
      { locale: "en" },
      { session: { ...base.session, selected_meter_id: 2 } },
      { session: { ...base.session, skin: 2 } },
      { session: { ...base.session, pay_several_dismissed: 1 } },
      { otherCookies: "cookie_consent=1" },
    ];
    const keys = new Set(variants.map((v) => pageKey({ ...base, ...v })));
    expect(keys.size).toBe(variants.length);
    expect(keys.has(pageKey(base))).toBe(false);
  });

  it("changes at midnight in Athens, before midnight UTC", () => {
    // 21:59 UTC is 23:59 in Athens (EET, winter); 22:00 UTC is already the next day there.
    const evening = pageKey({ ...base, now: new Date("2026-11-23T21:59:00Z") });
    const athensMidnight = pageKey({ ...base, now: new Date("2026-11-23T22:00:00Z") });
    const sameDay = pageKey({ ...base, now: new Date("2026-11-23T08:00:00Z") });
    expect(evening).toBe(sameDay);
    expect(athensMidnight).not.toBe(evening);
  });
});

describe("cookiesWithout", () => {
  it("drops the session cookie and orders the rest", () => {
    expect(cookiesWithout("b=2; __session=xyz; a=1", "__session")).toBe("a=1; b=2");
    expect(cookiesWithout(null, "__session")).toBe("");
  });
});

describe("cached pages", () => {
  it("carry the new response's nonce wherever the old one was", () => {
    const old = "0123456789abcdef0123456789abcdef";
    const fresh = "fedcba9876543210fedcba9876543210";
    const html = `<script nonce="${old}">a</script><p>x</p><script nonce="${old}">b</script>`;
    const response = new Response(html, {
      status: 200,
      headers: { "content-type": "text/html", "cache-control": "no-store", "set-cookie": "x=1" },
    });
    const page = toCachedPage(html, old, response);
    const replay = fromCachedPage(page, fresh);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("cache-control")).toBe("no-store");
    // A cookie set by the first render is never replayed to anyone.
    expect(replay.headers.get("set-cookie")).toBeNull();
    return replay.text().then((text) => {
      expect(text).toBe(html.replaceAll(old, fresh));
      expect(text).not.toContain(old);
    });
  });
});

describe("cached pages with a form key", () => {
  it("carry a fresh key where the old one was, and the nonce where the nonce was", async () => {
    const nonce = "0123456789abcdef0123456789abcdef";
    const key = "AAAAAAAAAAAAAAAAAAAAAA";
    const html = `<script nonce="${nonce}">a</script><input name="k" value="${key}">${key}|${nonce}`;
    const page = toCachedPage(html, [nonce, key], new Response(html));
    const replay = await fromCachedPage(page, ["N", "K"]).text();
    expect(replay).toBe('<script nonce="N">a</script><input name="k" value="K">K|N');
  });

  it("leave a page without a key as it was (an empty key cuts nothing)", async () => {
    const page = toCachedPage("<p>n1</p>", ["n1", ""], new Response(""));
    expect(await fromCachedPage(page, ["n2", "K"]).text()).toBe("<p>n2</p>");
  });
});

describe("PageStore", () => {
  const page = (chars: number) =>
    toCachedPage(
      "x".repeat(chars),
      "n",
      new Response("", { headers: { "content-type": "text/html" } }),
    );

  it("keeps within its byte limit, dropping the least recently used page first", () => {
    const store = new PageStore(1000);
    store.set("a", page(120)); // 240 bytes
    store.set("b", page(120));
    store.set("c", page(120));
    expect(store.get("a")).toBeDefined(); // a is now the most recent
    store.set("d", page(120));
    expect(store.size).toBe(4);
    store.set("e", page(120));
    expect(store.bytes).toBeLessThanOrEqual(1000);
    expect(store.size).toBe(4);
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.get("e")).toBeDefined();
  });

  it("does not keep a page larger than a quarter of the store", () => {
    const store = new PageStore(1000);
    store.set("big", page(200));
    expect(store.size).toBe(0);
  });

  it("replaces a page stored again under the same key", () => {
    const store = new PageStore(10_000);
    store.set("a", page(100));
    store.set("a", page(300));
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(600);
  });
});
