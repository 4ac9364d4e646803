import { describe, expect, it } from "vitest";
import { getDb } from "../db";
import { revokeUserSessionsStatement } from "./sessions";

// The one definition of "end a person's sessions", shared by revokeUserSessions and the people
// service's batches (a person's removal, role change, master hand-over).
describe("revokeUserSessionsStatement", () => {
  const db = getDb({} as D1Database);

  it("ends the user's live sessions, with the reason", () => {
    const { sql, params } = revokeUserSessionsStatement(db, 7, "person_remove").toSQL();
    expect(sql).toMatch(/^update "sessions" set "revoked_at" = \?, "revoked_reason" = \?/);
    expect(sql).toContain('"sessions"."user_id" = ?');
    expect(sql).toContain('"sessions"."revoked_at" is null');
    expect(sql).not.toContain('"sessions"."id" <> ?');
    expect(params).toEqual([expect.any(String), "person_remove", 7]);
  });

  it("spares the one session named", () => {
    const { sql, params } = revokeUserSessionsStatement(db, 7, "master_transfer", "s1").toSQL();
    expect(sql).toContain('"sessions"."id" <> ?');
    expect(params).toEqual([expect.any(String), "master_transfer", 7, "s1"]);
  });
});
