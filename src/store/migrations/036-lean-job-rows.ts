import type { Migration } from './migration.js'

/**
 * The two tables written once per job and once per finished sync, hundreds of thousands of times in a
 * simulated day, lose what every write paid for and no read used: AUTOINCREMENT (a write to sqlite_sequence
 * per insert; a plain rowid is still larger than every row present, which is all the ordering by id and by
 * seq needs) and the jobs' due index (#19 made every read of due jobs go through jobs_tenant_due).
 */
export const leanJobRows: Migration = {
  id: 36,
  name: 'lean-job-rows',
  sql: `
    CREATE TABLE jobs_lean (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      due_at INTEGER NOT NULL,
      dedupe_key TEXT UNIQUE,
      payload TEXT NOT NULL DEFAULT '{}',
      tenant_id INTEGER
    );
    INSERT INTO jobs_lean (id, kind, due_at, dedupe_key, payload, tenant_id)
      SELECT id, kind, due_at, dedupe_key, payload, tenant_id FROM jobs;
    DROP TABLE jobs;
    ALTER TABLE jobs_lean RENAME TO jobs;
    CREATE INDEX jobs_tenant_due ON jobs(tenant_id, due_at, id);

    CREATE TABLE sync_history_lean (
      seq INTEGER PRIMARY KEY,
      linked_account_id TEXT NOT NULL,
      model_id TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      finished_at INTEGER NOT NULL,
      result TEXT NOT NULL,
      was_initial INTEGER NOT NULL
    );
    INSERT INTO sync_history_lean SELECT seq, linked_account_id, model_id, started_at, finished_at, result, was_initial FROM sync_history;
    DROP TABLE sync_history;
    ALTER TABLE sync_history_lean RENAME TO sync_history;
    CREATE INDEX sync_history_account ON sync_history(linked_account_id, seq);
    DELETE FROM sqlite_sequence WHERE name IN ('jobs', 'sync_history');
  `
}
