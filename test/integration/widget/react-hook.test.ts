import t, { type Test } from 'tap'
import { mkdirSync, rmSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { startUnimock } from '../../../src/server.js'
import { CDN_SCRIPT, TECHNICAL_WORDS, answerCdnScript, brokenImages, events, launchChromium, signIn, startLocalServer, testPage, waitForEvent, widget } from './browser.js'

// The official React hook, @mergeapi/react-merge-link, on an integrator's React 18 page in headless Chromium.
// The hook loads Merge's CDN script and nothing else; the test answers that URL with unimock's script, as the
// link widget guide's Playwright snippet does (or, for the dev-server page, proxies unimock and preloads its script).
// Screenshots of every step go to test-artifacts/react-hook/ (git-ignored), for CI to keep.

const API_KEY = 'test_react_hook'
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/react-hook/', import.meta.url))

const unimock = await startUnimock()
t.teardown(() => unimock.close())
const browser = await launchChromium()

// React's development build: StrictMode's double effects exist only there.
const bundle = await build({
  entryPoints: [fileURLToPath(new URL('./react-page/app.jsx', import.meta.url))],
  bundle: true,
  write: false,
  format: 'iife',
  jsx: 'automatic',
  target: 'chrome120',
  define: { 'process.env.NODE_ENV': '"development"' },
  logLevel: 'silent'
})
const appJs = bundle.outputFiles[0]!.text

async function unimockCall (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number, body: any }> {
  const res = await fetch(unimock.url + path, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: res.status, body: await res.json() }
}

/** The integrator's backend: a link token per opening, and the exchange of a public token. */
async function backend (path: string, input: Record<string, string>): Promise<{ status: number, body: unknown }> {
  if (path === 'link-token') {
    const res = await unimockCall('POST', '/api/hris/v1/link-token', {
      end_user_origin_id: input.origin_id,
      end_user_organization_name: 'Acme',
      end_user_email_address: 'it@acme.example',
      categories: ['hris']
    })
    return res.status === 200 ? { status: 200, body: { link_token: res.body.link_token } } : { status: 502, body: { error: JSON.stringify(res.body) } }
  }
  const exchanged = await unimockCall('GET', `/api/hris/v1/account-token/${encodeURIComponent(input.public_token ?? '')}`)
  if (exchanged.status !== 200) return { status: 502, body: { error: JSON.stringify(exchanged.body) } }
  const details = await unimockCall('GET', '/api/hris/v1/account-details', undefined, { 'x-account-token': exchanged.body.account_token })
  return { status: 200, body: { status: details.body.status, integration: details.body.integration } }
}

/** What a dev server's proxy does: /unimock/... to unimock, the Host header left as the browser sent it. */
function proxyToUnimock (request: IncomingMessage, response: ServerResponse): void {
  const target = new URL(unimock.url)
  const upstream = httpRequest({
    host: target.hostname,
    port: target.port,
    method: request.method,
    path: request.url!.replace(/^\/unimock/, ''),
    headers: request.headers
  }, (answer) => {
    response.writeHead(answer.statusCode!, answer.headers)
    answer.pipe(response)
  })
  request.pipe(upstream)
}

function page (devServer: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme People · Settings</title>
${devServer ? '<script src="/unimock/link/initialize.js"></script>' : ''}
<style>body { font-family: system-ui, sans-serif; margin: 32px; color: #0f172a } .card { border: 1px solid #e2e8f0;
border-radius: 12px; padding: 16px; max-width: 420px } button { font: inherit; padding: 8px 14px } .meta { color: #64748b }</style>
</head><body><div id="root"></div><script src="/app.js"></script></body></html>`
}

const site = await startLocalServer(t, (request, response) => {
  const url = new URL(request.url!, 'http://localhost')
  if (url.pathname.startsWith('/unimock/')) { proxyToUnimock(request, response); return }
  if (url.pathname.startsWith('/backend/')) {
    let raw = ''
    request.on('data', (chunk) => { raw += String(chunk) })
    request.on('end', () => {
      void backend(url.pathname.slice('/backend/'.length), JSON.parse(raw)).then((answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(answer.body))
      })
    })
    return
  }
  const [type, body] = url.pathname === '/app.js'
    ? ['application/javascript', appJs]
    : ['text/html; charset=utf-8', page(url.searchParams.get('dev_server') === '1')]
  response.writeHead(200, { 'content-type': type })
  response.end(body)
})

interface Variant {
  readonly name: string
  readonly query: string
  /** The page preloads unimock's script through its dev server's proxy instead of the test answering the CDN. */
  readonly devServer?: boolean
}

const VARIANTS: readonly Variant[] = [
  { name: 'hook', query: '' },
  { name: 'strict-mode', query: 'strict=1' },
  { name: 're-render-on-every-callback', query: 'rerender=1' },
  { name: 'dev-server-proxy', query: 'dev_server=1&strict=1', devServer: true }
]

async function accountStatus (originId: string): Promise<string> {
  const res = await unimockCall('GET', `/api/hris/v1/linked-accounts?end_user_origin_id=${originId}&is_test_account=true`)
  return res.body.results[0]?.status
}

for (const variant of VARIANTS) {
  t.test(`react-merge-link: ${variant.name}`, async (t: Test) => {
    const shots = `${ARTIFACTS}${variant.name}/`
    rmSync(shots, { recursive: true, force: true })
    mkdirSync(shots, { recursive: true })
    const { page: tab, offsite } = await testPage(t, browser)
    const problems: string[] = []
    tab.on('pageerror', (error) => { problems.push(error.message) })
    tab.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()) })
    const cdnRequests: string[] = []
    tab.on('request', (request) => { if (request.url() === CDN_SCRIPT) cdnRequests.push(request.url()) })
    if (variant.devServer !== true) await answerCdnScript(tab, unimock.url)
    const shot = async (step: string): Promise<void> => { await tab.screenshot({ path: `${shots}${step}.png` }) }

    const originId = `react-${variant.name}`
    await tab.goto(`${site}/?origin_id=${originId}&${variant.query}`)
    const connect = tab.locator('#connect')

    // isReady: the hook loaded the script, initialized it with the link token, and heard onReady.
    await connect.and(tab.locator(':enabled')).waitFor()
    await shot('01-ready')
    // From now on, count the hook's initialize calls: it makes one after every render.
    await tab.evaluate(() => {
      const g = globalThis as any
      const initialize = g.MergeLink.initialize
      g.initializeCalls = 0
      g.MergeLink.initialize = (config: unknown) => { g.initializeCalls += 1; initialize(config) }
    })
    const initializeCalls = async (): Promise<number> => tab.evaluate(() => (globalThis as any).initializeCalls)

    // open, then cancel: onExit, once; the page fetches a fresh link token for the next try.
    await connect.click()
    const ui = widget(tab)
    await ui.getByRole('heading', { name: 'Connect your HR system' }).waitFor()
    t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS)
    t.same(await brokenImages(tab), [], 'every system\'s mark is drawn')
    await shot('02-open')
    await ui.getByRole('button', { name: 'Close' }).click()
    await waitForEvent(tab, 'exit')
    await tab.locator('[data-link-widget-overlay]').waitFor({ state: 'detached' })
    await tab.getByText('Closed without connecting').waitFor()
    await shot('03-cancelled')

    // A wrong password: the message re-renders nothing in the page but the modal, which stays, with it.
    await connect.and(tab.locator(':enabled')).waitFor()
    await connect.click()
    const frame = tab.locator('iframe[data-link-widget]')
    await frame.evaluate((el: any) => { el.probe = 'this modal' })
    const callsBefore = await initializeCalls()
    await signIn(tab, { system: 'BambooHR', username: 'jane@acme.example', password: 'error_invalid_credentials' })
    const validation = await waitForEvent(tab, 'validation')
    t.match(validation.errors, [{ problem_type: 'INVALID_CREDENTIALS', detail: /BambooHR/ }])
    if (variant.name === 're-render-on-every-callback') {
      await tab.locator('#log li', { hasText: 'validation' }).waitFor()
      t.ok(await initializeCalls() > callsBefore, 'the callback re-rendered the page, and the hook initialized again')
    }
    await ui.getByRole('alert').waitFor()
    t.equal(await frame.count(), 1)
    t.equal(await frame.evaluate((el: any) => el.probe), 'this modal', 'the same modal')
    t.equal(await ui.getByLabel('Username or email').inputValue(), 'jane@acme.example', 'with what the user typed')
    t.same(await brokenImages(tab), [])
    await shot('04-wrong-password')

    // Success: onSuccess(public token) once; the page re-renders (exchanging) and the success screen stays.
    await signIn(tab, { password: 'the right one' })
    const success = await waitForEvent(tab, 'success')
    t.match(success.publicToken, /^\S{20,}$/)
    await tab.locator('#status', { hasText: 'Connected to BambooHR: COMPLETE' }).waitFor()
    t.ok(await initializeCalls() > callsBefore, 'the hook initialized again while the modal was open')
    await ui.getByRole('heading', { name: /all set/ }).waitFor()
    t.equal(await frame.evaluate((el: any) => el.probe), 'this modal', 'the success screen is in the same modal')
    t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS)
    await shot('05-success')
    await ui.getByRole('button', { name: 'Finish' }).click()
    await frame.waitFor({ state: 'detached' })
    await shot('06-linked')

    t.same((await events(tab)).map((e) => e.type), ['exit', 'validation', 'success'], 'each callback once per event, in order')
    t.equal(await accountStatus(originId), 'COMPLETE')
    t.same(problems, [], 'no script error or console error')
    t.same(offsite, [], 'nothing was requested from off the machine')
    if (variant.devServer === true) t.same(cdnRequests, [], 'the hook took the preloaded script and never asked the CDN')
    else t.ok(cdnRequests.length >= 1, 'the hook loaded the CDN URL (answered by the test)')
  })
}
