import { describe, expect, it } from "vitest";
import { splitStatements } from "../support/local-d1.ts";

describe("splitStatements (tests' direct SQL on the local D1)", () => {
  it("splits at semicolons outside quotes and comments", () => {
    expect(
      splitStatements(`UPDATE t SET a = 'x;y' WHERE b = "c;d";
       -- a comment; with a semicolon
       INSERT INTO t (a) VALUES ('it''s; fine');`),
    ).toEqual([
      `UPDATE t SET a = 'x;y' WHERE b = "c;d"`,
      `INSERT INTO t (a) VALUES ('it''s; fine')`,
    ]);
  });
  it("one statement with or without its semicolon; nothing for blank text", () => {
    expect(splitStatements("SELECT 1")).toEqual(["SELECT 1"]);
    expect(splitStatements(" SELECT 1 ; ")).toEqual(["SELECT 1"]);
    expect(splitStatements(" ;\n ")).toEqual([]);
  });
});
