import type { Clock } from '../core/clock.js'
import type { AppProcess } from './app-process.js'
import { type Backend, type BackendAnswer, routeBody } from './backend.js'
import { BackendFault, KitError } from './errors.js'
import { ROUTE_NAMES, SPEC_ROUTES } from './route-map.js'
import type { Settings } from './options.js'

/**
 * Before any check: the backend must answer at all (it may take a while to start), and answer its routes
 * under --app-prefix with the routes' JSON. check-sync-status without an integration_id is the probe: it
 * changes nothing, and the spec says what it answers (400 {success: false, error}).
 */

const short = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat
}

/** Polls until the backend answers anything; a KitError once its process exits or `waitMs` runs out. */
export async function waitForBackend (backend: Backend, s: Settings, clock: Clock, app: AppProcess | undefined): Promise<BackendAnswer> {
  const until = clock.now() + s.waitMs
  let last = ''
  for (;;) {
    try {
      return await backend.call(s.users[0]!, 'check-sync-status', {})
    } catch (error) {
      if (!(error instanceof BackendFault)) throw error
      last = error.message
      // A backend that hangs answers nothing within the call's bound: waiting longer will not help.
      if (/no answer came/.test(last)) throw new KitError(last)
    }
    if (app?.exit !== undefined) throw new KitError(`the backend did not start: expected it to answer at ${backend.url('')} (--app-command '${s.appCommand!}'); ${app.describeExit()}`)
    if (clock.now() >= until) throw new KitError(`the backend did not answer within ${Math.round(s.waitMs / 1000)} s: expected it at ${backend.url('')}; got ${last.replace(/^expected .*?; got /, '')}`)
    await clock.sleep(100)
  }
}

const NOBODY = { name: 'no login', headers: {} }

/**
 * Every route is there: answered without a login (so nothing is done), each must answer otherwise than a path
 * under the prefix that nothing serves. A wrong prefix or route map is named first, before any check runs.
 */
export async function routesExist (backend: Backend, s: Settings): Promise<void> {
  const nowhere = await backend.nowhere('/unimock-conform-no-such-route')
  for (const route of ROUTE_NAMES) {
    const answer = await backend.call(NOBODY, route, {})
    if (answer.status === nowhere.status && answer.text === nowhere.text) {
      const path = answer.call.replace(/^\S+ /, '').replace(/ \(no login\)$/, '')
      throw new KitError(`no route at ${s.appUrl}${path} (${answer.status}, as a path nothing serves answers): check ${s.routes === SPEC_ROUTES ? '--app-prefix' : '--app-prefix and the --routes map'}`)
    }
  }
}

/** The probe's answer must be the routes' JSON; HTML, plain text or a framework's 404 mean the prefix (or URL) is wrong. */
export function preflight (s: Settings, probe: BackendAnswer): void {
  if (routeBody(probe) !== undefined) return
  if (probe.status === 404) throw new KitError(`no route at ${s.appUrl}${probe.call.replace(/^\S+ /, '').replace(/ \(.*\)$/, '')} (404): check ${s.routes === SPEC_ROUTES ? '--app-prefix' : '--app-prefix and the --routes map'}`)
  const got = probe.json === undefined
    ? `${probe.status} ${probe.contentType || 'without a content type'}: ${short(probe.text) || '(empty body)'}`
    : `${probe.status} JSON without a boolean success: ${short(probe.text)}`
  const hint = probe.status === 404 ? ' (is --app-prefix right?)' : probe.status === 401 || probe.status === 403 ? ' (do the --app-header headers log a user in?)' : ''
  throw new KitError(`expected ${probe.call} at ${s.appUrl} to answer JSON with a boolean success, as the spec's integrator routes do; got ${got}${hint}`)
}
