import type { Clock } from '../../../core/clock.js'
import { plainCursors } from '../../../core/cursor.js'
import { appError } from '../../../core/errors.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import { iso } from '../../../core/iso.js'
import { cursorText, openCursor, pageOf, pageSize, walk } from '../../../core/pagination.js'
import type { JobKind, Scheduler } from '../../../jobs/scheduler.js'
import type { IssueRange, IssueRepository, IssueRow } from './issue-repository.js'
import { isoFilterMs } from '../../base/dialect/date-filter.js'

/** An issue opened (or reopened after it resolved); 'issue:resolved' when it resolves. */
export interface IssueChanged {
  readonly tenantId: number
  readonly accountId: string
  readonly issueId: string
  readonly reopened: boolean
  readonly at: number
}

/** The issues domain's entries in the event map (integration/domain-events.ts). */
export interface IssueEvents {
  'issue:opened': IssueChanged
  'issue:resolved': IssueChanged
}

/** The account an issue is about, as `end_user` shows it (facts §8 proposal). */
export interface IssueAccount {
  readonly id: string
  readonly tenantId: number
  readonly endUserOriginId: string
  readonly endUserOrganizationName: string | null
  readonly endUserEmailAddress: string | null
  readonly integrationName: string | null
}

export interface IssueView {
  id: string
  status: 'ONGOING' | 'RESOLVED'
  error_description: string
  end_user: Record<string, string | null>
  first_incident_time: string
  last_incident_time: string
  is_muted: boolean
  error_details: string[]
}

export interface IssueQuery {
  readonly cursor?: string | undefined
  readonly page_size?: number | undefined
  readonly account_token?: string | undefined
  readonly linked_account_id?: string | undefined
  readonly integration_name?: string | undefined
  readonly end_user_organization_name?: string | undefined
  readonly status?: string | undefined
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
  readonly first_incident_time_after?: string | undefined
  readonly first_incident_time_before?: string | undefined
  readonly last_incident_time_after?: string | undefined
  readonly last_incident_time_before?: string | undefined
  readonly include_muted?: boolean | undefined
}


/** An issue resolves once a day has passed on the clock without the problem happening again. */
export const QUIET_DAY_MS = 24 * 60 * 60 * 1000

export interface IssueDeps {
  readonly repo: IssueRepository
  readonly clock: Clock
  readonly ids: Ids
  readonly scheduler: Scheduler
  readonly events: Emitter<IssueEvents>
  readonly account: (id: string) => IssueAccount | undefined
  /** Brings the tenant's unobserved sync finishes up to date, so a FAILED run's issue exists before a read. */
  readonly settle: (tenantId: number) => void
  /** The account an account token names, for the `account_token` filter. */
  readonly accountByToken: (tenantId: number, token: string) => string | undefined
}

/**
 * Issues (facts §8): one per problem per linked account, opened by what really goes wrong in the simulation
 * (credentials that stop working, a FAILED sync); a repeat updates it (and reopens a resolved one). It
 * resolves a day after its last incident on the clock (a scheduled job), or at once when the account is
 * relinked. Organization-level reads; `end_user` is the account's end user; unimock has no mute.
 */
export class Issues {
  readonly #d: IssueDeps
  readonly #resolve: JobKind<{ issueId: string }>

  constructor (deps: IssueDeps) {
    this.#d = deps
    // A resolution that threw still resolves the issue (without its event, the likelier culprit): an issue
    // left ONGOING with nothing scheduled would never resolve.
    this.#resolve = deps.scheduler.define<{ issueId: string }>('issues.resolve', ({ issueId }, now) => { this.#resolveIfQuiet(issueId, now) },
      ({ issueId }) => { this.#d.repo.resolve(issueId) })
  }

  /** Records an incident of `problem` on the account. Call inside the transaction of what went wrong. */
  incident (accountId: string, problem: string, description: string, detail: string, at: number): void {
    const account = this.#d.account(accountId)
    if (account === undefined) return
    const existing = this.#d.repo.byProblem(accountId, problem)
    let issueId: string
    if (existing === undefined) {
      issueId = this.#d.ids.uuid()
      this.#d.repo.open({ id: issueId, tenant_id: account.tenantId, linked_account_id: accountId, problem, error_description: description, error_details: JSON.stringify([detail]), first_incident_time: at, last_incident_time: at })
      this.#d.events.emit('issue:opened', { tenantId: account.tenantId, accountId, issueId, reopened: false, at })
    } else {
      issueId = existing.id
      const details = JSON.parse(existing.error_details) as string[]
      if (!details.includes(detail)) details.push(detail)
      this.#d.repo.recur(issueId, JSON.stringify(details), at)
      if (existing.status === 'RESOLVED') this.#d.events.emit('issue:opened', { tenantId: account.tenantId, accountId, issueId, reopened: true, at })
    }
    // One pending resolution per issue, pushed back by every repeat.
    this.#d.scheduler.schedule(this.#resolve, account.tenantId, at + QUIET_DAY_MS, { issueId }, `issue:${issueId}`)
  }

  /** A relink resolves every ongoing issue of the account at once. */
  relinked (accountId: string, at: number): void {
    const ongoing = this.#d.repo.ongoing(accountId)
    for (const issue of ongoing) this.#markResolved(issue, at)
  }

  #resolveIfQuiet (issueId: string, now: number): void {
    const issue = this.#d.repo.byId(issueId)
    if (issue === undefined || issue.status !== 'ONGOING' || now - issue.last_incident_time < QUIET_DAY_MS) return
    this.#markResolved(issue, now)
  }

