import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { startUnimock } from '../../../src/server.js'
import { CDN_SCRIPT, TECHNICAL_WORDS, answerCdnScript, events, launchChromium, testPage, signIn, startIntegratorSite, waitForEvent, widget } from './browser.js'

// The whole link flow in headless Chromium against a real unimock: an integrator's page on another origin
// loads /link/initialize.js, opens the widget, and the test clicks through it as an end user would.

const API_KEY = 'test_widget_flow'
const auth = { authorization: `Bearer ${API_KEY}` }

const unimock = await startUnimock()
t.teardown(() => unimock.close())
const browser = await launchChromium()
const site = await startIntegratorSite(t, unimock.url)

async function call (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number, body: any }> {
  const res = await fetch(unimock.url + path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await res.text()
  return { status: res.status, body: text === '' ? null : JSON.parse(text) }
}

async function linkToken (originId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/api/hris/v1/link-token', {
    end_user_origin_id: originId,
    end_user_organization_name: 'Acme',
    end_user_email_address: 'it@acme.example',
    categories: ['hris'],
    ...extra
  })
  if (res.status !== 200) throw new Error(`link-token answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body.link_token as string
}

/** The linked account of an origin id as the integrator's backend sees it in the list. */
async function accountOf (originId: string): Promise<{ status: string, integration: unknown }> {
  const res = await call('GET', `/api/hris/v1/linked-accounts?end_user_origin_id=${encodeURIComponent(originId)}&is_test_account=true`)
  if (res.status !== 200 || res.body.results.length !== 1) throw new Error(`linked-accounts answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body.results[0]
}

async function exchange (publicToken: string): Promise<{ accountToken: string, details: any }> {
  const exchanged = await call('GET', `/api/hris/v1/account-token/${encodeURIComponent(publicToken)}`)
  if (exchanged.status !== 200) throw new Error(`account-token answered ${exchanged.status}: ${JSON.stringify(exchanged.body)}`)
  const accountToken = exchanged.body.account_token as string
  const details = await call('GET', '/api/hris/v1/account-details', undefined, { 'x-account-token': accountToken })
  return { accountToken, details: details.body }
}

/**
 * Runs a test on a fresh integrator page and checks that no script on it (or in the widget) threw and that
 * nothing was requested from off the machine.
 */
function flow (name: string, body: (t: Test, page: Page) => Promise<void>): void {
  t.test(name, async (t) => {
    const { page, offsite } = await testPage(t, browser)
    const errors: string[] = []
    page.on('pageerror', (error) => { errors.push(error.message) })
    await page.goto(site.url)
    await body(t, page)
    t.same(errors, [], 'no script error on the page or in the widget')
    t.same(offsite, [], 'nothing was requested from off the machine')
  })
}

flow('success: onSuccess gets a public token that exchanges for a complete account', async (t, page) => {
  const token = await linkToken('flow-success')
  t.equal((await accountOf('flow-success')).status, 'INCOMPLETE')
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, token)
  await waitForEvent(page, 'ready')

  const ui = widget(page)
  await ui.getByRole('heading', { name: 'Connect your HR system' }).waitFor()
  t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS, 'the picker speaks business wording')
  t.ok(await ui.getByRole('button', { name: 'BambooHR' }).isVisible(), 'the catalogue lists the category\'s systems')
  t.ok(await ui.getByRole('button', { name: 'Gusto' }).isVisible())
  t.notOk(await ui.getByRole('button', { name: 'Greenhouse' }).isVisible(), 'only this category')

  await ui.getByRole('button', { name: 'BambooHR' }).click()
  await ui.getByRole('heading', { name: 'Sign in to BambooHR' }).waitFor()
  t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS, 'the sign-in form speaks business wording')
  await ui.getByLabel('Username or email').fill('jane@acme.example')
  await ui.getByLabel('Password').fill('correct horse')
  await ui.getByRole('button', { name: 'Connect' }).click()

  const success = await waitForEvent(page, 'success')
  t.type(success.publicToken, 'string')
  await ui.getByRole('heading', { name: /all set/ }).waitFor()
  t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS, 'the success screen speaks business wording')

  const { accountToken, details } = await exchange(success.publicToken!)
  t.type(accountToken, 'string')
  t.match(details, { status: 'COMPLETE', integration: 'BambooHR', integration_slug: 'bamboohr', end_user_origin_id: 'flow-success' })

  await ui.getByRole('button', { name: 'Finish' }).click()
  await page.locator('[data-link-widget-overlay]').waitFor({ state: 'detached' })
  t.same((await events(page)).map((e) => e.type), ['ready', 'success'], 'finishing after success is not an exit')
  t.equal(await page.evaluate(() => (globalThis as any).document.body.style.overflow), '', 'the page scrolls again')
})

