import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { KitError } from '../errors.js'
import type { PageLogin } from './options.js'
import { PROBE } from './probe.js'

/**
 * The end user's browser: Debian's Chromium through playwright-core (never a browser playwright downloads),
 * headless, with a user-data-dir of its own per run. Only the machine's own hosts resolve: the widget's CDN
 * script is answered with unimock's, and anything else off the machine fails at once and is listed (a page
 * that needs the internet cannot be judged here, and must say so).
 */

export const CHROMIUM = '/usr/bin/chromium'

/**
 * playwright-core, loaded only when a run has --app-page: the kit without a page needs no browser library, and
 * the server bundle does not carry it.
 */
async function playwright (): Promise<typeof import('playwright-core')> {
  try {
    return await import('playwright-core')
  } catch {
    throw new KitError('--app-page needs the playwright-core package beside unimock: npm install -D playwright-core')
  }
}
export const CDN_SCRIPT = 'https://cdn.merge.dev/initialize.js'

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // One renderer for the page and the widget's frame: a second process costs most of a second on a small machine.
  '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process']

/** One request the page (or the widget in it) made, and what came back. */
export interface Seen {
  readonly n: number
  readonly method: string
  readonly url: string
  readonly body: string
  status: number | undefined
  answer: string | undefined
  failure: string | undefined
}

export const seenLine = (s: Seen): string =>
  `${s.method} ${s.url} → ${s.failure !== undefined ? `failed (${s.failure})` : s.status ?? 'no answer yet'}`

const isLocal = (host: string, allowed: readonly string[]): boolean => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || allowed.includes(host)

export class Browser {
  readonly seen: Seen[] = []
  /** What was refused for being off the machine: listed in every page failure and in bad-input lines. */
  readonly blocked: string[] = []
  readonly console: Array<{ text: string, url: string }> = []
  readonly #context: BrowserContext
  readonly #dir: string
  readonly #bodies: Array<Promise<void>> = []
  readonly page: Page
  /** While set, the widget's question for its link session is answered 503: the service unreachable, as the widget meets an outage. */
  outage = false

  private constructor (context: BrowserContext, page: Page, dir: string) {
    this.#context = context
    this.page = page
    this.#dir = dir
  }

  /** Chromium started, the CDN answered by unimock, the login in place; a KitError with the install line when Chromium is missing. */
  static async start (unimockUrl: string, appPage: string, login: PageLogin): Promise<Browser> {
    if (!existsSync(CHROMIUM)) throw new KitError(`--app-page needs Chromium at ${CHROMIUM}; it is not installed: apt-get install chromium`)
    const appHost = new URL(appPage).host
    const hosts = [...new Set([new URL(appPage).hostname, ...(login.kind === 'form' ? [new URL(login.url).hostname] : [])])]
    const rules = `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, ${hosts.map((h) => `EXCLUDE ${h}`).join(', ')}`
    const dir = mkdtempSync(join(tmpdir(), 'unimock-page-'))
    let context: BrowserContext
    try {
      const { chromium } = await playwright()
      context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: [...ARGS, rules], viewport: { width: 1100, height: 760 }, timeout: 20_000 })
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      throw new KitError(`Chromium at ${CHROMIUM} did not start: ${(error as Error).message.split('\n')[0]}`)
    }
    await context.route(CDN_SCRIPT, async (route) => {
      await route.fulfill({ response: await route.fetch({ url: `${unimockUrl}/link/initialize.js` }) })
    })
    // For the whole site, as a login cookie is: a page under /react/ calls its backend at /api/...
    if (login.kind === 'cookie') await context.addCookies([{ name: login.name, value: login.value, url: new URL('/', appPage).href }])
    if (login.kind === 'header') {
      await context.route((url) => url.host === appHost, async (route) => {
        await route.continue({ headers: { ...route.request().headers(), [login.name.toLowerCase()]: login.value } })
      })
    }
    await context.addInitScript(PROBE)
    const page = context.pages()[0] ?? await context.newPage()
    const browser = new Browser(context, page, dir)
    await context.route(`${unimockUrl}/link/api/session?*`, async (route) => {
      if (browser.outage) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' })
      else await route.continue()
    })
    browser.#watch(page, hosts, new URL(unimockUrl).origin)
    return browser
  }

  #watch (page: Page, hosts: readonly string[], unimock: string): void {
    const byRequest = new Map<Request, Seen>()
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (!url.protocol.startsWith('http')) return
      const s: Seen = { n: this.seen.length + 1, method: r.method(), url: r.url(), body: r.postData() ?? '', status: undefined, answer: undefined, failure: undefined }
      this.seen.push(s)
      byRequest.set(r, s)
    })
    page.on('requestfailed', (r) => {
      const s = byRequest.get(r)
      if (s !== undefined) s.failure = r.failure()?.errorText ?? 'failed'
      const url = new URL(r.url())
      if (url.href !== CDN_SCRIPT && !isLocal(url.hostname, hosts)) this.blocked.push(`${r.method()} ${r.url()}`)
    })
    page.on('response', (res) => {
      const s = byRequest.get(res.request())
      if (s === undefined) return
      s.status = res.status()
      // Bodies are read as they come (a navigation discards them): the no-secrets check reads every answer of
      // the page's own servers (unimock's widget is the service's, and holds no secret of the integrator's).
      const type = res.request().resourceType()
      if (['fetch', 'xhr', 'document', 'script'].includes(type) && !res.url().startsWith(unimock) && res.url() !== CDN_SCRIPT) {
        this.#bodies.push(res.text().then((t) => { s.answer = t }, () => { s.answer = '' }))
      }
    })
    page.on('console', (m) => { this.console.push({ text: m.text(), url: m.location().url }) })
  }

  /** Every answer body read so far (before a judgement over them). */
  async bodies (): Promise<void> {
    await Promise.allSettled(this.#bodies)
  }

  /** The page's requests, one line each: the evidence under a page failure. */
  lines (from = 0, to?: number): string[] {
    const lines = this.seen.slice(from, to).map(seenLine)
    return this.blocked.length === 0 ? lines : [...lines, `blocked (off the machine): ${this.blocked.join(', ')}`]
  }

  async close (): Promise<void> {
    await this.#context.close().catch(() => {})
    rmSync(this.#dir, { recursive: true, force: true })
  }
}
