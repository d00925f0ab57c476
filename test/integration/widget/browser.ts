import { existsSync } from 'node:fs'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import tap, { type Test } from 'tap'
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page, type Request } from 'playwright-core'

/** The system Chromium (apt package `chromium`); CI installs it. Never a browser downloaded by playwright. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // One renderer process for a page and its cross-origin widget frame: starting a second one costs ~0.7 s per
  // page on these machines, and the origin checks the tests rely on do not depend on the process model.
  '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process',
  // Only the machine's own hosts resolve: anything else fails at once, without routing every request of the
  // browser through the test process (which cost ~0.1 s a request).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1']

let running: Promise<Browser> | undefined

/**
 * The process's one Chromium, started on first use and closed when the process's tests end: the files of a
 * test group share it. Fails, never skips, when Chromium is missing: a silent skip would hide that the
 * widget went untested.
 */
export async function launchChromium (): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: the link widget tests need it. Install it with ` +
      '`apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary).')
  }
  if (running === undefined) {
    running = chromium.launch({ executablePath: CHROMIUM, args: ARGS })
    const browser = running
    tap.teardown(async () => { await (await browser).close() })
  }
  return running
}

/** Requests for any host but the machine's own. */
const OFFSITE = /^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/

export interface TestPage {
  readonly page: Page
  /** Every request the browser tried to send off the machine during the test (refused); a test asserts it stays empty. */
  readonly offsite: string[]
}

interface Tabs { readonly context: BrowserContext, readonly idle: Page[] }
const tabs = new WeakMap<Browser, Promise<Tabs>>()

/**
 * A tab for one test, which reaches only the machine's own servers: anything else is refused and recorded,
 * so a test fails when the project's pages, scripts or widget load something from off the machine (a test
 * that stands in for a remote URL, the CDN's script, routes it on its page).
 *
 * Tabs are kept and lent again: opening one cost about a second, and Chromium twice that in CPU, on these
 * machines (its renderer and compositor); navigating a kept one, a tenth of that. When the test ends its tab gets back to a blank
 * state: the test's listeners and routes removed, the storage of the frames it left open and the cookies
 * cleared, about:blank loaded. Tests of a process run one at a time; a test that needs a second tab at once
 * gets one of its own.
 */
export async function testPage (t: Test, browser: Browser): Promise<TestPage> {
  let pool = tabs.get(browser)
  if (pool === undefined) {
    pool = browser.newContext({ viewport: { width: 1000, height: 760 } }).then((context) => {
      context.setDefaultTimeout(15_000)
      return { context, idle: [] }
    })
    tabs.set(browser, pool)
  }
  const { context, idle } = await pool
  const kept = idle.pop()
  // A tab in the background has its timers throttled to one a second: bring a kept one to the front.
  if (kept !== undefined) await kept.bringToFront()
  const page = kept ?? await context.newPage()
  const offsite: string[] = []
  // Off-machine hosts do not resolve (ARGS): such a request fails, and is recorded. A page's own route (the
  // CDN's script) answers before any lookup, so it never fails here. Recorded for every tab of the context:
  // a popup's requests count too.
  const record = (request: Request): void => { if (OFFSITE.test(request.url())) offsite.push(request.url()) }
  context.on('requestfailed', record)
  t.teardown(async () => {
    context.off('requestfailed', record)
    if (page.isClosed()) return
    try {
      page.removeAllListeners()
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await Promise.all(page.frames().map((frame) => frame.evaluate(() => {
        const g = globalThis as unknown as { localStorage?: { clear(): void }, sessionStorage?: { clear(): void } }
        try { g.localStorage?.clear(); g.sessionStorage?.clear() } catch { /* an opaque origin has no storage */ }
      }).catch(() => undefined)))
      await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'no-preference' })
      await page.goto('about:blank')
      await context.clearCookies()
      idle.push(page)
    } catch {
      // A tab that cannot be reset (it crashed, or a dialog holds it) is not lent again.
      await page.close().catch(() => undefined)
    }
  })
  return { page, offsite }
}

/**
 * A local server for a test's own pages, reached as http://localhost:PORT: an origin of its own, distinct
 * from unimock's (127.0.0.1), as an integrator's site is. Answers the base URL.
 */
export async function startLocalServer (t: Test, handler: RequestListener): Promise<string> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://localhost:${(server.address() as AddressInfo).port}`
}

/** The URL the official front-end libraries load the widget from; nothing may change it. */
export const CDN_SCRIPT = 'https://cdn.merge.dev/initialize.js'

/**
 * The link widget guide's Playwright and Cypress snippets: Merge's CDN script answered with unimock's, by its body
 * (`route.fetch`) or by a 302 to it.
 */
