import { randomBytes } from 'node:crypto'
import { answerLine, type BackendAnswer, routeBody } from '../backend.js'
import type { Family, Findings } from '../family.js'
import { atMs, line, type Entry } from '../journal.js'
import type { Kit } from '../kit.js'
import type { Opened } from '../link-flow.js'
import { fail, notApplicable, pass, type CheckDef } from '../verdict.js'

export const FRESH_TOKEN: CheckDef = {
  id: 'link.fresh-token',
  rule: 'Tokens: a fresh link_token for every opening of the widget, never cached or reused; the token answered is one the service issued for this call'
}
export const ORIGIN_ID_REUSED: CheckDef = {
  id: 'link.origin-id-reused',
  rule: 'End user origin id: a retry of an incomplete attempt reuses the same origin id (no duplicate incomplete account)'
}
export const ACTIVE_REJECTED: CheckDef = {
  id: 'link.active-rejected',
  rule: 'Integrator-side record: create-link-token for an active record answers 400'
}
export const MISSING_TOKEN: CheckDef = {
  id: 'exchange.missing-token',
  rule: 'Integrator backend routes: exchange answers 400 without public_token'
}
export const INTEGRATION_NAME: CheckDef = {
  id: 'exchange.integration-name',
  rule: 'Integrator backend routes: exchange answers integration_name as the service named the integration'
}

const linkTokenCalls = (entries: readonly Entry[], from: number): Entry[] =>
  entries.filter((e) => e.facets.endpoint === 'link-token' && atMs(e) >= from)
const exchangeCalls = (entries: readonly Entry[], from: number, to: number): Entry[] =>
  entries.filter((e) => (e.facets.endpoint === 'exchange' || e.facets.endpoint === 'account-token') && atMs(e) >= from && atMs(e) <= to)

/**
 * The first link of the run, by user 1: an attempt the end user leaves (exit in the widget), the retry, an
 * exchange without public_token while the record is pending, the exchange, and create-link-token again for
 * the now active record.
 */
