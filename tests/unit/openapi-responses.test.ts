/**
 * The integration tests' client checks every JSON answer against the API description
 * (tests/integration/response-contract.ts): this proves the check itself, without a Worker.
 */
import { describe, expect, it } from "vitest";
import { checkAnswer } from "../integration/response-contract";

const BASE = "http://127.0.0.1:8787/api";

describe("checkAnswer", () => {
  it("accepts an answer that matches its route's schema for that status", async () => {
    await expect(
      checkAnswer("GET", `${BASE}/users/5/data-version`, 200, { data: { version: "3" } }),
    ).resolves.toBeUndefined();
    await expect(checkAnswer("GET", `${BASE}/ping`, 200, { ok: true })).resolves.toBeUndefined();
  });

  it("refuses an answer that does not match", async () => {
    await expect(
      checkAnswer("GET", `${BASE}/users/5/data-version`, 200, { data: { version: 3 } }),
    ).rejects.toThrow(/does not match its schema/);
  });

  it("refuses a field the description does not have, at any depth", async () => {
    await expect(
      checkAnswer("GET", `${BASE}/users/5/data-version`, 200, {
        data: { version: "3", secret: "x" },
      }),
    ).rejects.toThrow(/does not have: data\.secret/);
    await expect(
      checkAnswer("GET", `${BASE}/users/5/data-version`, 200, { data: { version: "3" }, more: 1 }),
    ).rejects.toThrow(/does not have: more/);
  });

  it("refuses a status the description does not list", async () => {
    await expect(
      checkAnswer("GET", `${BASE}/users/5/data-version`, 201, { data: { version: "3" } }),
    ).rejects.toThrow(/does not list this status/);
  });

  it("takes the more specific of two routes that match a path", async () => {
    // GET …/people/supplies, not GET …/people/:personId (whose schema is a person).
    const choices = { supplies: [], total: 0, can_give_all: true, regions: [], categories: [] };
    await expect(
      checkAnswer("GET", `${BASE}/users/5/people/supplies`, 200, { data: choices }),
    ).resolves.toBeUndefined();
  });

  it("checks every error against the error body", async () => {
    const error = { error: { code: "not_found" } };
    await expect(checkAnswer("GET", `${BASE}/nowhere`, 404, error)).resolves.toBeUndefined();
    await expect(
      checkAnswer("GET", `${BASE}/nowhere`, 404, { error: { code: "no_such_code" } }),
    ).rejects.toThrow(/error body/);
  });

  it("leaves the dev-only routes and non-JSON answers alone", async () => {
    await expect(
      checkAnswer("GET", `${BASE}/dev/outbox`, 200, { data: 1 }),
    ).resolves.toBeUndefined();
    await expect(checkAnswer("GET", `${BASE}/users/5/export`, 200, "a,b")).resolves.toBeUndefined();
  });
});