flow('exit: closing the widget calls onExit and the account stays incomplete', async (t, page) => {
  const token = await linkToken('flow-exit')
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, token)
  const ui = widget(page)
  await ui.getByRole('button', { name: 'Gusto' }).click()
  await ui.getByRole('button', { name: 'Close' }).click()
  await waitForEvent(page, 'exit')
  t.equal(await page.locator('[data-link-widget-overlay]').count(), 0, 'the modal is gone')
  t.same((await events(page)).map((e) => e.type), ['ready', 'exit'])
  t.equal((await accountOf('flow-exit')).status, 'INCOMPLETE')
  const session = await call('GET', `/link/api/session?link_token=${encodeURIComponent(token)}`)
  t.equal(session.body.state, 'USED', 'an abandoned link cannot be reopened')
})

flow('validation error: error_invalid_credentials shows in the form, then a good password connects', async (t, page) => {
  const token = await linkToken('flow-validation')
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, token)
  const ui = widget(page)
  await ui.getByRole('button', { name: 'BambooHR' }).click()
  await ui.getByLabel('Username or email').fill('jane@acme.example')
  await ui.getByLabel('Password').fill('error_invalid_credentials')
  await ui.getByRole('button', { name: 'Connect' }).click()

  const validation = await waitForEvent(page, 'validation')
  t.equal(validation.errors?.length, 1)
  t.match(validation.errors?.[0], { problem_type: 'INVALID_CREDENTIALS', detail: /BambooHR/ })
  const alert = ui.getByRole('alert')
  await alert.waitFor()
  t.equal(await alert.innerText(), validation.errors?.[0]?.detail, 'the form shows the same message')
  t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS)
  t.equal(await ui.getByLabel('Password').getAttribute('aria-invalid'), 'true')
  t.equal((await accountOf('flow-validation')).status, 'INCOMPLETE')
  t.notOk((await events(page)).some((e) => e.type === 'success' || e.type === 'exit' || e.type === 'error'))

  await ui.getByLabel('Password').fill('the right one')
  await ui.getByRole('button', { name: 'Connect' }).click()
  const success = await waitForEvent(page, 'success')
  const { details } = await exchange(success.publicToken!)
  t.equal(details.status, 'COMPLETE')
})

flow('other error_<kind> passwords reach onValidationError with their problem type', async (t, page) => {
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, await linkToken('flow-mfa'))
  const ui = widget(page)
  await ui.getByRole('button', { name: 'Workday' }).click()
  await ui.getByLabel('Username or email').fill('admin')
  await ui.getByLabel('Password').fill('error_mfa_required')
  await ui.getByRole('button', { name: 'Connect' }).click()
  const validation = await waitForEvent(page, 'validation')
  t.match(validation.errors, [{ problem_type: 'MFA_REQUIRED', detail: /Workday/ }])
  t.equal((await accountOf('flow-mfa')).status, 'INCOMPLETE')
})

