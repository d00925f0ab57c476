import { answerLine, type User } from '../backend.js'
import { KitError } from '../errors.js'
import type { Kit } from '../kit.js'
import { listing } from '../link-flow.js'
import type { RouteName } from '../route-map.js'
import { fail, notApplicable, pass } from '../verdict.js'
import type { Seen } from './browser.js'
import { eventsLine, given, type Judged } from './checks.js'
import type { Connected } from './connected.js'
import { type PageDriver, REACT_MS } from './driver.js'
import { pageUser } from './page-user.js'
import { answerField, click, routeRequests, type Step } from './scenario.js'

/**
 * page.reconnect: the account the page linked turns RELINK_NEEDED at unimock (its calls answer 401), the
 * backend learns it as from any 401 (its health check, check-sync-status, asks the service), and the page,
 * loaded again, must offer to reconnect. The kit clicks that control and links in the widget. Judged by
 * content: the link token the widget opened with is the one relink-integration answered, and unimock issued it
 * for the very account that needed relinking; afterwards that account is still the only one for its origin id.
 */

const WHAT = 'a button named "Reconnect …"'

export interface Reconnected {
  readonly judged: Judged
  /** The step, when the kit could click the control. */
  readonly step?: Step
}

export async function reconnect (driver: PageDriver, kit: Kit, connected: Connected | undefined, lines: (s: Step) => string[]): Promise<Reconnected> {
  if (connected === undefined) return { judged: notApplicable('the page linked no account the end user could reconnect (see page.exchange-on-success)') }
  if (connected.integrationId === undefined) return { judged: notApplicable('the backend tells no integration id for the page\'s account (neither in the exchange answer nor in its listing): name where it is with a --routes map ("id_from")') }
  const user = await pageUser(driver, kit.backend)
  await kit.world.control.postLinkedAccountsByIdRelinkNeeded({ id: connected.accountId })
  const health = await kit.backend.call(user, 'check-sync-status', { id: connected.integrationId })
  const listed = (await listing(kit.backend, user))?.find((r) => r.integration_id === connected.integrationId)?.status
  const control = driver.reconnectControl()
  try {
    await driver.load({ control, what: driver.settings.reconnect === undefined ? WHAT : `the control ${driver.settings.reconnect} (--page-reconnect)`, flag: '--page-reconnect' })
  } catch (error) {
    if (!(error instanceof KitError)) throw error
    if (listed === 'active') return { judged: notApplicable(`after the service answered 401 for the account, the backend kept its record active (its listing says so; see relink.marks-error): the page had nothing to reconnect`) }
    return {
      judged: {
        ...fail('the page offered no way to reconnect an account that needs relinking', {
          expected: `${WHAT} (or --page-reconnect's) once the backend knows the account needs relinking`,
          got: `${error.message}; the backend's check-sync-status: ${answerLine(health)}${listed === undefined ? '' : `; its listing says ${listed}`}`,
          requests: driver.browser.lines(driver.browser.seen.length - 20)
        }),
        shot: await driver.shot()
      }
    }
  }
  const step = await click(driver, kit.backend, 'success', control)
  // Back to connected, by the page's own sign: it no longer offers to reconnect (the name it shows is page.exchange-on-success's).
  const settled = await control.waitFor({ state: 'hidden', timeout: REACT_MS }).then(() => true, () => false)
  return { judged: await judgeReconnect(step, settled, driver.browser.seen.slice(step.seenFrom), kit, connected, lines, user), step }
}

async function judgeReconnect (step: Step, settled: boolean, seen: readonly Seen[], kit: Kit, connected: Connected, lines: (s: Step) => string[], user: User): Promise<Judged> {
  const requests = (route: RouteName): Seen[] => routeRequests(kit.backend, route, seen)
  const relinks = requests('relink-integration')
  const creates = requests('create-link-token')
  const token = answerField(relinks[0], 'link_token')
  const issued = typeof token === 'string' ? kit.world.linkToken(token) : undefined
  const same = (await kit.world.accounts()).filter((a) => a.category === connected.category && a.end_user_origin_id === connected.originId)
  const rows = (await listing(kit.backend, user))?.filter((r) => r.category === connected.category)
  const problem = relinks.length === 0 && creates.length > 0
    ? 'the reconnect control called create-link-token, not relink-integration'
    : relinks.length !== 1
      ? `the reconnect click caused ${relinks.length} relink-integration requests`
      : issued === undefined
        ? `relink-integration answered no link token unimock issued (${relinks[0]!.status ?? 'no answer'})`
        : issued.accountId !== connected.accountId
          ? `relink-integration answered a link token for another account (origin id ${issued.originId}), not the one that needs relinking`
          : given(step) !== token || step.opened !== token
            ? 'the widget was not opened with the link token relink-integration answered'
            : !settled
              ? 'after the end user relinked, the page still offered to reconnect'
              : same.length !== 1 || same[0]!.id !== connected.accountId
                ? `the relink left ${same.length} accounts for origin id ${connected.originId} at the service`
                : rows !== undefined && rows.length !== 1
                  ? `the backend lists ${rows.length} records for ${connected.category} after the relink`
                  : undefined
  if (problem === undefined) return pass(`the reconnect control called relink-integration once, the widget opened with its token for the same account, and the relink left one record; the page no longer offers to reconnect`)
  return {
    ...fail(problem, {
      expected: 'a reconnect control whose click calls relink-integration once, opens the widget with the token it answered (issued for the account that needs relinking), and after the link one record and no reconnect control',
      got: `${problem}; ${eventsLine(step)}`,
      requests: lines(step)
    }),
    shot: step.shot
  }
}