  #markResolved (issue: IssueRow, at: number): void {
    this.#d.repo.resolve(issue.id)
    this.#d.scheduler.cancel(`issue:${issue.id}`)
    this.#d.events.emit('issue:resolved', { tenantId: issue.tenant_id, accountId: issue.linked_account_id, issueId: issue.id, reopened: false, at })
  }

  get (tenantId: number, id: string): IssueView {
    this.#d.settle(tenantId)
    const row = this.#d.repo.byId(id)
    if (row === undefined || row.tenant_id !== tenantId) throw appError('ISSUE_NOT_FOUND', { id })
    return this.#view(row)
  }

  list (tenantId: number, q: IssueQuery): { next: string | null, previous: string | null, results: IssueView[] } {
    this.#d.settle(tenantId)
    if (q.status !== undefined && q.status !== 'ONGOING' && q.status !== 'RESOLVED') throw appError('ISSUE_BAD_FILTER', { param: 'status', value: q.status, reason: 'use ONGOING or RESOLVED' })
    const accountIds: string[] = []
    if (q.linked_account_id !== undefined) accountIds.push(q.linked_account_id)
    if (q.account_token !== undefined) accountIds.push(this.#d.accountByToken(tenantId, q.account_token) ?? '')
    const ranges: IssueRange[] = []
    const range = (column: IssueRange['column'], param: string, value: string | undefined, op: IssueRange['op']): void => {
      if (value === undefined) return
      const ms = isoFilterMs(value)
      if (ms === undefined) throw appError('ISSUE_BAD_FILTER', { param, value, reason: 'use an ISO 8601 date or date-time, such as 2026-01-01T00:00:00Z' })
      ranges.push({ column, op, ms })
    }
    // start_date / end_date: a window on the issue's most recent action, its last incident.
    range('last_incident_time', 'start_date', q.start_date, '>=')
    range('last_incident_time', 'end_date', q.end_date, '<=')
    range('first_incident_time', 'first_incident_time_after', q.first_incident_time_after, '>')
    range('first_incident_time', 'first_incident_time_before', q.first_incident_time_before, '<')
    range('last_incident_time', 'last_incident_time_after', q.last_incident_time_after, '>')
    range('last_incident_time', 'last_incident_time_before', q.last_incident_time_before, '<')
    const w = walk(openCursor(plainCursors, q.cursor, undefined, () => appError('ISSUE_BAD_FILTER', { param: 'cursor', value: q.cursor ?? '', reason: 'pass the next or previous value of an earlier page unchanged' })), pageSize(q.page_size))
    let rows = this.#d.repo.walk(tenantId, { status: q.status, accountIds, ranges }, w)
    // The account's own fields filter in memory: issues are few.
    if (q.integration_name !== undefined || q.end_user_organization_name !== undefined) {
      rows = rows.filter((r) => {
        const a = this.#d.account(r.linked_account_id)
        return (q.integration_name === undefined || a?.integrationName === q.integration_name) &&
          (q.end_user_organization_name === undefined || a?.endUserOrganizationName === q.end_user_organization_name)
      })
    }
    const page = pageOf(w, rows, (r) => r.seq)
    return { next: cursorText(plainCursors, page.next, undefined), previous: cursorText(plainCursors, page.previous, undefined), results: page.rows.map((r) => this.#view(r)) }
  }

  #view (r: IssueRow): IssueView {
    const a = this.#d.account(r.linked_account_id)
    return {
      id: r.id,
      status: r.status,
      error_description: r.error_description,
      end_user: a === undefined ? {} : { id: a.id, organization_name: a.endUserOrganizationName, email_address: a.endUserEmailAddress, origin_id: a.endUserOriginId },
      first_incident_time: iso(r.first_incident_time),
      last_incident_time: iso(r.last_incident_time),
      is_muted: false,
      error_details: JSON.parse(r.error_details) as string[]
    }
  }

  clear (): void { this.#d.repo.clear() }
}