flow('a used, expired or unknown link opens into an error state and calls onError', async (t, page) => {
  const used = await linkToken('flow-used')
  const completed = await call('POST', `/_unimock/link-tokens/${encodeURIComponent(used)}/complete`, {})
  t.equal(completed.status, 200, 'the link was used elsewhere')

  const cases: Array<[string, string, RegExp]> = [
    [used, 'link_token_used', /already been used/],
    ['no-such-link-token', 'link_token_invalid', /not valid/]
  ]
  for (const [token, code, heading] of cases) {
    await page.evaluate(() => { (globalThis as any).events.length = 0 })
    await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, token)
    const error = await waitForEvent(page, 'error')
    t.equal(error.error?.code, code)
    const ui = widget(page)
    await ui.getByRole('heading', { name: heading }).waitFor()
    t.notMatch(await ui.locator('body').innerText(), TECHNICAL_WORDS)
    await ui.getByRole('button', { name: 'Close' }).last().click()
    await waitForEvent(page, 'exit')
  }

  // Expiry follows unimock's clock: 30 minutes by default.
  const expiring = await linkToken('flow-expired')
  t.equal((await call('POST', '/_unimock/clock/advance', { by: '31m' })).status, 200)
  await page.evaluate(() => { (globalThis as any).events.length = 0 })
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, expiring)
  const expired = await waitForEvent(page, 'error')
  t.equal(expired.error?.code, 'link_token_expired')
  await widget(page).getByRole('heading', { name: 'This link has expired' }).waitFor()
  t.equal((await accountOf('flow-expired')).status, 'INCOMPLETE')
})

flow('a link that expires while the form is open ends in the error state', async (t, page) => {
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, await linkToken('flow-expires-midway'))
  const ui = widget(page)
  await ui.getByRole('button', { name: 'BambooHR' }).click()
  await ui.getByLabel('Username or email').fill('jane')
  await ui.getByLabel('Password').fill('secret')
  t.equal((await call('POST', '/_unimock/clock/advance', { by: '2h' })).status, 200)
  await ui.getByRole('button', { name: 'Connect' }).click()
  const error = await waitForEvent(page, 'error')
  t.equal(error.error?.code, 'link_token_expired')
  await ui.getByRole('heading', { name: 'This link has expired' }).waitFor()
  t.equal((await accountOf('flow-expires-midway')).status, 'INCOMPLETE')
})

flow('shouldSendTokenOnSuccessfulLink=false holds onSuccess until the widget closes', async (t, page) => {
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok, { shouldSendTokenOnSuccessfulLink: false }) }, await linkToken('flow-delayed'))
  const ui = widget(page)
  await ui.getByRole('button', { name: 'BambooHR' }).click()
  await ui.getByLabel('Username or email').fill('jane')
  await ui.getByLabel('Password').fill('secret')
  await ui.getByRole('button', { name: 'Connect' }).click()
  await ui.getByRole('heading', { name: /all set/ }).waitFor()
  t.same((await events(page)).map((e) => e.type), ['ready'], 'no onSuccess while the widget is open')
  await ui.getByRole('button', { name: 'Finish' }).click()
  const success = await waitForEvent(page, 'success')
  t.same((await events(page)).map((e) => e.type), ['ready', 'success'])
  t.equal((await exchange(success.publicToken!)).details.status, 'COMPLETE')
})

flow('a preselected integration skips the picker; parentContainerID embeds instead of a modal', async (t, page) => {
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok, { parentContainerID: 'embed-here' }) }, await linkToken('flow-embedded', { integration: 'gusto' }))
  const ui = widget(page)
  await ui.getByRole('heading', { name: 'Sign in to Gusto' }).waitFor()
  t.equal(await page.locator('#embed-here iframe[data-link-widget]').count(), 1, 'the iframe sits in the container')
  t.equal(await page.locator('[data-link-widget-overlay]').count(), 0, 'no modal overlay')
  t.equal(await ui.getByRole('button', { name: 'Back' }).count(), 0, 'nothing else to pick')
  await ui.getByLabel('Username or email').fill('jane')
  await ui.getByLabel('Password').fill('secret')
  await ui.getByRole('button', { name: 'Connect' }).click()
  const success = await waitForEvent(page, 'success')
  t.match((await exchange(success.publicToken!)).details, { integration: 'Gusto', integration_slug: 'gusto' })
  await ui.getByRole('button', { name: 'Finish' }).click()
  await page.locator('#embed-here iframe').waitFor({ state: 'detached' })
})

