import { randomBytes } from 'node:crypto'
import { answerLine, type BackendAnswer, type User } from '../backend.js'
import type { Family, Findings } from '../family.js'
import { line } from '../journal.js'
import type { Kit } from '../kit.js'
import { integrationIdOf, NotDrivable, type Linked } from '../link-flow.js'
import { fail, pass, type CheckDef } from '../verdict.js'

export const LOGIN_REQUIRED: CheckDef = {
  id: 'routes.login-required',
  rule: 'Integrator backend routes: every route but the webhook requires a logged-in user; without one it answers 401 or 403 and does nothing'
}

/** A request without the --app-header headers: nobody is logged in. */
const NOBODY: User = { name: 'no login', headers: {} }

/** What reaches the service when a route does its work: a link token, an exchange, a delete. */
const ACTS = new Set(['link-token', 'exchange', 'account-token', 'delete-account'])

/**
 * Alone (phase guard: nothing else of the kit runs), every route called without the login headers, on the
 * link family's integration (active): create-link-token for its category and for another, the exchange of a
 * real public token, relink, delete and check-sync-status of its id, and the listing when there is one. Each
 * must answer 401 or 403, nothing may reach the service, and the integration must still be there and active.
 * Merge's own checklist for these routes: "all endpoints require authentication".
 */
export const loginFamily: Family = {
  name: 'login',
  phase: 'guard',
  needs: ['link'],
  checks: [LOGIN_REQUIRED],
  async run (kit: Kit, found: Findings): Promise<void> {
    const linked: Linked | undefined = kit.links.first
    if (linked === undefined) throw new NotDrivable('the first link flow did not end with an active integration to guard')
    const id = integrationIdOf(linked)
    const before = await kit.backend.call(linked.user, 'create-link-token', { category: linked.category })
    const from = await kit.journal.lastId()
    const originId = `conform-kit-${randomBytes(4).toString('hex')}`
    const publicToken = (await kit.links.finish(await kit.world.kitLinkToken(linked.category, originId), 'success'))!
    const other = linked.category === 'hris' ? 'ats' : 'hris'
    const answers: BackendAnswer[] = [
      await kit.backend.call(NOBODY, 'create-link-token', { category: linked.category }),
      await kit.backend.call(NOBODY, 'create-link-token', { category: other }),
      await kit.backend.call(NOBODY, 'exchange-public-token', { publicToken, category: linked.category, originId }),
      await kit.backend.call(NOBODY, 'relink-integration', { id }),
      await kit.backend.call(NOBODY, 'delete-integration', { id }),
      await kit.backend.call(NOBODY, 'check-sync-status', { id })
    ]
    const listed = await kit.backend.listing(NOBODY)
    if (listed !== undefined && listed.status !== 404) answers.push(listed)
    const reached = (await kit.journal.entries({ afterId: from })).filter((e) => ACTS.has(String(e.facets.endpoint)))
    const still = await kit.world.account(linked.accountId)
    const active = await kit.backend.call(linked.user, 'create-link-token', { category: linked.category })
    const open = answers.filter((a) => a.status !== 401 && a.status !== 403)
    const problems = [
      ...open.map((a) => `${a.call} answered ${a.status}`),
      ...(reached.length > 0 ? [`${reached.length} call(s) reached the service`] : []),
      ...(still === undefined ? ['the integration was deleted at the service'] : []),
      ...(active.status !== before.status ? [`logged in, create-link-token for the integration answered ${before.status} before and ${active.status} after: the record changed`] : [])
    ]
    if (problems.length === 0) {
      found.set(LOGIN_REQUIRED, pass(`${answers.length} calls without login answered ${[...new Set(answers.map((a) => a.status))].join('/')}; nothing reached the service and the integration is unchanged`))
      return
    }
    found.set(LOGIN_REQUIRED, fail('a route did its work without a logged-in user', {
      expected: '401 or 403 from every route but the webhook without the login headers, no call to the service, the record unchanged',
      got: problems.join('; '), requests: reached.map(line), answers: [before, ...answers, active].map(answerLine)
    }))
  }
}
