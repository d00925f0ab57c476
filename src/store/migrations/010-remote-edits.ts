import type { Migration } from './migration.js'

/**
 * Remote edits asked for on demand (a scenario step, the control API): a burst of records created, changed or
 * deleted in the simulated third-party system, on top of its steady churn. Sync passes replay them in time order
 * among the churn epochs (after the epochs that ended before the edit); applied_ops lets a short pass resume mid-edit.
 */
export const remoteEdits: Migration = {
  id: 10,
  name: 'remote-edits',
  sql: `
    CREATE TABLE data_remote_edits (
      id INTEGER PRIMARY KEY,
      set_id INTEGER NOT NULL REFERENCES data_sets(id) ON DELETE CASCADE,
      at INTEGER NOT NULL,                   -- when the remote changed (epoch ms)
      created INTEGER NOT NULL,
      changed INTEGER NOT NULL,
      deleted INTEGER NOT NULL,
      applied_ops INTEGER NOT NULL DEFAULT 0 -- operations already synced; done when = created + changed + deleted
    );
    CREATE INDEX data_remote_edits_pending ON data_remote_edits(set_id, id);
  `
}