flow('closeLink() closes an open widget as an exit', async (t, page) => {
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, await linkToken('flow-close-link'))
  await widget(page).getByRole('heading', { name: 'Connect your HR system' }).waitFor()
  await page.evaluate(() => { (globalThis as any).MergeLink.closeLink() })
  await waitForEvent(page, 'exit')
  t.equal(await page.locator('iframe[data-link-widget]').count(), 0)
  t.equal((await accountOf('flow-close-link')).status, 'INCOMPLETE')
})

flow('initialize alone shows nothing; openLink before initialize is a clear error', async (t, page) => {
  const token = await linkToken('flow-no-open')
  await page.evaluate((tok) => {
    const g = globalThis as any
    g.MergeLink.initialize({ linkToken: tok, onReady: () => { g.events.push({ type: 'ready' }) } })
  }, token)
  await waitForEvent(page, 'ready')
  t.equal(await page.locator('iframe').count(), 0, 'nothing is shown until openLink')
  const { page: fresh } = await testPage(t, browser)
  await fresh.goto(site.url)
  const message = await fresh.evaluate(() => {
    try { (globalThis as any).MergeLink.openLink(); return 'opened' } catch (error) { return String(error) }
  })
  t.match(message, /call MergeLink\.initialize/)
  const missing = await fresh.evaluate(() => {
    try { (globalThis as any).MergeLink.initialize({}); return 'initialized' } catch (error) { return String(error) }
  })
  t.match(missing, /linkToken is required/)
})

flow('a Magic Link opens the same flow as a page of its own', async (t, page) => {
  const created = await call('POST', '/api/hris/v1/link-token', {
    end_user_origin_id: 'flow-magic',
    end_user_organization_name: 'Acme',
    end_user_email_address: 'it@acme.example',
    categories: ['hris'],
    should_create_magic_link_url: true,
    link_expiry_mins: 1440
  })
  const url = created.body.magic_link_url as string
  t.match(url, /^http:\/\/127\.0\.0\.1:\d+\/link\/magic\?link_token=/)
  await page.goto(url)
  await page.getByRole('heading', { name: 'Connect your HR system' }).waitFor()
  t.equal(await page.getByRole('button', { name: 'Close' }).count(), 0, 'no page to return to, so no close button')
  await page.getByRole('button', { name: 'Rippling' }).click()
  await page.getByLabel('Username or email').fill('jane')
  await page.getByLabel('Password').fill('secret')
  await page.getByRole('button', { name: 'Connect' }).click()
  await page.getByText('You can close this window.').waitFor()
  t.notMatch(await page.locator('body').innerText(), TECHNICAL_WORDS)
  t.match(await accountOf('flow-magic'), { status: 'COMPLETE', integration: { slug: 'rippling' } })
})

flow('update() swaps in a fresh link token before the widget opens', async (t, page) => {
  const used = await linkToken('flow-update')
  t.equal((await call('POST', `/_unimock/link-tokens/${encodeURIComponent(used)}/complete`, { outcome: 'exit' })).status, 200)
  await page.evaluate((tok) => {
    const g = globalThis as any
    g.MergeLink.initialize({ linkToken: tok, onReady: () => { g.events.push({ type: 'ready' }) }, onSuccess: (p: string) => { g.events.push({ type: 'success', publicToken: p }) } })
  }, used)
  await waitForEvent(page, 'ready')
  const fresh = await linkToken('flow-update')
  await page.evaluate((tok) => {
    const g = globalThis as any
    g.events.length = 0
    g.MergeLink.update({ linkToken: tok })
  }, fresh)
  await waitForEvent(page, 'ready')
  await page.evaluate(() => { (globalThis as any).MergeLink.openLink() })
  const ui = widget(page)
  await ui.getByRole('button', { name: 'HiBob' }).click()
  await ui.getByLabel('Username or email').fill('jane')
  await ui.getByLabel('Password').fill('secret')
  await ui.getByRole('button', { name: 'Connect' }).click()
  const success = await waitForEvent(page, 'success')
  t.match((await exchange(success.publicToken!)).details, { status: 'COMPLETE', integration: 'HiBob' })
})

