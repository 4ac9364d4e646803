/**
 * Creates or completes .dev.vars, the local settings of `wrangler dev` (never committed; every
 * setting is documented in .dev.vars.example):
 * - `ENVIRONMENT=development`: the one explicit switch that opens the development helpers
 *   (/dev/outbox, /dev/links, demo-link minting, fault switches). Without it the Worker runs as
 *   production (docs/decisions/0009-production-by-default.md).
 * - `PAYMENT_PROVIDER=test`, `EMAIL_PROVIDER=outbox`, `SMS_PROVIDER=outbox`: the built-in test
 *   acquirer and the outbox instead of Viva, Cloudflare Email Service and Twilio.
 * - the three secrets, as fresh random values.
 * A setting already in the file is left as it is; missing ones are appended.
 *
 *   node scripts/ensure-dev-vars.ts
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SECRETS = ["SESSION_SECRET", "JWT_SECRET", "LINK_SECRET"] as const;

/** Returns the names of the settings it added (empty when the file was complete). */
export function ensureDevVars(root = path.resolve(import.meta.dirname, "..")): string[] {
  const file = path.join(root, ".dev.vars");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const present = new Set(
    current
      .split("\n")
      .map((line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name)),
  );
  const wanted: Array<[string, () => string]> = [
    ["ENVIRONMENT", () => "development"],
    // The built-in test pieces of local development (a deploy refuses them, scripts/deploy.ts).
    ["PAYMENT_PROVIDER", () => "test"],
    ["EMAIL_PROVIDER", () => "outbox"],
    ["SMS_PROVIDER", () => "outbox"],
    ...SECRETS.map((name): [string, () => string] => [
      name,
      () => randomBytes(32).toString("base64url"),
    ]),
  ];
  const added = wanted.filter(([name]) => !present.has(name));
  if (added.length === 0) return [];
  const header =
    current === ""
      ? "# Local settings for wrangler dev, written by scripts/ensure-dev-vars.ts. Not committed.\n" +
        "# Every setting is documented in .dev.vars.example.\n"
      : "";
  const prefix = current === "" || current.endsWith("\n") ? current : `${current}\n`;
  const lines = added.map(([name, value]) => `${name}=${value()}`);
  writeFileSync(file, `${header}${prefix}${lines.join("\n")}\n`, { mode: 0o600 });
  return added.map(([name]) => name);
}

if (import.meta.main) {
  const added = ensureDevVars();
  console.log(
    added.length > 0
      ? `ensure-dev-vars: wrote ${added.join(", ")} to .dev.vars`
      : "ensure-dev-vars: .dev.vars is complete; left unchanged",
  );
}
