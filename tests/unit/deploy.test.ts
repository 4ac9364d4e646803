import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  deployProblems,
  localSettingsFiles,
  parseSecretList,
  requiredSecrets,
  secretProblems,
  type ResolvedConfig,
} from "../../scripts/deploy.ts";

/*
 * Production by default (ADR 0009): `npm run deploy` (scripts/deploy.ts) refuses any resolved
 * configuration that is not production. The script itself is run (with --dry-run) in
 * tests/security/production.test.ts.
 */

/** The repository's wrangler.toml [vars] as the build resolves them (#34: every provider on). */
const production = {
  ENVIRONMENT: "production",
  PRODUCTION_HOST: "my.nrg.gr",
  PAYMENT_PROVIDER: "viva",
  VIVA_ENVIRONMENT: "production",
  VIVA_SOURCE_CODE: "Default",
  EMAIL_PROVIDER: "cloudflare",
  EMAIL_FROM: "NRG <no-reply@my.nrg.gr>",
  EMAIL_REPLY_TO: "customercare@nrg.gr",
  SMS_PROVIDER: "twilio",
  SMS_FROM: "NRG",
};
/** Its bindings: the EMAIL send_email binding, the outbox queue's both ends and dead letters. */
const bindings = {
  limits: { subrequests: 10_000 },
  send_email: [{ name: "EMAIL" }],
  queues: {
    producers: [{ binding: "OUTBOX_QUEUE", queue: "nrg-portal-outbox" }],
    consumers: [{ queue: "nrg-portal-outbox", dead_letter_queue: "nrg-portal-outbox-dead" }],
  },
};
/** The repository's configuration with some [vars] changed (undefined: removed). */
const withVars = (vars: Record<string, unknown>): ResolvedConfig => ({
  ...bindings,
  vars: Object.fromEntries(
    Object.entries({ ...production, ...vars }).filter(([, v]) => v !== undefined),
  ),
});
const allOff = { PAYMENT_PROVIDER: "off", EMAIL_PROVIDER: "off", SMS_PROVIDER: "off" };

describe("#14.1 npm run deploy: which resolved configurations it accepts", () => {
  const table: Array<[string, ResolvedConfig, RegExp | null]> = [
    ["the repository's wrangler.toml", withVars({}), null],
    ["with an external billing backend", withVars({ API_BASE_URL: "https://b.example/api" }), null],
    ["development", withVars({ ENVIRONMENT: "development" }), /ENVIRONMENT/],
    ["no ENVIRONMENT", { vars: { PRODUCTION_HOST: "my.nrg.gr" } }, /ENVIRONMENT.*nothing/],
    ["no [vars] at all", {}, /ENVIRONMENT/],
    ["a misspelt value", { vars: { ENVIRONMENT: "Production" } }, /ENVIRONMENT/],
    ["padded", { vars: { ENVIRONMENT: " production" } }, /ENVIRONMENT/],
    ["not a string", { vars: { ENVIRONMENT: true } }, /ENVIRONMENT/],
    ["staging", { vars: { ENVIRONMENT: "staging" } }, /ENVIRONMENT/],
    ["a fault switch", withVars({ D1_FAULT_RATE: "0" }), /D1_FAULT_RATE.*development-only/],
    ["#16 a D1 latency switch", withVars({ D1_DELAY_MS: "40" }), /D1_DELAY_MS.*development-only/],
    [
      "#35 the tests' clock",
      withVars({ DEV_CLOCK: "2026-12-01T23:30:00Z" }),
      /DEV_CLOCK.*development-only/,
    ],
    ["a session secret", withVars({ SESSION_SECRET: "x" }), /SESSION_SECRET.*secret put/],
    ["a JWT secret", withVars({ JWT_SECRET: "x" }), /JWT_SECRET/],
    ["a link secret", withVars({ LINK_SECRET: "x" }), /LINK_SECRET/],
    ["a gateway secret", withVars({ GATEWAY_SECRET: "x" }), /GATEWAY_SECRET/],
    ["an API key", withVars({ MAIL_API_KEY: "x" }), /MAIL_API_KEY/],
    ["a token", withVars({ SMS_TOKEN_VALUE: "x" }), /SMS_TOKEN_VALUE/],
    ["a password", withVars({ DB_PASSWORD: "x" }), /DB_PASSWORD/],
  ];

  it.each(table)("%s", (_, config, refusal) => {
    const problems = deployProblems(config);
    if (refusal === null) expect(problems).toEqual([]);
    else expect(problems.join("\n")).toMatch(refusal);
  });

  it("reports every problem at once", () => {
    const problems = deployProblems(
      withVars({ ENVIRONMENT: "development", D1_FAULT_RATE: "0.1", JWT_SECRET: "x" }),
    );
    expect(problems).toHaveLength(3);
  });
});

