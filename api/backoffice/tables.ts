import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Tables of migrations/0023_backoffice.sql (#36 §1; queried with db.select, not db.query). */

export const backofficeClients = sqliteTable("backoffice_clients", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  /** JSON array of BackofficeScope. */
  scopes: text("scopes").notNull().default("[]"),
  /** SHA-256 of the secret (base64url, core/service-credentials.ts); the secret itself is shown once and never stored. */
  secret_hash: text("secret_hash").notNull(),
  created_at: text("created_at").notNull(),
  rotated_at: text("rotated_at"),
  revoked_at: text("revoked_at"),
  last_used_at: text("last_used_at"),
});

export const backofficeKeys = sqliteTable(
  "backoffice_keys",
  {
    kind: text("kind").notNull(),
    external_key: text("external_key").notNull(),
    portal_id: integer("portal_id").notNull(),
    content_hash: text("content_hash").notNull(),
    client_id: integer("client_id").references(() => backofficeClients.id),
    updated_at: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.external_key] }),
    index("backoffice_keys_portal").on(t.kind, t.portal_id),
  ],
);
