/**
 * Whether a statement that can touch at most one row (a primary-key or unique WHERE) changed it.
 * D1's `meta.changes` also counts the rows its triggers wrote (the data versions of
 * migrations/0008_data_versions.sql), so it is not the statement's own count and must not be
 * compared with 1. (SQLite's `changes()` inside SQL does not count trigger rows and stays exact.)
 */
export function changedRow(result: { meta: { changes?: number } }): boolean {
  return (result.meta.changes ?? 0) > 0;
}
