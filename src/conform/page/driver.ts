import type { Locator, Page } from 'playwright-core'
import { KitError, WaitExpired } from '../errors.js'
import { Browser } from './browser.js'
import type { PageSettings } from './options.js'
import { PROBE_GLOBAL, type ProbeEvent } from './probe.js'

/**
 * The kit as the end user at the integrator's page: loads it logged in, finds the connect control, clicks it,
 * and plays the end user inside unimock's widget frame the way a person does (picks the system, signs in,
 * Finish; or closes it). Every wait is bounded and says what it waited for.
 */

const WIDGET = 'iframe[data-link-widget]'
/** The default connect control: a button named "connect" as a word ("Connect your HR system"; not "Reconnect", not "Connecting…"). */
const CONNECT = /\bconnect\b/i
const RECONNECT = /\b(reconnect|re-connect|relink)\b/i
const DELETE = /\b(disconnect|delete|remove)\b/i
const LOAD_MS = 15_000
const FIND_MS = 5_000
/** How long a page may take to react to a click, a callback or an answer. */
export const REACT_MS = 5_000

export interface ControlState {
  readonly label: string
  readonly enabled: boolean
}

const looksLikeSelector = (s: string): boolean => /^[#.[]|^[a-z]+[#.[:]|^(css|xpath)=/i.test(s)

export class PageDriver {
  readonly browser: Browser
  readonly settings: PageSettings

  private constructor (browser: Browser, settings: PageSettings) {
    this.browser = browser
    this.settings = settings
  }

  get page (): Page { return this.browser.page }

  /** Chromium started and the page loaded, logged in, with its connect control: a KitError naming what came otherwise. */
  static async open (unimockUrl: string, settings: PageSettings): Promise<PageDriver> {
    const browser = await Browser.start(unimockUrl, settings.url, settings.login)
    const driver = new PageDriver(browser, settings)
    try {
      await driver.#login()
      await driver.load()
      return driver
    } catch (error) {
      await browser.close()
      throw error
    }
  }

  /**
   * --page-login's form, filled in by field name and submitted. A login the site refuses stops the run here,
   * naming the form: found later, it would read as a page that does not log in. Field values stay out of the
   * message (one may be a password).
   */
  async #login (): Promise<void> {
    const login = this.settings.login
    if (login.kind !== 'form') return
    await this.#goto(login.url, 'the login page')
    for (const [name, value] of login.fields) {
      const field = this.page.locator(`[name="${name}"]`).first()
      if (await field.count() === 0) throw new KitError(`--page-login: expected a form field named ${name} at ${login.url}; got none`)
      await field.fill(value)
    }
    type Answer = Awaited<ReturnType<Page['waitForResponse']>>
    // The documents the submit loaded, redirects included: the last is what the login ended on.
    const answers: Answer[] = []
    const onAnswer = (r: Answer): void => { if (r.request().isNavigationRequest() && r.frame() === this.page.mainFrame()) answers.push(r) }
    const first = this.page.locator(`[name="${login.fields[0]![0]}"]`).first()
    this.page.on('response', onAnswer)
    try {
      await Promise.all([
        this.page.waitForEvent('framenavigated', { timeout: LOAD_MS }).catch(() => undefined),
        first.press('Enter')
      ])
      await this.page.waitForLoadState('load', { timeout: LOAD_MS }).catch(() => {})
    } finally {
      this.page.off('response', onAnswer)
    }
    const last = answers.at(-1)
    const came = last === undefined ? 'nothing was submitted' : `${last.status()} from ${last.request().method()} ${last.url()}`
    const expected = `--page-login: expected the login form at ${login.url} (${login.fields.map(([n]) => n).join(', ')}) to log in`
    if (last !== undefined && last.status() >= 400) throw new KitError(`${expected}; got ${came}`)
    // Many sites answer a refused login 200 with the form again, at the login's own address.
    if (new URL(this.page.url()).pathname === new URL(login.url).pathname && await first.isVisible()) throw new KitError(`${expected}; got the form again (${came})`)
  }

  async #goto (url: string, what: string): Promise<void> {
    let status: number | undefined
    try {
      status = (await this.page.goto(url, { waitUntil: 'load', timeout: LOAD_MS }))?.status()
    } catch (error) {
      throw new KitError(`expected ${what} to load at ${url} within ${LOAD_MS / 1000} s; got ${(error as Error).message.split('\n')[0]}${this.#blockedText()}`)
    }
    if (status !== undefined && status >= 400) throw new KitError(`expected ${what} at ${url} to load; got ${status}`)
  }

  #blockedText (): string {
    return this.browser.blocked.length === 0 ? '' : `; blocked for being off the machine: ${this.browser.blocked.join(', ')}`
  }

  /**
   * The page (re)loaded, logged in (no 401 or 403 from its own origin), with its connect control found (or
   * `wanted`'s: the reconnect control of an account that needs relinking).
   */
  async load (wanted?: { control: Locator, what: string, flag: string }): Promise<void> {
    const from = this.browser.seen.length
    await this.#goto(this.settings.url, 'the page (--app-page)')
    const control = wanted?.control ?? this.control()
    const origin = new URL(this.settings.url).origin
    // A page that asks its backend as the user and is refused is not logged in, even if it draws its control.
    const refused = (): void => {
      const no = this.browser.seen.slice(from).filter((s) => s.url.startsWith(origin) && (s.status === 401 || s.status === 403))
      if (no.length > 0) throw new KitError(`expected the page to log in with --page-login (${this.settings.login.kind}); got ${no.map((s) => `${s.status} from ${s.method} ${s.url}`).join(', ')}`)
    }
    try {
      await control.waitFor({ state: 'visible', timeout: FIND_MS })
      await this.page.waitForLoadState('networkidle', { timeout: FIND_MS }).catch(() => {})
      refused()
    } catch (error) {
      if (error instanceof KitError) throw error
      refused()
      const buttons = (await this.page.getByRole('button').allInnerTexts()).map((t) => `"${t.trim()}"`).slice(0, 8)
      // A page that sends an unknown user elsewhere (a login page) is not logged in, whatever it shows there.
      const landed = this.page.url()
      const moved = landed !== this.settings.url ? `; the page went on to ${landed} (did --page-login log in?)` : ''
      const what = wanted?.what ?? (this.settings.connect === undefined ? 'a button named "Connect …"' : `the control ${this.settings.connect} (--page-connect)`)
      throw new KitError(`expected ${what} at ${this.settings.url} within ${FIND_MS / 1000} s; got ${buttons.length === 0 ? 'no button' : `the buttons ${buttons.join(', ')}`}${moved}${this.#blockedText()} (name yours with ${wanted?.flag ?? '--page-connect'} 'text or selector')`)
    }
  }

  /** The connect control: by its accessible name (a button "Connect …"), or --page-connect's name or selector. */
  control (): Locator {
    return this.#find(this.settings.connect, CONNECT)
  }

  /** The reconnect control of an account that needs relinking: a button "Reconnect …", or --page-reconnect's. */
  reconnectControl (): Locator {
    return this.#find(this.settings.reconnect, RECONNECT)
  }

  /** The control that removes the connection: a button "Disconnect …" (or Delete, Remove), or --page-delete's. */
  deleteControl (): Locator {
    return this.#find(this.settings.remove, DELETE)
  }

  #find (given: string | undefined, byDefault: RegExp): Locator {
    if (given !== undefined && looksLikeSelector(given)) return this.page.locator(given).first()
    return this.page.getByRole('button', { name: given ?? byDefault }).first()
  }

  /** The page's visible buttons as the end user sees them: what stands there when the control is not. */
  async buttons (): Promise<string[]> {
    const found: string[] = []
    for (const b of (await this.page.getByRole('button').all()).slice(0, 8)) {
      if (await b.isVisible()) found.push(`"${(await b.innerText()).trim()}"${await b.isEnabled() ? '' : ' (disabled)'}`)
    }
    return found
  }

  async controlState (control: Locator = this.control()): Promise<ControlState | undefined> {
    if (await control.count() === 0 || !await control.isVisible()) return undefined
    const label = (await control.getAttribute('aria-label')) ?? (await control.innerText())
    return { label: label.trim(), enabled: await control.isEnabled() }
  }

  /** Waits (bounded) until the control is back as `before` was: visible, enabled, the same label. */
  async controlBack (before: ControlState): Promise<ControlState | undefined> {
    const same = this.page.getByRole('button', { name: before.label, exact: true }).first()
    const settled = await same.waitFor({ state: 'visible', timeout: REACT_MS }).then(async () => {
      await this.page.waitForFunction((el) => el !== null && !(el as unknown as { disabled: boolean }).disabled, await same.elementHandle(), { timeout: REACT_MS })
    }).then(() => true, () => false)
    return settled ? await this.controlState(same) : await this.controlState()
  }

  async probe (): Promise<ProbeEvent[]> {
    return await this.page.evaluate((name) => (globalThis as unknown as Record<string, ProbeEvent[] | undefined>)[name] ?? [], PROBE_GLOBAL)
  }

  /** Waits (bounded) for a probe event after `afterN`; undefined when none came. */
  async probeEvent (afterN: number, events: ReadonlyArray<ProbeEvent['event']>, ms = REACT_MS): Promise<ProbeEvent | undefined> {
    const found = await this.page.waitForFunction(({ name, after, wanted }) => {
      const log = (globalThis as unknown as Record<string, ProbeEvent[] | undefined>)[name] ?? []
      return log.find((e) => e.n > after && wanted.includes(e.event)) ?? false
    }, { name: PROBE_GLOBAL, after: afterN, wanted: [...events] }, { timeout: ms }).then(async (h) => await h.jsonValue() as ProbeEvent, () => undefined)
    return found
  }

  /** The link token the widget's frame was opened with, once it is open (bounded); undefined when it never opened. */
  async widgetToken (ms = REACT_MS): Promise<string | undefined> {
    const frame = await this.page.waitForSelector(WIDGET, { state: 'attached', timeout: ms }).catch(() => null)
    const src = await frame?.getAttribute('src')
    return src == null ? undefined : new URL(src).searchParams.get('link_token') ?? undefined
  }

  async widgetOpen (): Promise<boolean> {
    return await this.page.locator(WIDGET).count() > 0
  }

  /** The end user closes the widget without linking (its close button). */
  async leave (): Promise<void> {
    await this.page.frameLocator(WIDGET).getByRole('button', { name: 'Close' }).first().click({ timeout: REACT_MS })
  }

  /** The end user links: picks the first system if asked, signs in with any credentials, Connect, then Finish. */
  async link (): Promise<void> {
    const frame = this.page.frameLocator(WIDGET)
    const form = frame.locator('#username')
    const pick = frame.locator('button[data-integration]').first()
    await Promise.race([form.waitFor({ timeout: REACT_MS }), pick.waitFor({ timeout: REACT_MS })])
      .catch(() => { throw new WaitExpired(`the widget showed neither its systems nor its sign-in form within ${REACT_MS / 1000} s`) })
    if (!await form.isVisible()) await pick.click({ timeout: REACT_MS })
    await form.fill('end.user', { timeout: REACT_MS })
    await frame.locator('#password').fill('any-password', { timeout: REACT_MS })
    await frame.getByRole('button', { name: 'Connect', exact: true }).click({ timeout: REACT_MS })
    await frame.locator('[data-action="finish"]').click({ timeout: REACT_MS })
      .catch(() => { throw new WaitExpired(`the widget did not show its connected screen within ${REACT_MS / 1000} s of Connect`) })
  }

  /** A screenshot of the page as it is now. */
  async shot (): Promise<Buffer | undefined> {
    return await this.page.screenshot({ timeout: REACT_MS }).catch(() => undefined)
  }

  async close (): Promise<void> {
    await this.browser.close()
  }
}
