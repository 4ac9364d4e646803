import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof getDb>;

/**
 * A Drizzle handle over D1. It accepts a plain binding or a D1 Sessions API session
 * (`env.DB.withSession(bookmark)`): both expose the prepare/batch surface Drizzle uses, but Drizzle's
 * types only name D1Database, hence the cast.
 */
export function getDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema });
}

export { schema };
