import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session, type drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * What `drizzle(d1, { schema })` derives from the schema on every call, derived once per isolate
 * instead: the relational config walk was the largest single cost of a page's server time
 * (several API calls per page, a new handle per request; see bench/README.md).
 */
const dialect = new SQLiteAsyncDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relationalSchema = {
  fullSchema: schema,
  schema: tables.tables,
  tableNamesMap: tables.tableNamesMap,
};

/**
 * A Drizzle handle over D1. It accepts a plain binding or a D1 Sessions API session
 * (`env.DB.withSession(bookmark)`): both expose the prepare/batch surface Drizzle uses, but Drizzle's
 * types only name D1Database, hence the cast.
 */
export function getDb(d1: D1Database | D1DatabaseSession): Db {
  const client = d1 as D1Database;
  const session = new SQLiteD1Session(client, dialect, relationalSchema, {});
  const db = new DrizzleD1Database("async", dialect, session, relationalSchema) as Db;
  db.$client = client;
  return db;
}

export { schema };
