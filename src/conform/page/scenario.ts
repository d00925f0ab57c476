import type { Locator } from 'playwright-core'
import type { Backend } from '../backend.js'
import type { RouteName } from '../route-map.js'
import type { Seen } from './browser.js'
import { type ControlState, type PageDriver, REACT_MS } from './driver.js'
import type { ProbeEvent } from './probe.js'

/**
 * The end user's visit, step by step: three clicks of the connect control (the end user leaves the widget;
 * the widget cannot reach the service; the end user links), each recorded with what the page did: its
 * requests to its backend, what it handed the widget (the probe), what the widget opened with, and the
 * control before and after. The checks judge these records; nothing here judges.
 */

export type StepKind = 'exit' | 'error' | 'success'

export interface Step {
  readonly kind: StepKind
  readonly before: ControlState
  /** Index of the step's first request in the browser's list. */
  readonly seenFrom: number
  readonly events: readonly ProbeEvent[]
  /** The link token the widget's frame opened with; undefined when it never opened. */
  readonly opened: string | undefined
  /** The control once the page had REACT_MS to reset it (exit and error). */
  readonly after: ControlState | undefined
  /** The page as the step ended: the screenshot of a failure judged on it. */
  readonly shot: Buffer | undefined
  /** success: the integration name the page was seen to show (undefined: not within REACT_MS). */
  readonly shown?: string | undefined
  /** The page had to be loaded again to go on (its control never came back). */
  readonly reloaded: boolean
  /** The page's buttons when the control was not back as before (exit and error): what stood there instead. */
  readonly buttonsAfter?: readonly string[]
}

/** Whether a request of the page is to a backend route, by method and path as the route map places it. */
export function routeMatcher (backend: Backend, route: RouteName | 'integrations'): (method: string, url: string) => boolean {
  const spec = route === 'integrations' ? backend.routes.integrations : backend.routes.routes[route]
  if (spec === null) return () => false
  const path = new URL(backend.url(spec.path.replace(/\{[^}]+\}/g, '__'))).pathname
  const pattern = new RegExp(`^${path.split('__').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`)
  return (method, url) => method === spec.method && pattern.test(new URL(url).pathname)
}

/** A backend route's requests among the page's. */
export function routeRequests (backend: Backend, route: RouteName | 'integrations', seen: readonly Seen[]): Seen[] {
  const matches = routeMatcher(backend, route)
  return seen.filter((s) => matches(s.method, s.url))
}

/** A JSON answer's field, or undefined. */
export function answerField (s: Seen | undefined, field: string): unknown {
  try {
    const body = JSON.parse(s?.answer ?? '') as Record<string, unknown>
    return typeof body === 'object' && body !== null ? body[field] : undefined
  } catch {
    return undefined
  }
}

const lastN = (events: readonly ProbeEvent[]): number => events.at(-1)?.n ?? 0

/** One click of the connect control (or `control`: the reconnect one) and what the end user then does in the widget. */
export async function click (driver: PageDriver, backend: Backend, kind: StepKind, control: Locator = driver.control()): Promise<Step> {
  const before = await driver.controlState(control)
  if (before === undefined || !before.enabled) throw new Error(`the control is ${before === undefined ? 'gone' : 'disabled'} before the ${kind} click`)
  const seenFrom = driver.browser.seen.length
  const probeFrom = lastN(await driver.probe())
  // The widget cannot reach the service: its first question (the link session) answered 503, as an outage would.
  driver.browser.outage = kind === 'error'
  await control.click({ timeout: REACT_MS })
  let opened: string | undefined
  let after: ControlState | undefined
  let shown: string | undefined
  if (kind === 'error') {
    await driver.probeEvent(probeFrom, ['onError'])
    driver.browser.outage = false
    after = await driver.controlBack(before)
  } else {
    opened = await driver.widgetToken()
    if (opened !== undefined && kind === 'exit') {
      await driver.leave()
      await driver.probeEvent(probeFrom, ['onExit'])
      after = await driver.controlBack(before)
    }
    if (opened !== undefined && kind === 'success') {
      // A widget opened with a spent token shows its error screen: the step goes on, page.fresh-token-per-click says why.
      await driver.link().catch(() => {})
      const success = await driver.probeEvent(probeFrom, ['onSuccess'])
      shown = await exchangedName(driver, backend, seenFrom, success?.arg ?? undefined)
    }
  }
  if (await driver.widgetOpen()) await driver.leave().catch(() => {})
  const shot = await driver.shot()
  const events = (await driver.probe()).filter((e) => e.n > probeFrom)
  // A control that never came back would stop the visit here: the page is loaded again so the next step runs.
  const stuck = kind !== 'success' && (after === undefined || !after.enabled || after.label !== before.label)
  const buttonsAfter = stuck ? await driver.buttons() : undefined
  if (stuck) await driver.load()
  return { kind, before, seenFrom, events, opened, after, shot, shown, reloaded: stuck, buttonsAfter }
}

/** Waits (bounded) for the exchange the public token causes, then for the page to show the name it answered. */
async function exchangedName (driver: PageDriver, backend: Backend, from: number, publicToken: string | undefined): Promise<string | undefined> {
  if (publicToken === undefined) return undefined
  const exchange = (): Seen | undefined => routeRequests(backend, 'exchange-public-token', driver.browser.seen.slice(from)).find((s) => s.body.includes(publicToken) && s.status !== undefined)
  if (exchange() === undefined) {
    await driver.page.waitForResponse((r) => r.request().postData()?.includes(publicToken) === true, { timeout: REACT_MS }).catch(() => undefined)
  }
  await driver.browser.bodies()
  const name = answerField(exchange(), 'integration_name')
  if (typeof name !== 'string' || name === '') return undefined
  const visible = await driver.page.getByText(name, { exact: false }).first().waitFor({ state: 'visible', timeout: REACT_MS }).then(() => true, () => false)
  return visible ? name : undefined
}