export const linkFamily: Family = {
  name: 'link',
  phase: 'link',
  checks: [FRESH_TOKEN, ORIGIN_ID_REUSED, MISSING_TOKEN, INTEGRATION_NAME, ACTIVE_REJECTED],
  async run (kit: Kit, found: Findings): Promise<void> {
    const { links, backend, world, journal, clock } = kit
    const user = links.user(0)
    await links.exclusive(user, async () => {
      const start = clock.now()
      const first = await links.openFresh(user)
      await links.finish(first.token, 'exit')
      const retry = await backend.call(user, 'create-link-token', { category: first.category })
      const second: Opened = { category: first.category, answer: retry, ...links.issued(retry) }
      const entries = await journal.entries()
      const calls = linkTokenCalls(entries, start)
      const evidence = { requests: calls.map(line), answers: [first.answer, retry].map(answerLine) }

      if (second.token === first.token) {
        found.set(FRESH_TOKEN, fail('the retry answered the link token of the first attempt again', {
          expected: 'a new link token from the service for each create-link-token', got: `the same link token twice; ${calls.length} link-token request(s) reached unimock`, ...evidence
        }))
      } else {
        found.set(FRESH_TOKEN, pass(`two create-link-token calls answered two tokens unimock issued (${calls.length} link-token requests)`))
      }

      const origins = [...new Set(calls.map((e) => e.facets.end_user_origin_id))]
      if (calls.length < 2) {
        found.set(ORIGIN_ID_REUSED, notApplicable('the retry asked unimock for no link token, so it reused no origin id either'))
      } else if (origins.length === 1 && second.accountId === first.accountId) {
        found.set(ORIGIN_ID_REUSED, pass(`the retry reused origin id ${String(origins[0])}: one incomplete account at unimock`))
      } else {
        found.set(ORIGIN_ID_REUSED, fail('the retry of an incomplete attempt used a new origin id', {
          expected: `the origin id of the first attempt (${first.originId}) again`, got: `origin ids ${origins.join(', ')}: ${new Set([first.accountId, second.accountId]).size} accounts at unimock`, ...evidence
        }))
      }

      const missing = await links.exchange(user, undefined)
      const reached = exchangeCalls(await journal.entries(), missing.sentAt, missing.answeredAt)
      if (missing.status === 400 && reached.length === 0) {
        found.set(MISSING_TOKEN, pass(`exchange without public_token answered 400${routeBody(missing) === undefined ? ' (not the routes\' JSON)' : ''}`))
      } else {
        found.set(MISSING_TOKEN, fail('exchange without public_token was not refused with 400 before reaching the service', {
          expected: '400, and no exchange at the service', got: `${missing.status}; ${reached.length} exchange request(s) at unimock`, requests: reached.map(line), answers: [answerLine(missing)]
        }))
      }

      // While the record is pending: a public token unimock never issued, which the service refuses.
      kit.links.openAnswers.refusedToken = await backend.call(user, 'exchange-public-token', { ...links.pendingOf(user), publicToken: `conform-never-issued-${randomBytes(6).toString('hex')}` })

      // A spent token cannot be finished: the checks that need the exchange cannot go on.
      const usable = second.token !== first.token && world.linkToken(second.token)?.state === 'READY'
      return usable ? second : undefined
    }).then(async (opened) => {
      if (opened === undefined) {
        for (const check of [INTEGRATION_NAME, ACTIVE_REJECTED]) found.set(check, notApplicable('the link flow could not go on: the retry answered a link token the end user had already left'))
        return
      }
      const linked = await finishLink(kit, opened)
      await judgeExchange(kit, found, linked.accountId, linked.exchange)
      const again = await backend.call(user, 'create-link-token', { category: linked.category })
      if (again.status === 400) {
        found.set(ACTIVE_REJECTED, pass('create-link-token for the active integration answered 400'))
      } else {
        found.set(ACTIVE_REJECTED, fail('create-link-token for an active integration was not refused', {
          expected: '400: an active integration already exists for the origin id', got: String(again.status), answers: [answerLine(again)]
        }))
      }
    })
  }
}

/** The end user finishes, the browser exchanges; the integration is kept for the checks that reuse it (kit.links.first). */
async function finishLink (kit: Kit, opened: Opened): Promise<{ accountId: string, category: string, exchange: BackendAnswer }> {
  const user = kit.links.user(0)
  return await kit.links.exclusive(user, async () => {
    const publicToken = (await kit.links.finish(opened.token, 'success'))!
    const exchange = await kit.links.exchange(user, publicToken, { category: opened.category, originId: opened.originId })
    const body = routeBody(exchange)
    if (exchange.status === 200 && body?.success === true) {
      const account = await kit.world.account(opened.accountId)
      kit.links.first = {
        user, category: opened.category, accountId: opened.accountId, originId: opened.originId, accountToken: account?.account_token ?? '', publicToken, exchange,
        integrationId: await kit.links.integrationId(user, opened.category, opened.originId, opened.accountId, body)
      }
    }
    return { accountId: opened.accountId, category: opened.category, exchange }
  })
}

async function judgeExchange (kit: Kit, found: Findings, accountId: string, exchange: BackendAnswer): Promise<void> {
  const account = await kit.world.account(accountId)
  const expected = account?.integration ?? null
  const got = routeBody(exchange)?.integration_name
  if (exchange.status === 200 && got === expected) {
    found.set(INTEGRATION_NAME, pass(`exchange answered integration_name "${String(got)}", as unimock named it`))
  } else {
    found.set(INTEGRATION_NAME, fail('exchange did not answer the integration\'s name as the service named it', {
      expected: `200 with integration_name "${String(expected)}" (slug ${String(account?.integration_slug)})`,
      got: exchange.status === 200 ? `integration_name ${JSON.stringify(got)}` : `status ${exchange.status}`,
      answers: [answerLine(exchange)]
    }))
  }
}
