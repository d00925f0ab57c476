import type { Migration } from './migration.js'

/**
 * Records written through the unified API (create, partial update, ignore): their content, which the generator
 * cannot know. A written record keeps its narrow row in data_records (index, version, timestamps) like any synced
 * record; this table holds the values that replace the generated ones, keyed by the same (set, index). `ignored`
 * marks a record the integrator asked the service to ignore: later syncs leave it alone.
 */
export const writtenRecords: Migration = {
  id: 21,
  name: 'written-records',
  sql: `
    CREATE TABLE data_written (
      set_id INTEGER NOT NULL REFERENCES data_sets(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL,
      fields TEXT NOT NULL,          -- JSON object: field name -> value as reads show it
      ignored INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (set_id, idx)
    ) WITHOUT ROWID;
  `
}
