/**
 * `npm run backoffice -- <command>`: the service credentials of the back-office API (#36 §1,
 * docs/backoffice.md). Against the local database by default, the deployed one with --remote
 * (wrangler's own login or CLOUDFLARE_API_TOKEN).
 *
 *   create-client <name> --scopes customers,invoices,…|all   a new client; prints its credential once
 *   rotate <name>        a new secret (the old one stops at once); prints the new credential once
 *   revoke <name>        the client opens nothing any more (its row stays for the activity log)
 *   list                 clients, scopes, created / rotated / revoked / last used
 *   log [--limit N]      the latest back-office calls (activity log: client, route, status)
 *
 *   --remote             the deployed D1 (default: local, --persist-to or $PERSIST_TO or .wrangler/state)
 *
 * Only the secret's SHA-256 is stored; the credential is printed once and cannot be shown again.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import {
  newServiceSecret,
  parseScopeList,
  SERVICE_CLIENT_NAME,
  SERVICE_SCOPES,
  serviceSecretHash,
  serviceToken,
} from "../core/service-credentials.ts";
import { queryD1 } from "./local-d1.ts";

const root = path.resolve(import.meta.dirname, "..");

class UsageError extends Error {}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scopes: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
    limit: { type: "string", default: "50" },
    json: { type: "boolean", default: false },
  },
  strict: true,
});

const persistTo = path.resolve(
  root,
  values["persist-to"] ?? (process.env.PERSIST_TO || ".wrangler/state"),
);

/** One SQL statement on the local or the remote D1; its rows. */
const d1 = <T>(sql: string): T[] => queryD1<T>(sql, values.remote ? "remote" : { persistTo });

function clientName(name: string | undefined): string {
  if (!name || !SERVICE_CLIENT_NAME.test(name)) {
    throw new UsageError(
      "a client name is 1–40 lower-case letters, digits, dots, dashes or underscores (billing-sap)",
    );
  }
  return name;
}

interface ClientRow {
  id: number;
  name: string;
  scopes: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

function findClient(name: string): ClientRow {
  const [row] = d1<ClientRow>(`SELECT * FROM backoffice_clients WHERE name = '${name}'`);
  if (!row) throw new UsageError(`no client named ${name}`);
  return row;
}

function printCredential(row: { id: number; name: string }, secret: string, verb: string) {
  const credential = serviceToken(row.id, secret);
  if (values.json) {
    console.log(JSON.stringify({ id: row.id, name: row.name, credential }));
    return;
  }
  console.log(`${verb} ${row.name} (id ${row.id}). Its credential, shown this once:\n`);
  console.log(`  ${credential}\n`);
  console.log("Send it as `Authorization: Bearer <credential>`; keep it in a secret store.");
}

async function main() {
  const [command, name] = positionals;
  const now = new Date().toISOString();
  switch (command) {
    case "create-client": {
      const parsed = parseScopeList(values.scopes ?? "");
      if (!parsed.ok) {
        throw new UsageError(
          `--scopes takes "all" or a comma-separated list of: ${SERVICE_SCOPES.join(", ")}` +
            (parsed.unknown ? ` (not "${parsed.unknown}")` : ""),
        );
      }
      const client = clientName(name);
      if (d1(`SELECT id FROM backoffice_clients WHERE name = '${client}'`).length > 0) {
        throw new UsageError(`a client named ${client} exists: rotate it, or choose another name`);
      }
      const secret = newServiceSecret();
      const hash = await serviceSecretHash(secret);
      d1(
        `INSERT INTO backoffice_clients (name, scopes, secret_hash, created_at) VALUES ('${client}', '${JSON.stringify(parsed.scopes)}', '${hash}', '${now}')`,
      );
      printCredential(findClient(client), secret, "Created");
      return;
    }
    case "rotate": {
      const row = findClient(clientName(name));
      const secret = newServiceSecret();
      const hash = await serviceSecretHash(secret);
      d1(
        `UPDATE backoffice_clients SET secret_hash = '${hash}', rotated_at = '${now}', revoked_at = NULL WHERE id = ${row.id}`,
      );
      printCredential(row, secret, "Rotated");
      return;
    }
    case "revoke": {
      const row = findClient(clientName(name));
      d1(`UPDATE backoffice_clients SET revoked_at = '${now}' WHERE id = ${row.id}`);
      console.log(`Revoked ${row.name}: its credential opens nothing from now on.`);
      return;
    }
    case "list": {
      const rows = d1<ClientRow>("SELECT * FROM backoffice_clients ORDER BY name");
      if (values.json) return console.log(JSON.stringify(rows));
      if (rows.length === 0)
        return console.log("No clients yet: npm run backoffice -- create-client …");
      for (const r of rows) {
        const state = r.revoked_at ? `revoked ${r.revoked_at}` : "active";
        console.log(
          `${r.id}\t${r.name}\t${state}\tscopes ${JSON.parse(r.scopes).join(",")}\tcreated ${r.created_at}` +
            `${r.rotated_at ? `\trotated ${r.rotated_at}` : ""}\tlast used ${r.last_used_at ?? "never"}`,
        );
      }
      return;
    }
    case "log": {
      const limit = Math.min(Math.max(Number(values.limit) || 50, 1), 1000);
      const rows = d1<{ created_at: string; detail: string; ip: string | null }>(
        `SELECT created_at, detail, ip FROM audit_log WHERE action = 'backoffice_call' ORDER BY id DESC LIMIT ${limit}`,
      );
      if (values.json) return console.log(JSON.stringify(rows));
      for (const r of rows) console.log(`${r.created_at}\t${r.ip ?? "-"}\t${r.detail}`);
      return;
    }
    default:
      throw new UsageError(
        "usage: npm run backoffice -- create-client <name> --scopes …|all | rotate <name> | revoke <name> | list | log [--remote]",
      );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
