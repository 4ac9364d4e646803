import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deployProblems, localSettingsFiles, type ResolvedConfig } from "../../scripts/deploy.ts";

/*
 * Production by default (ADR 0009): `npm run deploy` (scripts/deploy.ts) refuses any resolved
 * configuration that is not production. The script itself is run (with --dry-run) in
 * tests/security/production.test.ts.
 */

const production = { ENVIRONMENT: "production", PRODUCTION_HOST: "my.nrg.gr" };

describe("#14.1 npm run deploy: which resolved configurations it accepts", () => {
  const table: Array<[string, ResolvedConfig, RegExp | null]> = [
    ["the repository's wrangler.toml", { vars: production }, null],
    [
      "with an external billing backend",
      { vars: { ...production, API_BASE_URL: "https://b.example/api" } },
      null,
    ],
    ["development", { vars: { ...production, ENVIRONMENT: "development" } }, /ENVIRONMENT/],
    ["no ENVIRONMENT", { vars: { PRODUCTION_HOST: "my.nrg.gr" } }, /ENVIRONMENT.*nothing/],
    ["no [vars] at all", {}, /ENVIRONMENT/],
    ["a misspelt value", { vars: { ENVIRONMENT: "Production" } }, /ENVIRONMENT/],
    ["padded", { vars: { ENVIRONMENT: " production" } }, /ENVIRONMENT/],
    ["not a string", { vars: { ENVIRONMENT: true } }, /ENVIRONMENT/],
    ["staging", { vars: { ENVIRONMENT: "staging" } }, /ENVIRONMENT/],
    [
      "a fault switch",
      { vars: { ...production, D1_FAULT_RATE: "0" } },
      /D1_FAULT_RATE.*development-only/,
    ],
    [
      "#16 a D1 latency switch",
      { vars: { ...production, D1_DELAY_MS: "40" } },
      /D1_DELAY_MS.*development-only/,
    ],
    [
      "a session secret",
      { vars: { ...production, SESSION_SECRET: "x" } },
      /SESSION_SECRET.*secret put/,
    ],
    ["a JWT secret", { vars: { ...production, JWT_SECRET: "x" } }, /JWT_SECRET/],
    ["a link secret", { vars: { ...production, LINK_SECRET: "x" } }, /LINK_SECRET/],
    ["a gateway secret", { vars: { ...production, GATEWAY_SECRET: "x" } }, /GATEWAY_SECRET/],
    ["an API key", { vars: { ...production, MAIL_API_KEY: "x" } }, /MAIL_API_KEY/],
    ["a token", { vars: { ...production, SMS_TOKEN_VALUE: "x" } }, /SMS_TOKEN_VALUE/],
    ["a password", { vars: { ...production, DB_PASSWORD: "x" } }, /DB_PASSWORD/],
  ];

  it.each(table)("%s", (_, config, refusal) => {
    const problems = deployProblems(config);
    if (refusal === null) expect(problems).toEqual([]);
    else expect(problems.join("\n")).toMatch(refusal);
  });

  it("reports every problem at once", () => {
    const problems = deployProblems({
      vars: { ENVIRONMENT: "development", D1_FAULT_RATE: "0.1", JWT_SECRET: "x" },
    });
    expect(problems).toHaveLength(3);
  });
});

describe("#14.1 npm run deploy: local settings in the build", () => {
  it("finds .dev.vars (and .env) files anywhere in the build, nothing else", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "deploy-test-"));
    try {
      mkdirSync(path.join(dir, "server", "assets"), { recursive: true });
      mkdirSync(path.join(dir, "client"), { recursive: true });
      for (const file of [
        "server/.dev.vars",
        "server/.dev.vars.staging",
        "client/.env",
        "server/index.js",
        "server/wrangler.json",
        "client/dev.vars.txt",
      ]) {
        writeFileSync(path.join(dir, file), "x");
      }
      expect(
        localSettingsFiles(dir)
          .map((f) => path.relative(dir, f))
          .sort(),
      ).toEqual(["client/.env", "server/.dev.vars", "server/.dev.vars.staging"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
