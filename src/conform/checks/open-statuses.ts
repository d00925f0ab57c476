import { answerLine, type BackendAnswer } from '../backend.js'
import type { Family, Findings } from '../family.js'
import type { Kit } from '../kit.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const OPEN_STATUSES: CheckDef = {
  id: 'routes.open-statuses',
  rule: 'Where the spec is open: statuses it leaves open are any documented 4xx/5xx (a bad category, an id that names no integration, a public token the service refuses)'
}

interface Situation {
  readonly name: string
  readonly answer?: BackendAnswer
  /** Why the backend could not be driven into it (when there is no answer). */
  readonly na?: string
}

/** What is wrong with an answer to a situation the spec leaves open; undefined when it is a 4xx/5xx with a JSON body. */
function wrongWith (a: BackendAnswer): string | undefined {
  if (a.status < 400 || a.status > 599) return `answered ${a.status}: the backend accepted it`
  if (a.json === undefined) return `answered ${a.status} without a JSON body (${a.contentType || 'no content type'})`
  const success = typeof a.json === 'object' && a.json !== null ? (a.json as { success?: unknown }).success : undefined
  if (success !== undefined && success !== false) return `answered ${a.status} with success ${JSON.stringify(success)}`
  return undefined
}

/**
 * Situations whose status the spec leaves open: any documented 4xx/5xx will do, and the detail reports which.
 * Judged at the end of the run: a bad category and an unknown id are sent here; a public token the service
 * refuses was sent by the link flow while its record was pending. (create-link-token for a record in error is
 * no longer among them: relink.marks-error reads the record's state from it.)
 */
export const openStatusesFamily: Family = {
  name: 'open-statuses',
  phase: 'last',
  needs: ['link'],
  checks: [OPEN_STATUSES],
  async run (kit: Kit, found: Findings): Promise<void> {
    const user = kit.links.user(0)
    const { refusedToken } = kit.links.openAnswers
    const situations: Situation[] = [
      { name: 'bad category', answer: await kit.backend.call(user, 'create-link-token', { category: 'nope' }) },
      { name: 'unknown id (check-sync-status)', answer: await kit.backend.call(user, 'check-sync-status', { id: 'abc' }) },
      { name: 'unknown id (relink-integration)', answer: await kit.backend.call(user, 'relink-integration', { id: 'abc' }) },
      { name: 'unknown id (delete-integration)', answer: await kit.backend.call(user, 'delete-integration', { id: 'abc' }) },
      refusedToken === undefined
        ? { name: 'refused public token', na: 'n/a: the link flow reached no pending record to send it with' }
        : { name: 'refused public token', answer: refusedToken }
    ]
    const answered = situations.filter((s) => s.answer !== undefined)
    const wrong = answered.map((s) => ({ s, why: wrongWith(s.answer!) })).filter((w) => w.why !== undefined)
    const summary = situations.map((s) => `${s.name} ${s.answer === undefined ? s.na! : String(s.answer.status)}`).join(', ')
    if (wrong.length > 0) {
      found.set(OPEN_STATUSES, fail(`${wrong.length} situation(s) the spec leaves open were not answered with a 4xx/5xx and a JSON body`, {
        expected: 'for each: a documented 4xx or 5xx with a JSON body (success false if present)',
        got: wrong.map((w) => `${w.s.name}: ${w.why!}`).join('; '),
        answers: answered.map((s) => answerLine(s.answer!))
      }))
      return
    }
    if (answered.length === 0) { found.set(OPEN_STATUSES, notApplicable('no situation the spec leaves open could be driven')); return }
    found.set(OPEN_STATUSES, pass(summary))
  }
}
