import { between, hashText, pick, stableUuid } from '../../../../core/hash.js'

/** What a nested list reads besides its parent: records of the account, by model id. */
export interface NestedSource {
  /** A record of the account as a read shows it (expanded as asked); undefined when there is none. */
  record (modelId: string, id: string, expand?: string): Record<string, unknown> | undefined
  /** The ids of the account's first records of a model (at most 100), in list order. */
  ids (modelId: string): readonly string[]
}

/**
 * A list under one record of a parent model (`/api/{category}/v1/{parent segment}/{param}/{tail}`), the facts'
 * `nested_list_endpoints`: the items are a function of the parent record and the account's records, so the same
 * parent always lists the same items, and they change when the parent does (their timestamps are its).
 */
export interface NestedList {
  readonly category: string
  readonly parent: string
  readonly param: string
  readonly tail: string
  readonly summary: string
  /** The expand values the client offers. */
  readonly expand: readonly string[]
  /** The parent's read query: what the items are built from (e.g. `expand=lines`). */
  readonly parentExpand?: string
  items (parent: Readonly<Record<string, unknown>>, expand: ReadonlySet<string>, source: NestedSource): Array<Record<string, unknown>>
}

const QUESTIONS: ReadonlyArray<{ title: string, type: string, options?: readonly string[] }> = [
  { title: 'Are you legally authorized to work in this country?', type: 'BOOLEAN' },
  { title: 'How many years of relevant experience do you have?', type: 'NUMERIC' },
  { title: 'When could you start?', type: 'DATE' },
  { title: 'Which office would you work from?', type: 'SINGLE_SELECT', options: ['Remote', 'Berlin', 'New York'] },
  { title: 'Which of these languages do you speak?', type: 'MULTI_SELECT', options: ['English', 'German', 'Spanish', 'French'] },
  { title: 'Link to your portfolio', type: 'SINGLE_LINE_TEXT' },
  { title: 'Why do you want to join us?', type: 'MULTI_LINE_TEXT' },
  { title: 'Upload your cover letter', type: 'FILE' }
]

const stamps = (parent: Readonly<Record<string, unknown>>): { created_at: unknown, modified_at: unknown } => ({ created_at: parent.created_at, modified_at: parent.modified_at })

/** `count` distinct ids of `pool` picked by the text's hash, in pool order. */
function someOf (pool: readonly string[], text: string, count: number): string[] {
  if (pool.length === 0) return []
  const start = between(hashText(text), 0, pool.length - 1)
  const out = new Set<string>()
  for (let i = 0; i < Math.min(count, pool.length); i++) out.add(pool[(start + i * 7) % pool.length]!)
  return pool.filter((id) => out.has(id))
}

/** A relation as the client reads it: the id, or with `expand` the record (the id when it is gone). */
function related (source: NestedSource, modelId: string, id: unknown, expanded: boolean): unknown {
  if (typeof id !== 'string' || !expanded) return id ?? null
  return source.record(modelId, id) ?? id
}

const screeningQuestions: NestedList = {
  category: 'ats',
  parent: 'ats.Job',
  param: 'job_id',
  tail: 'screening-questions',
  summary: 'The screening questions of one job, in pages',
  expand: ['job', 'options'],
  items (job, expand, source) {
    const id = String(job.id)
    const count = between(hashText(`${id}:screening-questions`), 0, 4)
    return Array.from({ length: count }, (_, i) => {
      const q = pick(hashText(`${id}:screening-question:${i}`), QUESTIONS)
      const qid = stableUuid(`${id}:screening-question:${i}`)
      const options = (q.options ?? []).map((label, j) => ({
        id: stableUuid(`${qid}:option:${j}`), remote_id: `${String(job.remote_id)}-q${i + 1}-o${j + 1}`, ...stamps(job), label, remote_was_deleted: false
      }))
      return {
        id: qid,
        remote_id: `${String(job.remote_id)}-q${i + 1}`,
        ...stamps(job),
        job: expand.has('job') ? (source.record('ats.Job', id) ?? id) : id,
        description: q.type === 'FILE' ? 'PDF or Word, at most 5 MB' : '',
        title: q.title,
        type: q.type,
        required: (hashText(`${qid}:required`) & 1) === 1,
        options: expand.has('options') ? options : options.map((o) => o.id),
        remote_was_deleted: false
      }
    })
  }
}

