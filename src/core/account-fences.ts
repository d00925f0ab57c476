/** The rows a scenario run adds for its own accounts. */
export type FencedKind = 'webhook-target' | 'webhook-fault' | 'service-fault'

/** Whether a row applies to a linked account (undefined: a request made without one). */
export type FenceCheck = (kind: FencedKind, rowId: string | number, accountId: string | undefined) => boolean

/**
 * The webhook targets and faults a scenario run adds hold for the run's own accounts only, not for the other
 * accounts of the API key it runs on: a fenced row applies to the accounts its run has linked so far, and to
 * nothing else. Rows nobody fenced apply as they always did. Kept in memory, as runs are.
 */
export class AccountFences {
  /** `kind:id` of a fenced row → the run it belongs to. */
  readonly #rows = new Map<string, string>()
  /** A run → the linked accounts it created. */
  readonly #accounts = new Map<string, Set<string>>()

  fence (kind: FencedKind, rowId: string | number, runId: string): void {
    this.#rows.set(`${kind}:${rowId}`, runId)
  }

  join (runId: string, accountId: string): void {
    const mine = this.#accounts.get(runId)
    if (mine === undefined) this.#accounts.set(runId, new Set([accountId]))
    else mine.add(accountId)
  }

  /** The run has removed its rows (or they went with its key): nothing of it is fenced any more. */
  release (runId: string): void {
    for (const [row, run] of this.#rows) if (run === runId) this.#rows.delete(row)
    this.#accounts.delete(runId)
  }

  readonly admits: FenceCheck = (kind, rowId, accountId) => {
    if (this.#rows.size === 0) return true
    const run = this.#rows.get(`${kind}:${rowId}`)
    return run === undefined || (accountId !== undefined && this.#accounts.get(run)?.has(accountId) === true)
  }

  clear (): void {
    this.#rows.clear()
    this.#accounts.clear()
  }
}
