"""The integrator's own records, in sqlite3: one connection shared by every
thread (check_same_thread=False), every statement under one lock."""
import sqlite3
import threading

SCHEMA = """
CREATE TABLE IF NOT EXISTS integrations (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL,
  category TEXT NOT NULL,
  end_user_origin_id TEXT NOT NULL,
  status TEXT NOT NULL,               -- pending | active | error
  link_token TEXT,                    -- the last one the service gave (never answered twice)
  relinking INTEGER NOT NULL DEFAULT 0,
  account_token TEXT,
  linked_account_id TEXT,             -- the service's linked account id (what the routes take)
  integration_name TEXT,
  integration_slug TEXT,
  UNIQUE (organization_id, category)
);
CREATE TABLE IF NOT EXISTS model_state (
  integration_id INTEGER NOT NULL,
  model_id TEXT NOT NULL,
  last_sync_finished TEXT NOT NULL,   -- the service's string, exactly as it came
  last_synced_at TEXT NOT NULL,       -- our own clock when that fetch started
  PRIMARY KEY (integration_id, model_id)
);
CREATE TABLE IF NOT EXISTS records (
  integration_id INTEGER NOT NULL,
  model_id TEXT NOT NULL,
  record_id TEXT NOT NULL,
  modified_at TEXT,
  PRIMARY KEY (integration_id, model_id, record_id)
);
"""


class Store:
    def __init__(self, path=':memory:'):
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        with self._lock:
            self._db.executescript(SCHEMA)

    def _all(self, sql, args=()):
        with self._lock:
            return [dict(r) for r in self._db.execute(sql, args).fetchall()]

    def _one(self, sql, args=()):
        rows = self._all(sql, args)
        return rows[0] if rows else None

    def _run(self, sql, args=()):
        with self._lock:
            return self._db.execute(sql, args).lastrowid

    # integrations
    def get(self, integration_id):
        return self._one('SELECT * FROM integrations WHERE id = ?', (integration_id,))

    def by_category(self, org, category):
        return self._one('SELECT * FROM integrations WHERE organization_id = ? AND category = ?', (org, category))

    def by_origin_id(self, org, origin_id):
        return self._one('SELECT * FROM integrations WHERE organization_id = ? AND end_user_origin_id = ?',
                         (org, origin_id))

    def by_organisation(self, org):
        return self._all('SELECT * FROM integrations WHERE organization_id = ? ORDER BY category', (org,))

    def by_linked_account(self, org, linked_account_id):
        return self._one('SELECT * FROM integrations WHERE organization_id = ? AND linked_account_id = ?',
                         (org, str(linked_account_id)))

    def for_webhook(self, linked_account_id, origin_id, category):
        """The record a delivery names: by the service's id, else by origin id and category."""
        if linked_account_id:
            rec = self._one('SELECT * FROM integrations WHERE linked_account_id = ?', (str(linked_account_id),))
            if rec:
                return rec
        if origin_id:
            return self._one('SELECT * FROM integrations WHERE end_user_origin_id = ? AND category = ?',
                             (origin_id, category))
        return None

    def active_ids(self):
        return [r['id'] for r in self._all("SELECT id FROM integrations WHERE status = 'active'")]

    def create_pending(self, org, category, origin_id):
        return self._run('INSERT INTO integrations (organization_id, category, end_user_origin_id, status) '
                         "VALUES (?, ?, ?, 'pending')", (org, category, origin_id))

    def clear_pending(self, integration_id, origin_id=None):
        """A retry of an incomplete link: token and name cleared (origin id kept unless given)."""
        self._run('UPDATE integrations SET link_token = NULL, integration_name = NULL, integration_slug = NULL, '
                  'end_user_origin_id = COALESCE(?, end_user_origin_id) WHERE id = ?', (origin_id, integration_id))

    def set_link_token(self, integration_id, link_token, relinking=False):
        self._run('UPDATE integrations SET link_token = ?, relinking = MAX(relinking, ?) WHERE id = ?',
                  (link_token, 1 if relinking else 0, integration_id))

    def linked(self, integration_id, status, account_token, linked_account_id, name, slug):
        self._run('UPDATE integrations SET status = ?, account_token = ?, linked_account_id = ?, '
                  'integration_name = ?, integration_slug = ?, link_token = NULL, relinking = 0 WHERE id = ?',
                  (status, account_token, linked_account_id, name, slug, integration_id))

    def set_status(self, integration_id, status):
        self._run('UPDATE integrations SET status = ? WHERE id = ?', (status, integration_id))

    def delete(self, integration_id):
        with self._lock:
            for table, col in (('records', 'integration_id'), ('model_state', 'integration_id'), ('integrations', 'id')):
                self._db.execute(f'DELETE FROM {table} WHERE {col} = ?', (integration_id,))

    # per model timestamps and records
    def model_state(self, integration_id, model_id):
        return self._one('SELECT * FROM model_state WHERE integration_id = ? AND model_id = ?',
                         (integration_id, model_id))

    def save_model_state(self, integration_id, model_id, last_sync_finished, last_synced_at):
        self._run('INSERT INTO model_state (integration_id, model_id, last_sync_finished, last_synced_at) '
                  'VALUES (?, ?, ?, ?) ON CONFLICT (integration_id, model_id) DO UPDATE SET '
                  'last_sync_finished = excluded.last_sync_finished, last_synced_at = excluded.last_synced_at',
                  (integration_id, model_id, last_sync_finished, last_synced_at))

    def save_records(self, integration_id, model_id, records):
        rows = [(integration_id, model_id, str(r.get('id')), r.get('modified_at'))
                for r in records if isinstance(r, dict) and r.get('id') is not None]
        with self._lock:
            self._db.executemany('INSERT INTO records (integration_id, model_id, record_id, modified_at) '
                                 'VALUES (?, ?, ?, ?) ON CONFLICT (integration_id, model_id, record_id) '
                                 'DO UPDATE SET modified_at = excluded.modified_at', rows)

    def count_records(self, integration_id, model_id):
        row = self._one('SELECT COUNT(*) AS n FROM records WHERE integration_id = ? AND model_id = ?',
                        (integration_id, model_id))
        return row['n']
