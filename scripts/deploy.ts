/**
 * `npm run deploy`: build, check what the deploy resolves to, then publish.
 *
 *   1. `npm run build` (skipped with --skip-build);
 *   2. read the configuration `wrangler deploy` will use, build/server/wrangler.json (the
 *      build's resolution of wrangler.toml), and refuse (exit 1) unless it is production:
 *      ENVIRONMENT exactly "production", no development-only variable (D1_FAULT_RATE,
 *      D1_DELAY_MS, DEV_CLOCK, and the loopback stand-ins' hosts VIVA_*_URL, TWILIO_API_URL) and no
 *      secret-like variable (*_SECRET, *_KEY, *TOKEN*, *PASSWORD*) in [vars]: secrets go in with
 *      `npx wrangler secret put NAME`, never in a file; and unless payments, email and SMS are
 *      each a real provider with its settings, or explicitly "off" (#34, deployProblems);
 *   3. remove the local settings the build copied next to it (build/server/.dev.vars: the
 *      Cloudflare Vite plugin copies .dev.vars for `wrangler dev`; `wrangler deploy` never
 *      uploads it, but a deploy leaves no local secret in the build);
 *   4. check with `wrangler secret list` that the Worker has every secret the configuration
 *      needs (requiredSecrets: the three of the portal and those of each provider that is on);
 *   5. apply the D1 migrations to the remote database, then `wrangler deploy`.
 *
 *   node scripts/deploy.ts [--dry-run] [--skip-build] [--build DIR]
 *
 * --dry-run     steps 1 to 3, then names the secrets that must exist (it cannot see them: that
 *               needs the remote) and runs `wrangler deploy --dry-run` (bundles and lists the
 *               bindings and variables it would upload, offline); nothing remote
 * --skip-build  use the existing build
 * --build DIR   the build directory (default build/), e.g. a copy in a test
 *
 * docs/decisions/0009-production-by-default.md explains the separation and 0027 the providers'
 * checks; the README's "Deploy with wrangler" section is the operator's checklist.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SUBREQUESTS_PER_INVOCATION } from "../core/platform-limits.ts";

const root = path.resolve(import.meta.dirname, "..");
const wranglerBin = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");

/**
 * Variables that only local development and the tests may set: fault and latency switches, and
 * the hosts of the providers' loopback stand-ins, which would send the Viva and Twilio
 * credentials wherever they point.
 */
export const DEVELOPMENT_ONLY_VARS = [
  "D1_FAULT_RATE",
  "D1_DELAY_MS",
  // The tests' clock (workers/dev-clock.ts): a deploy's clock is the real one.
  "DEV_CLOCK",
  "VIVA_ACCOUNTS_URL",
  "VIVA_API_URL",
  "VIVA_CHECKOUT_URL",
  "TWILIO_API_URL",
] as const;

/** Why each development-only setting is refused (the URL ones carry credentials). */
function developmentOnlyReason(name: string): string {
  return name.endsWith("_URL")
    ? `${name} is a development-only setting (the host of a test stand-in): it would send the provider's credentials wherever it points; remove it`
    : `${name} is a development-only setting; remove it from [vars]`;
}

/** The secrets every deployment needs (`wrangler secret put`), whatever the providers. */
export const PORTAL_SECRETS = ["SESSION_SECRET", "JWT_SECRET", "LINK_SECRET"] as const;
/** The secrets of each provider, needed when it is on (env.d.ts says what each is for). */
export const PROVIDER_SECRETS = {
  viva: ["VIVA_CLIENT_ID", "VIVA_CLIENT_SECRET", "VIVA_MERCHANT_ID", "VIVA_API_KEY"],
  twilio: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"],
} as const;

const KNOWN_SECRETS = new Set<string>([
  ...PORTAL_SECRETS,
  ...PROVIDER_SECRETS.viva,
  ...PROVIDER_SECRETS.twilio,
]);

/** The one queue binding of the outbox (api/services/outbox.ts) and the EMAIL binding's name. */
const OUTBOX_BINDING = "OUTBOX_QUEUE";
const EMAIL_BINDING = "EMAIL";

/** A variable named like a secret: it belongs in `wrangler secret put`, never in [vars]. */
const SECRET_NAME = /(_SECRET$|_KEY$|TOKEN|PASSWORD)/i;