// How the page got the script: the official libraries load it from Merge's CDN URL, which a test answers
// with unimock's script (its body, or a 302); a page (or a dev server) may also load it from unimock.

for (const how of ['body', 'redirect'] as const) {
  t.test(`the script answered for Merge's CDN URL (${how}) finds unimock`, async (t) => {
    const { page, offsite } = await testPage(t, browser)
    const cdnRequests: string[] = []
    page.on('request', (request) => { if (request.url() === CDN_SCRIPT) cdnRequests.push(request.url()) })
    await answerCdnScript(page, unimock.url, how)
    await page.goto(site.viaCdnUrl)
    await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, await linkToken(`flow-cdn-${how}`))
    await waitForEvent(page, 'ready')
    await widget(page).getByRole('heading', { name: 'Connect your HR system' }).waitFor()
    t.match(await page.locator('iframe[data-link-widget]').getAttribute('src'), `${unimock.url}/link/widget?`)
    t.same(cdnRequests, [CDN_SCRIPT], 'the page loaded the CDN URL, once')
    t.equal(await page.locator('script[data-link-widget-claim]').count(), 0, 'nothing to claim: the CDN tag is the page\'s own')
    t.same(offsite, [])
  })
}

flow('loaded from unimock, the script marks the CDN URLs as loaded without fetching them', async (t, page) => {
  const claims = await page.evaluate(() => [...(globalThis as any).document.querySelectorAll('script[data-link-widget-claim]')]
    .map((s: any) => ({ type: s.type, src: s.getAttribute('src') })))
  t.equal(claims.length, 6, 'every CDN URL react-merge-link 2.4.2 knows')
  t.ok(claims.every((c: { type: string }) => c.type === 'text/plain'), 'inert tags: never fetched')
  t.ok(claims.some((c: { src: string }) => c.src === CDN_SCRIPT))
})

t.test('a script served with an origin the page cannot reach says so; tenantConfig.apiBaseURL names unimock', async (t) => {
  const { page, offsite } = await testPage(t, browser)
  // The script's request reached unimock under a name this page cannot use (a proxy, say).
  const unreachable = await unimock.app.inject({ method: 'GET', url: '/link/initialize.js', headers: { host: '127.0.0.1:9' } })
  await page.route(CDN_SCRIPT, (route) => route.fulfill({ contentType: 'application/javascript', body: unreachable.body }))
  await page.goto(site.viaCdnUrl)
  const token = await linkToken('flow-api-base-url')
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, token)
  const error = await waitForEvent(page, 'error')
  t.match(error.error, { code: 'service_unavailable', detail: /http:\/\/127\.0\.0\.1:9\/link\// })

  await page.evaluate(([tok, url]) => {
    (globalThis as any).openWidget(tok, { tenantConfig: { apiBaseURL: url } }, 'B')
  }, [token, unimock.url])
  await waitForEvent(page, 'ready')
  await widget(page).getByRole('heading', { name: 'Connect your HR system' }).waitFor()
  t.same(offsite, [])
})

flow('initialize again with the same link token keeps the open modal and its state and takes the new callbacks', async (t, page) => {
  const token = await linkToken('flow-reinitialize')
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, token)
  await waitForEvent(page, 'ready')
  const frame = page.locator('iframe[data-link-widget]')
  await frame.evaluate((el: any) => { el.probe = 'the first modal' })
  const ui = widget(page)
  await signIn(page, { system: 'BambooHR', username: 'jane@acme.example', password: 'error_invalid_credentials' })
  await waitForEvent(page, 'validation')

  // What a re-rendering page does: the same token with new callbacks, twice in one turn and once more later.
  await page.evaluate((tok) => { const g = globalThis as any; g.openWidget(tok, {}, 'B'); g.openWidget(tok, {}, 'B') }, token)
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok, {}, 'C') }, token)
  t.equal(await frame.count(), 1)
  t.equal(await frame.evaluate((el: any) => el.probe), 'the first modal', 'the same modal')
  t.match(await ui.getByRole('alert').innerText(), /BambooHR/, 'the validation message is still shown')
  t.equal(await ui.getByLabel('Username or email').inputValue(), 'jane@acme.example', 'and what the user typed')

  await signIn(page, { password: 'the right one' })
  const success = await waitForEvent(page, 'success')
  await ui.getByRole('heading', { name: /all set/ }).waitFor()
  t.same((await events(page)).map((e) => `${e.type} ${e.tag}`), ['ready A', 'validation A', 'success C'],
    'each callback once, from the initialize in force when its event happened')
  t.equal((await exchange(success.publicToken!)).details.status, 'COMPLETE')
  await ui.getByRole('button', { name: 'Finish' }).click()
  await frame.waitFor({ state: 'detached' })
  t.same((await events(page)).map((e) => e.type), ['ready', 'validation', 'success'], 'finishing adds nothing')
})

