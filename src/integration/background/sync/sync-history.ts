import type { Db } from '../../../store/database.js'
import type { SyncOutcome } from './sync-state.js'

/** One finished run of one model. Times are epoch milliseconds. */
export interface SyncHistoryEntry {
  readonly accountId: string
  readonly modelId: string
  readonly startedAt: number
  readonly finishedAt: number
  readonly result: SyncOutcome
  readonly wasInitial: boolean
}

interface Row {
  linked_account_id: string
  model_id: string
  started_at: number
  finished_at: number
  result: SyncOutcome
  was_initial: number
}

/** How many finished runs an account keeps: the newest ones (about a day of 5-minute syncs of a few models). */
export const HISTORY_PER_ACCOUNT = 1000

/** An account's history is trimmed every this many writes (it holds at most limit + TRIM_EVERY - 1 rows). */
const TRIM_EVERY = 64

/**
 * The SQL of sync history: the finished runs of each account, written by a listener of 'model-sync:finished'
 * (compose.ts), read by the control API (the dashboard's timeline). Bounded per account on every write.
 */
export class SyncHistoryRepository {
  readonly #insert
  readonly #trim
  readonly #forAccount
  readonly #forget
  readonly #clear
  /** Writes since each account's last trim (a restart only trims a little late). */
  readonly #writes = new Map<string, number>()

  constructor (db: Db, readonly limit: number = HISTORY_PER_ACCOUNT) {
    this.#insert = db.prepare(`INSERT INTO sync_history (linked_account_id, model_id, started_at, finished_at, result, was_initial)
      VALUES (?, ?, ?, ?, ?, ?)`)
    // The row `limit` places below the newest, and every older one, go: one index walk per write.
    this.#trim = db.prepare(`DELETE FROM sync_history WHERE linked_account_id = +? AND seq <= (
      SELECT seq FROM sync_history WHERE linked_account_id = +? ORDER BY seq DESC LIMIT 1 OFFSET +?)`)
    this.#forAccount = db.prepare('SELECT * FROM sync_history WHERE linked_account_id = +? ORDER BY seq DESC LIMIT +?')
    this.#forget = db.prepare('DELETE FROM sync_history WHERE linked_account_id = ?')
    this.#clear = db.prepare('DELETE FROM sync_history')
  }

  record (e: SyncHistoryEntry): void {
    this.#insert.run(e.accountId, e.modelId, e.startedAt, e.finishedAt, e.result, e.wasInitial ? 1 : 0)
    // A simulated day is hundreds of thousands of runs: trimming in batches keeps the write to one insert.
    const writes = (this.#writes.get(e.accountId) ?? 0) + 1
    if (writes < TRIM_EVERY) { this.#writes.set(e.accountId, writes); return }
    this.#writes.set(e.accountId, 0)
    this.#trim.run(e.accountId, e.accountId, this.limit)
  }

  /** The account's newest `limit` runs, oldest first. */
  forAccount (accountId: string): SyncHistoryEntry[] {
    return (this.#forAccount.all(accountId, this.limit) as Row[]).reverse().map((r) => ({
      accountId: r.linked_account_id,
      modelId: r.model_id,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      result: r.result,
      wasInitial: r.was_initial === 1
    }))
  }

  forget (accountId: string): void {
    this.#forget.run(accountId)
    this.#writes.delete(accountId)
  }

  clear (): void {
    this.#clear.run()
    this.#writes.clear()
  }
}