/** The part of a resolved Wrangler configuration the check reads. */
export interface ResolvedConfig {
  vars?: Record<string, unknown>;
  limits?: { subrequests?: unknown };
  send_email?: Array<{ name?: unknown }>;
  queues?: {
    producers?: Array<{ binding?: unknown; queue?: unknown }>;
    consumers?: Array<{ queue?: unknown; dead_letter_queue?: unknown }>;
  };
}

const show = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));
const nonEmpty = (value: unknown): value is string =>
  typeof value === "string" && value.trim() !== "" && value.trim() === value;
/** "NRG <no-reply@my.nrg.gr>" or "no-reply@my.nrg.gr". */
const EMAIL_ADDRESS = /^(?:[^<>@]*<)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/;
/** An alphanumeric sender id (1–11 letters, digits or spaces, at least one letter) or E.164. */
const SMS_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$|^\+[1-9]\d{6,14}$/;

/**
 * Payments, email and SMS (#34): each a real provider with its settings, or explicitly "off".
 * The built-in test pieces (the test acquirer, the outbox that nothing reads) are refused, and so
 * is any value this check does not know.
 */
function providerProblems(config: ResolvedConfig): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};

  const payment = vars.PAYMENT_PROVIDER;
  if (payment === "viva") {
    if (vars.VIVA_ENVIRONMENT !== "demo" && vars.VIVA_ENVIRONMENT !== "production") {
      problems.push(
        `VIVA_ENVIRONMENT must be "demo" or "production" with PAYMENT_PROVIDER="viva"; it resolves to ${show(vars.VIVA_ENVIRONMENT)}`,
      );
    }
    if (!nonEmpty(vars.VIVA_SOURCE_CODE)) {
      problems.push(
        `VIVA_SOURCE_CODE (the payment source in Viva's dashboard) must be set with PAYMENT_PROVIDER="viva"; it resolves to ${show(vars.VIVA_SOURCE_CODE)}`,
      );
    }
  } else if (payment === "test") {
    problems.push(
      'PAYMENT_PROVIDER="test" is the built-in test acquirer (local development only): it marks bills paid with no money; use "viva" or "off"',
    );
  } else if (payment !== "off") {
    problems.push(`PAYMENT_PROVIDER must be "viva" or "off"; it resolves to ${show(payment)}`);
  }

  const email = vars.EMAIL_PROVIDER;
  if (email === "cloudflare") {
    const bound = (config.send_email ?? []).some((b) => b.name === EMAIL_BINDING);
    if (!bound) {
      problems.push(
        `EMAIL_PROVIDER="cloudflare" needs the [[send_email]] binding named "${EMAIL_BINDING}"`,
      );
    }
    if (!nonEmpty(vars.EMAIL_FROM) || !EMAIL_ADDRESS.test(vars.EMAIL_FROM)) {
      problems.push(
        `EMAIL_FROM must be the sender address with EMAIL_PROVIDER="cloudflare"; it resolves to ${show(vars.EMAIL_FROM)}`,
      );
    }
    if (
      vars.EMAIL_REPLY_TO !== undefined &&
      (!nonEmpty(vars.EMAIL_REPLY_TO) || !EMAIL_ADDRESS.test(vars.EMAIL_REPLY_TO))
    ) {
      problems.push(
        `EMAIL_REPLY_TO must be an email address when set; it resolves to ${show(vars.EMAIL_REPLY_TO)}`,
      );
    }
  } else if (email === "outbox") {
    problems.push(
      'EMAIL_PROVIDER="outbox" only records emails (local development): nothing would be sent; use "cloudflare" or "off"',
    );
  } else if (email !== "off") {
    problems.push(`EMAIL_PROVIDER must be "cloudflare" or "off"; it resolves to ${show(email)}`);
  }

  const sms = vars.SMS_PROVIDER;
  if (sms === "twilio") {
    if (!nonEmpty(vars.SMS_FROM) || !SMS_SENDER.test(vars.SMS_FROM)) {
      problems.push(
        `SMS_FROM must be a sender id (1–11 letters and digits) or an E.164 number with SMS_PROVIDER="twilio"; it resolves to ${show(vars.SMS_FROM)}`,
      );
    }
  } else if (sms === "outbox") {
    problems.push(
      'SMS_PROVIDER="outbox" only records SMS (local development): nothing would be sent; use "twilio" or "off"',
    );
  } else if (sms !== "off") {
    problems.push(`SMS_PROVIDER must be "twilio" or "off"; it resolves to ${show(sms)}`);
  }

  // Every message is a row of the outbox and a message on its queue, which the Worker's queue()
  // consumer delivers: without both ends, with a channel on, nothing would ever be sent.
  if (email === "cloudflare" || sms === "twilio") {
    const producer = (config.queues?.producers ?? []).find((p) => p.binding === OUTBOX_BINDING);
    if (!producer || !nonEmpty(producer.queue)) {
      problems.push(
        `email or SMS is on: the [[queues.producers]] binding "${OUTBOX_BINDING}" must name the outbox queue`,
      );
    } else {
      const consumer = (config.queues?.consumers ?? []).find((c) => c.queue === producer.queue);
      if (!consumer) {
        problems.push(
          `email or SMS is on: a [[queues.consumers]] entry must consume "${producer.queue}" (the Worker's queue() delivers the messages)`,
        );
      } else if (!nonEmpty(consumer.dead_letter_queue)) {
        problems.push(
          `the consumer of "${producer.queue}" needs a dead_letter_queue: messages that keep failing would be lost`,
        );
      }
    }
  }
  return problems;
}