/** Who may see a ticket or a collection: a user or a team each, as the ticketing client's Viewer. */
function viewers (owner: Readonly<Record<string, unknown>>, users: readonly string[], teams: readonly string[], expand: ReadonlySet<string>, source: NestedSource): Array<Record<string, unknown>> {
  const id = String(owner.id)
  return [
    ...users.map((user) => ({ key: `user:${user}`, team: null, user: related(source, 'ticketing.User', user, expand.has('user')) })),
    ...teams.map((team) => ({ key: `team:${team}`, team: related(source, 'ticketing.Team', team, expand.has('team')), user: null }))
  ].map(({ key, ...who }, i) => ({ id: stableUuid(`${id}:viewer:${key}`), remote_id: `${String(owner.remote_id)}-v${i + 1}`, ...stamps(owner), ...who }))
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])

const ticketViewers: NestedList = {
  category: 'ticketing',
  parent: 'ticketing.Ticket',
  param: 'ticket_id',
  tail: 'viewers',
  summary: 'Who can see one ticket (its creator, assignees and assigned teams), in pages',
  expand: ['team', 'user'],
  items (ticket, expand, source) {
    const users = [...new Set([...(typeof ticket.creator === 'string' ? [ticket.creator] : []), ...ids(ticket.assignees)])]
    return viewers(ticket, users, ids(ticket.assigned_teams), expand, source)
  }
}

const collectionViewers: NestedList = {
  category: 'ticketing',
  parent: 'ticketing.Collection',
  param: 'collection_id',
  tail: 'viewers',
  summary: 'Who can see one collection, in pages',
  expand: ['team', 'user'],
  items (collection, expand, source) {
    const id = String(collection.id)
    // A public collection is everyone's: its viewers are the account's teams; a private one names a few users.
    const open = collection.access_level === 'PUBLIC'
    const users = open ? [] : someOf(source.ids('ticketing.User'), `${id}:viewers`, between(hashText(`${id}:viewer-count`), 1, 3))
    const teams = open ? someOf(source.ids('ticketing.Team'), `${id}:teams`, 2) : []
    return viewers(collection, users, teams, expand, source)
  }
}

const projectUsers: NestedList = {
  category: 'ticketing',
  parent: 'ticketing.Project',
  param: 'parent_id',
  tail: 'users',
  summary: 'The users of one project, in pages',
  expand: ['roles', 'teams'],
  items (project, expand, source) {
    const id = String(project.id)
    const members = someOf(source.ids('ticketing.User'), `${id}:members`, between(hashText(`${id}:member-count`), 1, 4))
    const how = [...expand].filter((e) => e === 'roles' || e === 'teams').join(',')
    return members.map((user) => source.record('ticketing.User', user, how === '' ? undefined : how)).filter((u): u is Record<string, unknown> => u !== undefined)
  }
}

const expenseReportLines: NestedList = {
  category: 'accounting',
  parent: 'accounting.ExpenseReport',
  param: 'expense_report_id',
  tail: 'lines',
  summary: 'The lines of one expense report, in pages',
  expand: ['account', 'company', 'contact', 'employee', 'project', 'tax_rate'],
  parentExpand: 'lines',
  items: (report) => (Array.isArray(report.lines) ? report.lines as Array<Record<string, unknown>> : [])
}

/** Every nested list unimock serves; a new one is an entry here. */
export const NESTED_LISTS: readonly NestedList[] = [screeningQuestions, ticketViewers, collectionViewers, projectUsers, expenseReportLines]