describe("#34 npm run deploy: payments, email and SMS each configured or explicitly off", () => {
  const table: Array<[string, ResolvedConfig, RegExp | null]> = [
    [
      "everything off (no bindings needed)",
      { vars: { ...production, ...allOff }, limits: bindings.limits },
      null,
    ],
    // #36: a back-office batch of 500 bills counts on 10,000 subrequests an invocation.
    ["more subrequests", { ...withVars({}), limits: { subrequests: 50_000 } }, null],
    ["no [limits]", { ...withVars({}), limits: undefined }, /limits\.subrequests.*nothing/],
    [
      "fewer subrequests",
      { ...withVars({}), limits: { subrequests: 1000 } },
      /limits\.subrequests/,
    ],
    ["subrequests as text", { ...withVars({}), limits: { subrequests: "10000" } }, /subrequests/],
    ["Viva's demo hosts", withVars({ VIVA_ENVIRONMENT: "demo" }), null],
    ["an E.164 SMS sender", withVars({ SMS_FROM: "+306912345678" }), null],
    ["no Reply-To", withVars({ EMAIL_REPLY_TO: undefined }), null],
    // Payments.
    [
      "the test acquirer",
      withVars({ PAYMENT_PROVIDER: "test" }),
      /PAYMENT_PROVIDER="test".*test acquirer/,
    ],
    [
      "no payment provider",
      withVars({ PAYMENT_PROVIDER: undefined }),
      /PAYMENT_PROVIDER must be "viva" or "off"; it resolves to nothing/,
    ],
    [
      "an unknown payment provider",
      withVars({ PAYMENT_PROVIDER: "stripe" }),
      /PAYMENT_PROVIDER.*"stripe"/,
    ],
    ["a misspelt one", withVars({ PAYMENT_PROVIDER: "Viva" }), /PAYMENT_PROVIDER/],
    [
      "viva without its environment",
      withVars({ VIVA_ENVIRONMENT: undefined }),
      /VIVA_ENVIRONMENT must be "demo" or "production"/,
    ],
    [
      "viva in an unknown environment",
      withVars({ VIVA_ENVIRONMENT: "sandbox" }),
      /VIVA_ENVIRONMENT.*"sandbox"/,
    ],
    ["viva without a source code", withVars({ VIVA_SOURCE_CODE: undefined }), /VIVA_SOURCE_CODE/],
    ["viva with an empty source code", withVars({ VIVA_SOURCE_CODE: " " }), /VIVA_SOURCE_CODE/],
    // Email.
    [
      "the email outbox",
      withVars({ EMAIL_PROVIDER: "outbox" }),
      /EMAIL_PROVIDER="outbox".*nothing would be sent/,
    ],
    [
      "no email provider",
      withVars({ EMAIL_PROVIDER: undefined }),
      /EMAIL_PROVIDER must be "cloudflare" or "off"/,
    ],
    ["an unknown email provider", withVars({ EMAIL_PROVIDER: "smtp" }), /EMAIL_PROVIDER.*"smtp"/],
    ["email without the EMAIL binding", { ...withVars({}), send_email: [] }, /send_email.*"EMAIL"/],
    [
      "email with a binding of another name",
      { ...withVars({}), send_email: [{ name: "MAIL" }] },
      /send_email.*"EMAIL"/,
    ],
    ["email without a sender", withVars({ EMAIL_FROM: undefined }), /EMAIL_FROM/],
    ["email from no address", withVars({ EMAIL_FROM: "NRG" }), /EMAIL_FROM/],
    [
      "a Reply-To that is no address",
      withVars({ EMAIL_REPLY_TO: "customer care" }),
      /EMAIL_REPLY_TO/,
    ],
    // SMS.
    ["the SMS outbox", withVars({ SMS_PROVIDER: "outbox" }), /SMS_PROVIDER="outbox"/],
    [
      "no SMS provider",
      withVars({ SMS_PROVIDER: undefined }),
      /SMS_PROVIDER must be "twilio" or "off"/,
    ],
    ["an unknown SMS provider", withVars({ SMS_PROVIDER: "vonage" }), /SMS_PROVIDER.*"vonage"/],
    ["SMS without a sender", withVars({ SMS_FROM: undefined }), /SMS_FROM/],
    ["a sender id over 11 characters", withVars({ SMS_FROM: "NRG ENERGY SA" }), /SMS_FROM/],
    // The outbox queue, needed when a message channel is on.
    [
      "no queue producer",
      { ...withVars({}), queues: { consumers: bindings.queues.consumers } },
      /queues\.producers.*OUTBOX_QUEUE/,
    ],
    [
      "no queue consumer",
      { ...withVars({}), queues: { producers: bindings.queues.producers } },
      /queues\.consumers.*nrg-portal-outbox/,
    ],
    [
      "a consumer of another queue",
      {
        ...withVars({}),
        queues: { ...bindings.queues, consumers: [{ queue: "other", dead_letter_queue: "d" }] },
      },
      /queues\.consumers/,
    ],
    [
      "no dead-letter queue",
      {
        ...withVars({}),
        queues: { ...bindings.queues, consumers: [{ queue: "nrg-portal-outbox" }] },
      },
      /dead_letter_queue/,
    ],
    [
      "SMS alone on still needs the queue",
      { vars: { ...production, EMAIL_PROVIDER: "off" } },
      /queues\.producers/,
    ],
    // Development-only settings: the stand-ins' hosts would send the credentials there.
    [
      "VIVA_ACCOUNTS_URL",
      withVars({ VIVA_ACCOUNTS_URL: "http://127.0.0.1:1" }),
      /VIVA_ACCOUNTS_URL.*development-only.*credentials/,
    ],
    [
      "VIVA_API_URL",
      withVars({ VIVA_API_URL: "https://evil.example" }),
      /VIVA_API_URL.*credentials/,
    ],
    [
      "VIVA_CHECKOUT_URL",
      withVars({ VIVA_CHECKOUT_URL: "http://127.0.0.1:1" }),
      /VIVA_CHECKOUT_URL.*credentials/,
    ],
    [
      "TWILIO_API_URL",
      withVars({ TWILIO_API_URL: "http://127.0.0.1:1" }),
      /TWILIO_API_URL.*credentials/,
    ],
    [
      "a stand-in's host even with everything off",
      { vars: { ...production, ...allOff, VIVA_API_URL: "x" } },
      /VIVA_API_URL/,
    ],
    // Provider secrets in [vars], even those not named like one.
    ["a Viva client id in [vars]", withVars({ VIVA_CLIENT_ID: "x" }), /VIVA_CLIENT_ID.*secret put/],
    [
      "a Viva merchant id in [vars]",
      withVars({ VIVA_MERCHANT_ID: "x" }),
      /VIVA_MERCHANT_ID.*secret put/,
    ],
    [
      "a Twilio account SID in [vars]",
      withVars({ TWILIO_ACCOUNT_SID: "x" }),
      /TWILIO_ACCOUNT_SID.*secret put/,
    ],
  ];

  it.each(table)("%s", (_, config, refusal) => {
    const problems = deployProblems(config);
    if (refusal === null) expect(problems).toEqual([]);
    else expect(problems.join("\n")).toMatch(refusal);
  });

  it("names every missing piece at once", () => {
    const problems = deployProblems({
      vars: { ENVIRONMENT: "production", PAYMENT_PROVIDER: "test", EMAIL_PROVIDER: "outbox" },
      limits: bindings.limits,
    });
    expect(problems.join("\n")).toMatch(/PAYMENT_PROVIDER[\s\S]*EMAIL_PROVIDER[\s\S]*SMS_PROVIDER/);
    expect(problems).toHaveLength(3);
  });
});