/**
 * The secrets the Worker needs for this configuration: the portal's three, and each provider's
 * that is on. Only meaningful for a configuration deployProblems accepts.
 */
export function requiredSecrets(config: ResolvedConfig): string[] {
  const vars = config.vars ?? {};
  return [
    ...PORTAL_SECRETS,
    ...(vars.PAYMENT_PROVIDER === "viva" ? PROVIDER_SECRETS.viva : []),
    ...(vars.SMS_PROVIDER === "twilio" ? PROVIDER_SECRETS.twilio : []),
  ];
}

/**
 * Why the Worker's secrets (the names `wrangler secret list` gives) do not fit the configuration:
 * a required one missing, or a development-only setting put as a secret.
 */
export function secretProblems(config: ResolvedConfig, present: readonly string[]): string[] {
  const have = new Set(present);
  const problems = requiredSecrets(config)
    .filter((name) => !have.has(name))
    .map((name) => `the secret ${name} is missing: \`npx wrangler secret put ${name}\``);
  for (const name of DEVELOPMENT_ONLY_VARS) {
    if (have.has(name)) {
      problems.push(`${developmentOnlyReason(name)}: \`npx wrangler secret delete ${name}\``);
    }
  }
  return problems;
}

/** The names in `wrangler secret list --format json` output (`[{"name": …, "type": …}]`). */
export function parseSecretList(output: string): string[] {
  const parsed: unknown = JSON.parse(output.slice(output.indexOf("[")));
  if (!Array.isArray(parsed)) throw new Error("not a list");
  return parsed.map((entry: unknown) => {
    const name = (entry as { name?: unknown } | null)?.name;
    if (typeof name !== "string") throw new Error("an entry without a name");
    return name;
  });
}

/**
 * Why a resolved configuration must not be deployed; empty when it may. Fails closed: a missing
 * [vars], a missing or misspelt ENVIRONMENT, or any value but the exact string "production" is
 * refused; so is a provider setting with any value but a real provider or "off".
 */
export function deployProblems(config: ResolvedConfig): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  const environment = vars.ENVIRONMENT;
  if (environment !== "production") {
    problems.push(
      `ENVIRONMENT must be exactly "production" in wrangler.toml [vars]; it resolves to ${show(environment)}`,
    );
  }
  for (const name of Object.keys(vars).sort()) {
    if ((DEVELOPMENT_ONLY_VARS as readonly string[]).includes(name)) {
      problems.push(developmentOnlyReason(name));
    } else if (SECRET_NAME.test(name) || KNOWN_SECRETS.has(name)) {
      problems.push(
        `${name} looks like a secret; remove it from [vars] and use \`npx wrangler secret put ${name}\``,
      );
    }
  }
  problems.push(...providerProblems(config));
  const subrequests = config.limits?.subrequests;
  if (typeof subrequests !== "number" || subrequests < SUBREQUESTS_PER_INVOCATION) {
    problems.push(
      `limits.subrequests must be at least ${SUBREQUESTS_PER_INVOCATION} in wrangler.toml (a back-office batch of 500 bills counts on it, core/platform-limits.ts); it resolves to ${show(subrequests)}`,
    );
  }
  return problems;
}

/** Local settings files: never deployed, never left in a build that is deployed. */
const LOCAL_SETTINGS = /^\.dev\.vars(\..*)?$|^\.env(\..*)?$/;

