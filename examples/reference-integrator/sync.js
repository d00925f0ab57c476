import { broken } from './broken.js'
import { NeedsRelink, withRetries } from './retries.js'
import { MODELS } from './service.js'

/**
 * When to fetch, and how: the spec's "Data readiness rules" and "Incremental retrieval rule". Webhooks, the
 * check-sync-status route and the background poll all end here, and all use the same timestamp comparison
 * (Events 4). The work of one integration runs one task at a time, so a webhook delivered twice in a row
 * compares against what the first delivery stored, not against a fetch still under way.
 */
export const PAGE_SIZE = 50

/** An ISO 8601 instant in microseconds since the epoch: the service writes six decimals, we compare them all. */
export function micros (iso) {
  const match = /^(.*?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/.exec(iso)
  if (match === null) return Number.NaN
  const ms = Date.parse(`${match[1]}${match[3]}`)
  return ms * 1000 + Number(((match[2] ?? '') + '000000').slice(0, 6))
}

/** Whether the service's `last_sync_finished` calls for a fetch (Incremental retrieval 1, Events 2). */
function isNewer (current, stored) {
  if (stored === undefined) return true
  const a = micros(current)
  const b = micros(stored)
  if (broken('fetch-on-equal')) return a >= b
  if (broken('fetch-when-older')) return a !== b
  return a > b
}

/**
 * Whether the data of a finished sync may be fetched, from that sync's result: rule 2 (while the initial sync
 * runs only DONE) and rule 3 (later, DONE or PARTIALLY_SYNCED). SUCCESSFUL is how the sync-status list says
 * DONE. A FAILED sync's data is not fetched; the earlier data stays.
 */
export function resultReady (result, isInitialSync) {
  if (result === 'DONE' || result === 'SUCCESSFUL') return true
  if (broken('fetch-partial-initial') && (result === 'PARTIALLY_SYNCED' || result === 'FAILED')) return true
  return result === 'PARTIALLY_SYNCED' && isInitialSync !== true
}

/** A sync-status record with both spellings of the spec tolerated (`model`, `last_sync_started`). */
function normalise (r) {
  return {
    modelId: r.model_id ?? r.model,
    status: r.status,
    isInitialSync: r.is_initial_sync === true,
    lastSyncStart: r.last_sync_start ?? r.last_sync_started ?? null,
    lastSyncFinished: r.last_sync_finished ?? null,
    lastSyncResult: r.last_sync_result ?? null
  }
}

function latest (instants) {
  return instants.filter((t) => t !== null).reduce((a, b) => (a === null || micros(b) > micros(a) ? b : a), null)
}

/**
 * check-sync-status's answer from the service's sync status: complete when every model that is not DISABLED
 * is ready (rules 1-4; during the initial sync rule 2's reading, so PARTIALLY_SYNCED is not yet ready).
 */
export function summarise (records) {
  const enabled = records.filter((r) => r.status !== 'DISABLED')
  const ready = (r) => r.status === 'DONE' || (r.status === 'PARTIALLY_SYNCED' && !r.isInitialSync) ||
    (broken('failed-is-ready') && r.status === 'FAILED')
  const first = ['SYNCING', 'PAUSED', 'FAILED', 'PARTIALLY_SYNCED'].find((s) => enabled.some((r) => r.status === s))
  return {
    sync_complete: enabled.every(ready),
    sync_status: first ?? 'DONE',
    last_sync_time: latest(records.map((r) => (broken('last-sync-time-from-start') ? r.lastSyncStart : r.lastSyncFinished)))
  }
}

export class Syncer {
  #tails = new Map()

  constructor ({ store, service, log }) {
    this.store = store
    this.service = service
    this.log = log
  }

  /** Runs `task` after every earlier task of the same integration. */
  serialised (integrationId, task) {
    const run = (this.#tails.get(integrationId) ?? Promise.resolve()).then(task)
    const tail = run.catch(() => {})
    this.#tails.set(integrationId, tail)
    void tail.then(() => { if (this.#tails.get(integrationId) === tail) this.#tails.delete(integrationId) })
    return run
  }

  /** A 401/403 from the service: the record moves to error until a health check succeeds. */
  #needsRelink (row) {
    if (broken('ignore-401')) return
    this.store.markError(row.id)
    this.log(`integration ${row.id}: the service refused its account token; it needs relinking`)
  }

  /**
   * A sync webhook said these models finished (`entries`: modelId, lastSyncFinished, result, isInitialSync).
   * Fetches the integration's model when it is ready and newer than what we have.
   */
  onSyncEvent (integrationId, entries) {
    return this.serialised(integrationId, async () => {
      const row = this.store.get(integrationId)
      if (row === undefined || row.status !== 'active') return
      const entry = entries.find((e) => e.modelId === MODELS[row.category].modelId)
      if (entry === undefined || entry.lastSyncFinished === null || !resultReady(entry.result, entry.isInitialSync)) return
      await this.#guarded(row, () => this.#fetchIfNewer(row, entry.lastSyncFinished))
    })
  }

  /**
   * The health check and the polling backup: reads sync-status (after account-details when the record is in
   * error), fetches the model when it is ready and newer, and answers check-sync-status.
   */
  checkStatus (integrationId) {
    return this.serialised(integrationId, async () => {
      let row = this.store.get(integrationId)
      if (row === undefined) return undefined
      if (row.status === 'pending') return { sync_complete: false, sync_status: 'PENDING', last_sync_time: null }
      const relinkNeeded = { sync_complete: false, sync_status: 'RELINK_NEEDED', last_sync_time: null }
      try {
        if (row.status === 'error') {
          const details = await withRetries('account-details', () => this.service.accountDetails(row.category, row.account_token), this.log)
          if (!broken('relink-stays-error')) this.store.reactivate(row.id, { integrationName: details.integration, integrationSlug: details.integrationSlug })
          row = this.store.get(integrationId)
        }
        const records = await this.#syncStatus(row)
        const model = records.find((r) => r.modelId === MODELS[row.category].modelId)
        if (!broken('no-polling-fetch') && model?.lastSyncFinished != null && resultReady(model.lastSyncResult, model.isInitialSync)) {
          await this.#fetchIfNewer(row, model.lastSyncFinished)
        }
        return summarise(records)
      } catch (error) {
        if (!(error instanceof NeedsRelink)) throw error
        this.#needsRelink(row)
        return relinkNeeded
      }
    })
  }

  async #syncStatus (row) {
    const records = []
    let cursor = null
    do {
      const page = await withRetries('sync-status', () => this.service.syncStatusPage(row.category, row.account_token, cursor), this.log)
      records.push(...page.results.map(normalise))
      cursor = page.next
    } while (cursor !== null)
    return records
  }

  async #guarded (row, work) {
    try {
      await work()
    } catch (error) {
      if (!(error instanceof NeedsRelink)) throw error
      this.#needsRelink(row)
    }
  }

  /** Incremental retrieval 1-4 for the integration's model. */
  async #fetchIfNewer (row, lastSyncFinished) {
    const modelId = MODELS[row.category].modelId
    const stored = this.store.watermark(row.id, modelId)
    if (!isNewer(lastSyncFinished, stored?.last_sync_finished)) return
    // Rule 2: our own time, taken before the first page. A record the service changes while we page is then
    // inside the next window, which starts here, and not lost between this fetch's start and its end.
    const startedAt = new Date().toISOString()
    const window = {}
    if (stored === undefined) {
      if (!broken('first-fetch-without-bound')) window.modified_before = lastSyncFinished
    } else {
      window.modified_after = stored.last_synced_at
      if (!broken('no-modified-before')) window.modified_before = lastSyncFinished
    }
    let cursor
    let pages = 0
    do {
      const pageSize = pages > 0 && broken('page-size-drift') ? PAGE_SIZE * 2 : PAGE_SIZE
      const page = await withRetries(`list ${modelId}`, () => this.service.listPage(row.category, row.account_token, { pageSize, cursor, window }), this.log)
      this.store.saveRecords(row.id, modelId, page.results)
      cursor = broken('first-page-only') ? undefined : page.next ?? undefined
      pages++
    } while (cursor !== undefined)
    // fetch-on-equal refetches a window it already had; its rule is the only one it may break, so it keeps the
    // stored start time (a later one would skip what a sync in progress writes meanwhile: a gap, another rule).
    if (broken('fetch-on-equal') && stored !== undefined && micros(lastSyncFinished) === micros(stored.last_sync_finished)) return
    const lastSyncedAt = broken('watermark-at-end') ? new Date().toISOString() : startedAt
    this.store.saveWatermark(row.id, modelId, lastSyncedAt, lastSyncFinished)
  }
}
