import type { Statement } from 'better-sqlite3'
import type { Walk } from '../../../core/pagination.js'
import type { Db } from '../../../store/database.js'

export interface IssueRow { seq: number, id: string, tenant_id: number, linked_account_id: string, problem: string, status: 'ONGOING' | 'RESOLVED', error_description: string, error_details: string, first_incident_time: number, last_incident_time: number }

/** A bound on one of an issue's instants. */
export interface IssueRange { readonly column: 'first_incident_time' | 'last_incident_time', readonly op: '>' | '<' | '>=' | '<=', readonly ms: number }

export interface IssueFilter {
  readonly status?: string | undefined
  /** Accounts by id: the linked_account_id filter and the account_token one (both when both are given). */
  readonly accountIds: readonly string[]
  readonly ranges: readonly IssueRange[]
}

/** SQL of the issues: one row per problem per linked account, in the order they opened (seq). */
export class IssueRepository {
  readonly #db: Db
  readonly #byProblem: Statement
  readonly #insert: Statement
  readonly #recur: Statement
  readonly #ongoing: Statement
  readonly #byId: Statement
  readonly #resolve: Statement
  readonly #clear: Statement

  constructor (db: Db) {
    this.#db = db
    this.#byProblem = db.prepare('SELECT * FROM issues WHERE linked_account_id = ? AND problem = ?')
    this.#insert = db.prepare(`INSERT INTO issues (id, tenant_id, linked_account_id, problem, status, error_description, error_details, first_incident_time, last_incident_time)
      VALUES (?, ?, ?, ?, 'ONGOING', ?, ?, ?, ?)`)
    this.#recur = db.prepare("UPDATE issues SET status = 'ONGOING', error_details = ?, last_incident_time = ? WHERE id = ?")
    this.#ongoing = db.prepare("SELECT * FROM issues WHERE linked_account_id = ? AND status = 'ONGOING'")
    this.#byId = db.prepare('SELECT * FROM issues WHERE id = ?')
    this.#resolve = db.prepare("UPDATE issues SET status = 'RESOLVED' WHERE id = ?")
    this.#clear = db.prepare('DELETE FROM issues')
  }

  byProblem (accountId: string, problem: string): IssueRow | undefined { return this.#byProblem.get(accountId, problem) as IssueRow | undefined }

  open (r: Omit<IssueRow, 'seq' | 'status'>): void {
    this.#insert.run(r.id, r.tenant_id, r.linked_account_id, r.problem, r.error_description, r.error_details, r.first_incident_time, r.last_incident_time)
  }

  /** The problem happened again: ONGOING, with these details and this last incident. */
  recur (id: string, details: string, at: number): void { this.#recur.run(details, at, id) }

  ongoing (accountId: string): IssueRow[] { return this.#ongoing.all(accountId) as IssueRow[] }

  byId (id: string): IssueRow | undefined { return this.#byId.get(id) as IssueRow | undefined }

  resolve (id: string): void { this.#resolve.run(id) }

  /** One page's rows of a walk over a tenant's issues. */
  walk (tenantId: number, f: IssueFilter, w: Walk): IssueRow[] {
    const where = ['tenant_id = @tenantId']
    const params: Record<string, unknown> = { tenantId, limit: w.limit }
    if (f.status !== undefined) { where.push('status = @status'); params.status = f.status }
    f.accountIds.forEach((id, i) => { where.push(`linked_account_id = @account${i}`); params[`account${i}`] = id })
    f.ranges.forEach((r, i) => { where.push(`${r.column} ${r.op} @range${i}`); params[`range${i}`] = r.ms })
    if (w.from !== null) { where.push(w.backward ? 'seq < @from' : 'seq > @from'); params.from = w.from }
    return this.#db.prepare<[Record<string, unknown>], IssueRow>(`SELECT * FROM issues WHERE ${where.join(' AND ')} ORDER BY seq ${w.backward ? 'DESC' : 'ASC'} LIMIT @limit`).all(params)
  }

  clear (): void { this.#clear.run() }
}