/** Every local-settings file anywhere under `dir` (the build copies .dev.vars into it). */
export function localSettingsFiles(dir: string): string[] {
  const found: string[] = [];
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...localSettingsFiles(full));
    else if (LOCAL_SETTINGS.test(name)) found.push(full);
  }
  return found;
}

class DeployError extends Error {}

/** A path as shown in messages: relative inside the repository, absolute outside it. */
function shown(file: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith("..") ? file : relative;
}

function run(what: string, command: string, args: string[]): void {
  console.log(`deploy: ${what}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    throw new DeployError(`${what} failed (${result.signal ?? `exit ${result.status}`})`);
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      "dry-run": { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      build: { type: "string" },
    },
    strict: true,
  });
  const dryRun = values["dry-run"];
  const buildDir = path.resolve(root, values.build ?? "build");
  const configFile = path.join(buildDir, "server", "wrangler.json");

  if (!values["skip-build"]) {
    run("building (npm run build)", process.platform === "win32" ? "npm.cmd" : "npm", [
      "run",
      "build",
    ]);
  }
  if (!existsSync(configFile)) {
    throw new DeployError(`${shown(configFile)} not found: build first`);
  }

  const config = JSON.parse(readFileSync(configFile, "utf8")) as ResolvedConfig;
  const problems = deployProblems(config);
  if (problems.length > 0) {
    throw new DeployError(
      `refusing to deploy: ${shown(configFile)} is not a production configuration:\n` +
        problems.map((p) => `  - ${p}`).join("\n"),
    );
  }
  console.log('deploy: configuration is production (ENVIRONMENT="production", no local settings)');
  const vars = config.vars ?? {};
  console.log(
    `deploy: payments ${String(vars.PAYMENT_PROVIDER)}, email ${String(vars.EMAIL_PROVIDER)}, SMS ${String(vars.SMS_PROVIDER)}`,
  );

  for (const file of localSettingsFiles(buildDir)) {
    rmSync(file);
    console.log(`deploy: removed ${shown(file)} (local settings are never deployed)`);
  }
  const left = localSettingsFiles(buildDir);
  if (left.length > 0) throw new DeployError(`could not remove ${left.join(", ")}`);

  const wrangler = (...args: string[]) => [wranglerBin, ...args];
  const secrets = requiredSecrets(config);
  if (dryRun) {
    console.log(
      `deploy: dry run: cannot see the Worker's secrets (that needs the remote); these must exist: ${secrets.join(", ")}`,
    );
    run(
      "wrangler deploy --dry-run (nothing is uploaded)",
      process.execPath,
      wrangler("deploy", "--dry-run", "--config", configFile),
    );
    console.log("deploy: dry run finished; remote migrations and the upload were skipped");
    return;
  }
  // The secrets before anything remote changes: a Worker without them would fail closed on its
  // first payment or message, after the migrations had run.
  console.log("deploy: checking the Worker's secrets (wrangler secret list)");
  const listed = spawnSync(
    process.execPath,
    wrangler("secret", "list", "--format", "json", "--config", configFile),
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  let present: string[];
  try {
    if (listed.status !== 0) throw new Error(`exit ${listed.status}`);
    present = parseSecretList(listed.stdout);
  } catch (error) {
    // A Worker deployed for the first time has no secrets to list yet: put them first.
    throw new DeployError(
      `could not list the Worker's secrets (${error instanceof Error ? error.message : String(error)}); ` +
        `sign in with \`npx wrangler login\` and put these first: ${secrets.join(", ")}`,
    );
  }
  const missing = secretProblems(config, present);
  if (missing.length > 0) {
    throw new DeployError(
      `refusing to deploy: the Worker's secrets do not fit the configuration:\n` +
        missing.map((p) => `  - ${p}`).join("\n"),
    );
  }
  console.log(`deploy: the secrets exist: ${secrets.join(", ")}`);

  // Migrations first, as before this script: the new code may need the new schema. Then the
  // upload of exactly the configuration that was checked.
  run(
    "applying D1 migrations to the remote database",
    process.execPath,
    wrangler("d1", "migrations", "apply", "DB", "--remote", "--config", "wrangler.toml"),
  );
  run("wrangler deploy", process.execPath, wrangler("deploy", "--config", configFile));
}

if (import.meta.main) {
  try {
    main();
  } catch (error) {
    console.error(`deploy: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