describe("#34 npm run deploy: the secrets the configuration needs (wrangler secret list)", () => {
  const portal = ["SESSION_SECRET", "JWT_SECRET", "LINK_SECRET"];
  const viva = ["VIVA_CLIENT_ID", "VIVA_CLIENT_SECRET", "VIVA_MERCHANT_ID", "VIVA_API_KEY"];
  const twilio = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"];

  it("the portal's three, and each provider's that is on", () => {
    expect(requiredSecrets(withVars({}))).toEqual([...portal, ...viva, ...twilio]);
    expect(requiredSecrets({ vars: { ...production, ...allOff } })).toEqual(portal);
    expect(requiredSecrets(withVars({ PAYMENT_PROVIDER: "off" }))).toEqual([...portal, ...twilio]);
    expect(requiredSecrets(withVars({ SMS_PROVIDER: "off" }))).toEqual([...portal, ...viva]);
  });

  it("accepts the Worker when they all exist, names each one missing", () => {
    const all = [...portal, ...viva, ...twilio, "GATEWAY_SECRET"];
    expect(secretProblems(withVars({}), all)).toEqual([]);
    const problems = secretProblems(withVars({}), ["SESSION_SECRET", "VIVA_CLIENT_ID"]);
    expect(problems).toHaveLength(7);
    expect(problems.join("\n")).toMatch(
      /JWT_SECRET is missing: `npx wrangler secret put JWT_SECRET`/,
    );
    expect(problems.join("\n")).toMatch(/TWILIO_AUTH_TOKEN is missing/);
    expect(secretProblems({ vars: { ...production, ...allOff } }, portal)).toEqual([]);
  });

  it("refuses a stand-in's host put as a secret", () => {
    const all = [...portal, ...viva, ...twilio];
    expect(secretProblems(withVars({}), [...all, "VIVA_API_URL"]).join("\n")).toMatch(
      /VIVA_API_URL.*credentials.*secret delete VIVA_API_URL/,
    );
  });

  it("reads wrangler secret list's JSON (after any banner line); refuses anything else", () => {
    expect(
      parseSecretList(
        '[{"name":"JWT_SECRET","type":"secret_text"},{"name":"X","type":"secret_text"}]',
      ),
    ).toEqual(["JWT_SECRET", "X"]);
    expect(parseSecretList("⛅️ wrangler 4\n[]")).toEqual([]);
    for (const bad of ["", "{}", '[{"type":"secret_text"}]', "not json"]) {
      expect(() => parseSecretList(bad), bad).toThrow();
    }
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