flow('a different link token while the modal is open waits for the modal to close', async (t, page) => {
  const first = await linkToken('flow-token-while-open-1')
  const second = await linkToken('flow-token-while-open-2')
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, first)
  await waitForEvent(page, 'ready')
  const frame = page.locator('iframe[data-link-widget]')
  await widget(page).getByRole('heading', { name: 'Connect your HR system' }).waitFor()
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok, {}, 'B') }, second)
  t.match(await frame.getAttribute('src'), `link_token=${encodeURIComponent(first)}`, 'the open modal keeps its own link')

  await widget(page).getByRole('button', { name: 'Close' }).click()
  // B's onReady opens the widget again, now with the second link.
  await page.waitForFunction(() => (globalThis as any).events.length === 3)
  t.same((await events(page)).map((e) => `${e.type} ${e.tag}`), ['ready A', 'exit B', 'ready B'])
  await frame.waitFor()
  t.match(await frame.getAttribute('src'), `link_token=${encodeURIComponent(second)}`)
  await signIn(page, { system: 'Gusto', username: 'jane', password: 'secret' })
  await waitForEvent(page, 'success')
  t.equal((await accountOf('flow-token-while-open-1')).status, 'INCOMPLETE')
  t.equal((await accountOf('flow-token-while-open-2')).status, 'COMPLETE')
})

flow('initialize again once ready (a remounted component) hears onReady again; calls in one turn hear it once', async (t, page) => {
  const token = await linkToken('flow-ready-again')
  const initialize = (tags: string[]) => page.evaluate(([tok, tags]) => {
    const g = globalThis as any
    for (const tag of tags as string[]) g.MergeLink.initialize({ linkToken: tok, onReady: () => { g.events.push({ type: 'ready', tag }) } })
  }, [token, tags] as const)
  await initialize(['A', 'B'])
  await waitForEvent(page, 'ready')
  await initialize(['C', 'D'])
  await page.waitForFunction(() => (globalThis as any).events.length === 2)
  await initialize(['E'])
  await page.waitForFunction(() => (globalThis as any).events.length === 3)
  t.same((await events(page)).map((e) => e.tag), ['B', 'D', 'E'], 'the latest callbacks of each turn')
  t.equal(await page.locator('iframe').count(), 0, 'and nothing opened')
})

flow('a second copy of the script keeps the first, and the widget the page opened with it', async (t, page) => {
  await page.evaluate((tok) => { (globalThis as any).openWidget(tok) }, await linkToken('flow-second-copy'))
  await waitForEvent(page, 'ready')
  await widget(page).getByRole('heading', { name: 'Connect your HR system' }).waitFor()
  const same = await page.evaluate(async (src) => {
    const g = globalThis as any
    const first = g.MergeLink
    const copy = g.document.createElement('script')
    copy.src = src
    await new Promise((resolve) => { copy.onload = resolve; g.document.head.appendChild(copy) })
    return g.MergeLink === first
  }, `${unimock.url}/link/initialize.js`)
  t.ok(same, 'window.MergeLink is still the first copy')
  await page.evaluate(() => { (globalThis as any).MergeLink.closeLink() })
  await waitForEvent(page, 'exit')
  t.same((await events(page)).map((e) => e.type), ['ready', 'exit'])
})