export async function answerCdnScript (page: Page, unimockUrl: string, how: 'body' | 'redirect' = 'body'): Promise<void> {
  const script = `${unimockUrl}/link/initialize.js`
  await page.route(CDN_SCRIPT, async (route) => {
    if (how === 'redirect') await route.fulfill({ status: 302, headers: { location: script } })
    else await route.fulfill({ response: await route.fetch({ url: script }) })
  })
}

export interface IntegratorSite {
  /** The integrator's page, loading the widget script from unimock directly. */
  readonly url: string
  /** The same page loading it from Merge's CDN URL, as the official libraries do; the test answers that URL. */
  readonly viaCdnUrl: string
}

/**
 * An integrator's own page on another origin, loading the widget script as a product page loads the real
 * one. `openWidget(linkToken, options, tag)` initializes the widget, opens it on onReady, and records every
 * callback in `window.events`, each with the tag of the initialize call whose callback ran.
 */
export async function startIntegratorSite (t: Test, unimockUrl: string): Promise<IntegratorSite> {
  const page = (scriptUrl: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme People · Settings</title></head>
<body style="font-family: system-ui, sans-serif; margin: 32px">
<h1>Acme People</h1><p>Settings · Integrations</p>
<div id="embed-here" style="width: 420px; height: 620px"></div>
<script src="${scriptUrl}"></script>
<script>
  window.events = []
  window.openWidget = function (linkToken, options, tag) {
    tag = tag || 'A'
    window.MergeLink.initialize(Object.assign({
      linkToken: linkToken,
      onReady: function () { events.push({ type: 'ready', tag: tag }); window.MergeLink.openLink() },
      onSuccess: function (publicToken) { events.push({ type: 'success', tag: tag, publicToken: publicToken }) },
      onExit: function () { events.push({ type: 'exit', tag: tag }) },
      onError: function (error) { events.push({ type: 'error', tag: tag, error: error }) },
      onValidationError: function (errors) { events.push({ type: 'validation', tag: tag, errors: errors }) }
    }, options || {}))
  }
</script>
</body></html>`
  const pages: Record<string, string> = { '/': page(`${unimockUrl}/link/initialize.js`), '/via-cdn': page(CDN_SCRIPT) }
  const url = await startLocalServer(t, (request, response) => {
    const body = pages[request.url ?? '']
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(body ?? 'not found')
  })
  return { url: `${url}/`, viaCdnUrl: `${url}/via-cdn` }
}

export interface WidgetEvent {
  readonly type: 'ready' | 'success' | 'exit' | 'error' | 'validation'
  readonly tag: string
  readonly publicToken?: string
  readonly error?: { code: string, detail: string }
  readonly errors?: Array<{ detail: string, problem_type: string }>
}

export async function events (page: Page): Promise<WidgetEvent[]> {
  return page.evaluate(() => (globalThis as unknown as { events: WidgetEvent[] }).events)
}

/** Waits until a callback of this type has run (the browser polls; nothing here sleeps). */
export async function waitForEvent (page: Page, type: WidgetEvent['type']): Promise<WidgetEvent> {
  await page.waitForFunction((wanted) => (globalThis as unknown as { events: WidgetEvent[] }).events.some((e) => e.type === wanted), type)
  return (await events(page)).find((e) => e.type === type)!
}

export function widget (page: Page): FrameLocator {
  return page.frameLocator('iframe[data-link-widget]')
}

/** What the end user reads must be business wording: nothing about unimock, Merge, tokens or APIs. */
export const TECHNICAL_WORDS = /unimock|merge|token|\bapi\b|localhost|127\.0\.0\.1/i

/**
 * Waits until every image in the open widget has finished loading (the marks unimock draws), and answers
 * the ones that failed to.
 */
export async function brokenImages (page: Page): Promise<string[]> {
  const frame = page.frames().find((f) => /\/link\/widget\?/.test(f.url()))
  if (frame === undefined) throw new Error('no widget is open')
  await frame.waitForFunction(() => {
    const images = [...(globalThis as any).document.images] as Array<{ complete: boolean }>
    return images.length > 0 && images.every((image) => image.complete)
  })
  return frame.evaluate(() => ([...(globalThis as any).document.images] as Array<{ naturalWidth: number, src: string }>)
    .filter((image) => image.naturalWidth === 0).map((image) => image.src))
}

/** The end user's part: pick a system (when the picker shows), enter credentials, Connect. */
export async function signIn (page: Page, credentials: { system?: string, username?: string, password: string }): Promise<void> {
  const ui = widget(page)
  if (credentials.system !== undefined) await ui.getByRole('button', { name: credentials.system }).click()
  if (credentials.username !== undefined) await ui.getByLabel('Username or email').fill(credentials.username)
  await ui.getByLabel('Password').fill(credentials.password)
  await ui.getByRole('button', { name: 'Connect' }).click()
}
