import { describe, expect, it } from "vitest";
import { ApiError, createClient } from "./client";
import { apiError, fakeTransport, json, signedInSession, thrown } from "./testing";
import { shellReads, updateNotification, userAccount, userBanners } from "./users";

describe("the user's resource (api/users)", () => {
  it("#16 account(): one call for the user and the supply summaries", async () => {
    const account = { user: { id: 7 }, meters: [{ id: 3, status: "Active" }] };
    const { transport, calls } = fakeTransport(() => json({ data: account }));
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    expect(await userAccount(client, 7)).toEqual(account);
    expect(calls.map((c) => c.path)).toEqual(["/users/7/account"]);
  });

  it("#16 account(): a backend without it (404) is asked for /v2/me and the full list", async () => {
    const { transport, calls } = fakeTransport((call) => {
      if (call.path === "/users/7/account") return apiError(404, "not_found");
      if (call.path === "/v2/me") return json({ data: { id: 7 } });
      return json({ data: [{ id: 3, status: "Active", sap_id: "1" }] });
    });
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    expect(await userAccount(client, 7)).toEqual({
      user: { id: 7 },
      meters: [{ id: 3, status: "Active", sap_id: "1" }],
    });
    expect(calls.map((c) => c.path).sort()).toEqual(
      ["/users/7/account", "/v2/me", "/users/7/meters?billing_history=false"].sort(),
    );
    // Any other failure is the caller's to handle (503 or sign-out in the guards).
    const down = createClient({
      transport: fakeTransport(() => apiError(503, "unavailable")).transport,
      session: signedInSession(),
      language: "el",
    });
    expect(await thrown(userAccount(down, 7))).toBeInstanceOf(ApiError);
  });

  it("#16 shellReads(): one call with the readings' first day, the shown supplies' ids, the overview's history", async () => {
    const reads = {
      messages: [],
      banners: [],
      readings: null,
      meters: [{ id: 3 }],
      invoices: null,
    };
    const { transport, calls } = fakeTransport(() => json({ data: reads }));
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    expect(await shellReads(client, 7, 3, { readingsFrom: null, meterIds: [3, 5] })).toEqual(reads);
    await shellReads(client, 7, 3, { readingsFrom: "2026-11-20", meterIds: [] });
    await shellReads(client, 7, 3, { readingsFrom: null, meterIds: [], overviewInvoices: true });
    expect(calls.map((c) => c.path)).toEqual([
      "/users/7/meters/3/shell?ids=3,5",
      "/users/7/meters/3/shell?readings_from=2026-11-20",
      "/users/7/meters/3/shell?invoices=overview",
    ]);
  });

  it("#16 shellReads(): a backend without it (404) gets the spec's calls; only the supplies are essential", async () => {
    const { transport, calls } = fakeTransport((call) => {
      if (call.path.includes("/shell")) return apiError(404, "not_found");
      if (call.path.endsWith("/messages")) return apiError(500, "error");
      if (call.path.includes("/banners/")) return json({ bannersToDisplay: [{ id: 9 }] });
      if (call.path.includes("/readings")) {
        return json({
          data: [
            { id: 1, date_ins: "2026-11-21T08:00:00Z" },
            { id: 2, date_ins: "2026-11-20" },
            { id: 3, date_ins: "2026-11-19T23:59:59Z" },
          ],
        });
      }
      if (call.path.includes("/invoices")) return apiError(500, "error");
      return json({ data: [{ id: 3 }, { id: 4 }, { id: 5 }] });
    });
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    const options = { readingsFrom: "2026-11-20", meterIds: [3, 5], overviewInvoices: true };
    expect(await shellReads(client, 7, 3, options)).toEqual({
      messages: [],
      banners: [{ id: 9 }],
      // Only the readings of the period, as the endpoint's `readings_from` gives them.
      readings: [
        { id: 1, date_ins: "2026-11-21T08:00:00Z" },
        { id: 2, date_ins: "2026-11-20" },
      ],
      meters: [{ id: 3 }, { id: 5 }],
      // A failed history read leaves the overview without charts, not the page down.
      invoices: [],
    });
    expect(calls.map((c) => c.path).sort()).toEqual(
      [
        "/users/7/meters/3/shell?readings_from=2026-11-20&ids=3,5&invoices=overview",
        "/users/7/messages",
        "/users/7/banners/3",
        "/users/7/readings?meter_id=3",
        "/users/7/meters?billing_history=false",
        "/users/7/meters/3/invoices?view=overview",
      ].sort(),
    );
    const noMeters = createClient({
      transport: fakeTransport((call) =>
        call.path.includes("/meters?") ? apiError(500, "error") : apiError(404, "not_found"),
      ).transport,
      session: signedInSession(),
      language: "el",
    });
    expect(
      await thrown(shellReads(noMeters, 7, 3, { readingsFrom: null, meterIds: [3] })),
    ).toBeInstanceOf(ApiError);
  });

  it("reads banners from bannersToDisplay and 204 as null", async () => {
    const { transport } = fakeTransport((call) =>
      call.path.includes("banners")
        ? json({ bannersToDisplay: [{ id: 9 }] })
        : new Response(null, { status: 204 }),
    );
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    expect(await userBanners(client, 7, 3)).toEqual([{ id: 9 }]);
    expect(await updateNotification(client, 5)).toEqual({ ok: true, status: 204, data: null });
  });
});
