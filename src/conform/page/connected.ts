import type { Kit } from '../kit.js'
import { fieldOf, type IntegrationId, listing } from '../link-flow.js'
import type { PageDriver } from './driver.js'
import { pageUser } from './page-user.js'
import { routeRequests, type Step } from './scenario.js'

/**
 * What the end user's link from the page made: the account unimock completed for the link token the widget
 * opened with, and the integration id the backend tells for it (where the route map says, else its listing).
 * Reconnect and delete start from it.
 */
export interface Connected {
  readonly accountId: string
  readonly category: string
  readonly originId: string
  readonly integrationId: IntegrationId | undefined
}

export async function connectedBy (step: Step | undefined, kit: Kit, driver: PageDriver): Promise<Connected | undefined> {
  const issued = step?.opened === undefined ? undefined : kit.world.linkToken(step.opened)
  const publicToken = step?.events.find((e) => e.event === 'onSuccess')?.arg ?? undefined
  // Only a link the end user finished: a widget opened with a spent token links nothing (see page.fresh-token-per-click).
  if (step === undefined || issued === undefined || publicToken === undefined || (await kit.world.account(issued.accountId))?.status !== 'COMPLETE') return undefined
  const exchange = publicToken === undefined ? undefined : routeRequests(kit.backend, 'exchange-public-token', driver.browser.seen.slice(step.seenFrom)).find((s) => s.body.includes(publicToken))
  const base = { accountId: issued.accountId, category: issued.category, originId: issued.originId }
  const source = kit.backend.routes.idFrom
  if (source.from === 'linked-account-id') return { ...base, integrationId: issued.accountId }
  let answer: Record<string, unknown> | undefined
  try { answer = JSON.parse(exchange?.answer ?? '') as Record<string, unknown> } catch { answer = undefined }
  const given = fieldOf(answer, source.field)
  if (Number.isInteger(given) || (typeof given === 'string' && given !== '')) return { ...base, integrationId: given as IntegrationId }
  const rows = await listing(kit.backend, await pageUser(driver, kit.backend))
  const row = rows?.find((r) => r.category === issued.category && (r.end_user_origin_id === undefined || r.end_user_origin_id === issued.originId))
  return { ...base, integrationId: row?.integration_id }
}
