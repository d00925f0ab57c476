import Database from 'better-sqlite3'

/**
 * The integrator-side record of each linked account (spec: "Integrator-side record of a linked account"),
 * the two timestamps of the incremental rule per model, and the records fetched. One SQLite file
 * (DB_PATH), or memory.
 *
 * A record is one integration of one organisation in one category: with the origin id strategy
 * `{organization_id}_{category}` there is at most one, hence UNIQUE (organization_id, category).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS integrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL,
  category TEXT NOT NULL,
  end_user_origin_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'error')),
  account_token TEXT,
  integration_name TEXT,
  integration_slug TEXT,
  linked_account_id TEXT,
  relinking INTEGER NOT NULL DEFAULT 0,
  touched INTEGER NOT NULL,
  UNIQUE (organization_id, category)
);
CREATE TABLE IF NOT EXISTS model_sync (
  integration_id INTEGER NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  model_id TEXT NOT NULL,
  last_synced_at TEXT NOT NULL,
  last_sync_finished TEXT NOT NULL,
  PRIMARY KEY (integration_id, model_id)
);
CREATE TABLE IF NOT EXISTS records (
  integration_id INTEGER NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
  model_id TEXT NOT NULL,
  id TEXT NOT NULL,
  modified_at TEXT,
  data TEXT NOT NULL,
  PRIMARY KEY (integration_id, model_id, id)
);
`

export class Store {
  constructor (path = ':memory:') {
    this.db = new Database(path)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('foreign_keys = ON')
    this.db.exec(SCHEMA)
  }

  close () {
    this.db.close()
  }

  /** A counter, not the time: "the record the user touched last" must not depend on clock resolution. */
  #nextTouch () {
    return this.db.prepare('SELECT COALESCE(MAX(touched), 0) + 1 AS n FROM integrations').get().n
  }

  get (id) {
    return this.db.prepare('SELECT * FROM integrations WHERE id = ?').get(id)
  }

  /** One organisation's record: another organisation's id is as good as unknown. */
  byId (organizationId, id) {
    return this.db.prepare('SELECT * FROM integrations WHERE id = ? AND organization_id = ?').get(id, organizationId)
  }

  byCategory (organizationId, category) {
    return this.db.prepare('SELECT * FROM integrations WHERE organization_id = ? AND category = ?').get(organizationId, category)
  }

  /** The record a webhook is about: the service names the account by its category and our origin id. */
  byOrigin (category, endUserOriginId) {
    return this.db.prepare('SELECT * FROM integrations WHERE category = ? AND end_user_origin_id = ?').get(category, endUserOriginId)
  }

  forOrganization (organizationId) {
    return this.db.prepare('SELECT * FROM integrations WHERE organization_id = ? ORDER BY id').all(organizationId)
  }

  /** Records a public token may complete: a first link (pending) or a relink under way; the latest touched first. */
  awaitingExchange (organizationId) {
    return this.db.prepare(`SELECT * FROM integrations WHERE organization_id = ? AND (status = 'pending' OR relinking = 1)
      ORDER BY touched DESC`).all(organizationId)
  }

  all () {
    return this.db.prepare('SELECT * FROM integrations ORDER BY id').all()
  }

  /** Saved before the link token is requested (spec): the origin id exists before the service hears of it. */
  insertPending (organizationId, category, endUserOriginId) {
    const info = this.db.prepare(`INSERT INTO integrations (organization_id, category, end_user_origin_id, status, touched)
      VALUES (?, ?, ?, 'pending', ?)`).run(organizationId, category, endUserOriginId, this.#nextTouch())
    return this.db.prepare('SELECT * FROM integrations WHERE id = ?').get(info.lastInsertRowid)
  }

  /** A retry of an incomplete attempt: same record, integration name cleared (spec: pending → pending). */
  retryPending (id, endUserOriginId) {
    this.db.prepare(`UPDATE integrations SET end_user_origin_id = ?, integration_name = NULL, integration_slug = NULL, touched = ?
      WHERE id = ?`).run(endUserOriginId, this.#nextTouch(), id)
  }

  /** relink-integration created a link token: the public token it leads to may be exchanged. */
  startRelink (id) {
    this.db.prepare('UPDATE integrations SET relinking = 1, touched = ? WHERE id = ?').run(this.#nextTouch(), id)
  }

  activate (id, { accountToken, integrationName, integrationSlug, linkedAccountId }) {
    this.db.prepare(`UPDATE integrations SET status = 'active', account_token = ?, integration_name = ?, integration_slug = ?,
      linked_account_id = ?, relinking = 0 WHERE id = ?`).run(accountToken, integrationName, integrationSlug, linkedAccountId, id)
  }

  /** The health check succeeded again: active, with the name and slug as the service has them now. */
  reactivate (id, { integrationName, integrationSlug }) {
    this.db.prepare(`UPDATE integrations SET status = 'active', integration_name = ?, integration_slug = ?, relinking = 0 WHERE id = ?`)
      .run(integrationName, integrationSlug, id)
  }

  markError (id) {
    this.db.prepare(`UPDATE integrations SET status = 'error' WHERE id = ? AND status = 'active'`).run(id)
  }

  remove (id) {
    this.db.prepare('DELETE FROM integrations WHERE id = ?').run(id)
  }

  /** The two timestamps of the incremental retrieval rule, or undefined before the model's first fetch. */
  watermark (integrationId, modelId) {
    return this.db.prepare('SELECT last_synced_at, last_sync_finished FROM model_sync WHERE integration_id = ? AND model_id = ?')
      .get(integrationId, modelId)
  }

  saveWatermark (integrationId, modelId, lastSyncedAt, lastSyncFinished) {
    this.db.prepare(`INSERT INTO model_sync (integration_id, model_id, last_synced_at, last_sync_finished) VALUES (?, ?, ?, ?)
      ON CONFLICT (integration_id, model_id) DO UPDATE SET last_synced_at = excluded.last_synced_at,
      last_sync_finished = excluded.last_sync_finished`).run(integrationId, modelId, lastSyncedAt, lastSyncFinished)
  }

  /**
   * One page of records as the official client parsed them (camelCase, dates as Date); an id seen again (the
   * overlap of two windows) is overwritten, not duplicated.
   */
  saveRecords (integrationId, modelId, records) {
    const upsert = this.db.prepare(`INSERT INTO records (integration_id, model_id, id, modified_at, data) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (integration_id, model_id, id) DO UPDATE SET modified_at = excluded.modified_at, data = excluded.data`)
    this.db.transaction(() => {
      for (const r of records) upsert.run(integrationId, modelId, r.id, r.modifiedAt?.toISOString() ?? null, JSON.stringify(r))
    })()
  }

  watermarks (integrationId) {
    return this.db.prepare('SELECT model_id, last_synced_at, last_sync_finished FROM model_sync WHERE integration_id = ? ORDER BY model_id')
      .all(integrationId)
  }

  records (integrationId) {
    return this.db.prepare('SELECT model_id, id, modified_at FROM records WHERE integration_id = ? ORDER BY model_id, id').all(integrationId)
  }
}
