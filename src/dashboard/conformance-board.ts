import type { JournalEntry } from '../integration/observation/journal/index.js'

/**
 * The conformance kit's run as the kit's own unimock serves it (GET /_unimock/conformance): the kit writes
 * here as its checks start and conclude; the dashboard reads it. A check's requests are the journal entries
 * that finished between its start and its verdict (ids grow in the order requests finished), the backend's
 * only: the kit's own calls carry the run's mark in their query and are left out. Checks of one phase run at
 * once, so a check's window may also hold requests of a check run beside it.
 */

export type CheckState = 'running' | 'pass' | 'fail' | 'n/a'

export interface CheckEvidence {
  readonly expected: string
  readonly got: string
  readonly requests?: readonly string[]
  readonly answers?: readonly string[]
  readonly log?: readonly string[]
  /** The file the kit wrote the check's screenshot to (a page check's failure, with --junit). */
  readonly screenshot?: string
}

export interface BoardCheck {
  readonly id: string
  readonly rule: string
  state: CheckState
  detail: string | null
  evidence: CheckEvidence | null
  /**
   * A page check's failure: the page as the verdict was reached, PNG, for the Conformance view. One per
   * check, dropped with its run when the next begins, so a long-lived unimock holds one run's at most.
   */
  shot: Buffer | null
  /** The last journal entry id before the check started. */
  readonly afterId: number
  /** The last journal entry id when it concluded; null while it runs. */
  untilId: number | null
}

export interface BoardRun {
  readonly startedAt: number
  finishedAt: number | null
  /** The kit's exit status once it finished: 0 passed, 1 a check failed, 2 the kit could not run. */
  status: 0 | 1 | 2 | null
  error: string | null
  /** The query parameter that marks the kit's own requests. */
  readonly mark: string
  readonly checks: Map<string, BoardCheck>
}

export class ConformanceBoard {
  readonly #runs = new Map<number, BoardRun>()

  begin (tenantId: number, at: number, mark: string): void {
    this.#runs.set(tenantId, { startedAt: at, finishedAt: null, status: null, error: null, mark, checks: new Map() })
  }

  /** A check starting, with the journal's last id as it starts. */
  start (tenantId: number, check: { id: string, rule: string }, lastId: number): void {
    const run = this.#runs.get(tenantId)
    if (run === undefined || run.checks.has(check.id)) return
    run.checks.set(check.id, { id: check.id, rule: check.rule, state: 'running', detail: null, evidence: null, shot: null, afterId: lastId, untilId: null })
  }

  /** A check's verdict, with the journal's last id as it concluded; a check never started gets an empty window. */
  conclude (tenantId: number, check: { id: string, rule: string }, verdict: { outcome: CheckState, detail: string, evidence?: CheckEvidence, shot?: Buffer }, lastId: number): void {
    const run = this.#runs.get(tenantId)
    if (run === undefined) return
    if (!run.checks.has(check.id)) this.start(tenantId, check, lastId)
    const c = run.checks.get(check.id)!
    if (c.untilId !== null) return
    c.state = verdict.outcome
    c.detail = verdict.detail
    c.evidence = verdict.evidence ?? null
    c.shot = verdict.outcome === 'fail' ? verdict.shot ?? null : null
    c.untilId = lastId
  }

  finish (tenantId: number, at: number, status: 0 | 1 | 2, error: string | undefined): void {
    const run = this.#runs.get(tenantId)
    if (run === undefined) return
    run.finishedAt = at
    run.status = status
    run.error = error ?? null
    for (const c of run.checks.values()) if (c.untilId === null) c.untilId = c.afterId
  }

  run (tenantId: number): BoardRun | undefined {
    return this.#runs.get(tenantId)
  }

  /** The backend's entries behind a check: those in its window, on the unified API, not the kit's own. */
  static requestsOf (run: BoardRun, check: BoardCheck, entries: readonly JournalEntry[], lastId: number): JournalEntry[] {
    const until = check.untilId ?? lastId
    return entries.filter((e) => e.id > check.afterId && e.id <= until && e.surface === 'api' && e.query[run.mark] === undefined)
  }
}
