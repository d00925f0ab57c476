import { mkdirSync } from 'node:fs'
import type { Test } from 'tap'
import type { Browser, Page } from 'playwright-core'
import { startUnimock, type RunningUnimock } from '../../src/server.js'
import { testPage } from '../integration/widget/browser.js'

export { launchChromium } from '../integration/widget/browser.js'

export const KEY = 'test_dashboard'
const ARTIFACTS = new URL('../../test-artifacts/dashboard/', import.meta.url)

export interface Dashboard {
  readonly unimock: RunningUnimock
  readonly page: Page
  /** Every request the page tried to send off the machine (refused). */
  readonly offsite: string[]
  /** Uncaught errors of the page. */
  readonly errors: string[]
  /** The control API, as a test calls it from outside the page. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number, body: T }>
}

/** A virtual-clock unimock listening on a free port, and the dashboard open on it with the API key entered. */
export async function openDashboard (t: Test, browser: Browser, options: Parameters<typeof startUnimock>[0] = {}): Promise<Dashboard> {
  const unimock = await startUnimock(options)
  t.teardown(() => unimock.close())
  const { page, offsite } = await testPage(t, browser)
  const errors: string[] = []
  page.on('pageerror', (error) => { errors.push(error.message) })
  await page.goto(`${unimock.url}/_unimock/ui`)
  await page.getByLabel('API key').fill(KEY)
  await page.getByRole('button', { name: 'Open' }).click()
  await page.getByText('live', { exact: true }).waitFor()
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number, body: T }> => {
    const res = await fetch(`${unimock.url}/_unimock${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const text = await res.text()
    return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T }
  }
  return { unimock, page, offsite, errors, call }
}

/** Screenshots of the page as it is, in the light and the dark colour scheme, under test-artifacts/dashboard/. */
export async function screenshots (page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: new URL(`${name}-${scheme}.png`, ARTIFACTS).pathname, fullPage: true })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

interface AXNode { role?: { value?: string }, name?: { value?: string }, ignored?: boolean, properties?: Array<{ name: string, value: { value?: unknown } }> }
const CONTROLS = new Set(['button', 'textbox', 'combobox', 'checkbox', 'radio', 'link', 'spinbutton', 'listbox', 'slider', 'switch', 'tab'])

/**
 * The accessibility checks: every control in the browser's accessibility tree has a name, and tabbing
 * through the page reaches every control (none is mouse-only). Answers the controls without a name and
 * those Tab never reached.
 */
export async function accessibility (page: Page): Promise<{ unnamed: string[], unreachable: string[], controls: number }> {
  const cdp = await page.context().newCDPSession(page)
  const { nodes } = await cdp.send('Accessibility.getFullAXTree') as { nodes: AXNode[] }
  await cdp.detach()
  const controls = nodes.filter((n) => n.ignored !== true && CONTROLS.has(n.role?.value ?? ''))
  const unnamed = controls.filter((n) => (n.name?.value ?? '').trim() === '').map((n) => n.role?.value ?? '?')
  // Tab from the top through every focusable element, and compare with the controls the DOM holds. (The
  // page's code is a string: the tests' type-check has no DOM.)
  await page.evaluate('document.activeElement?.blur()')
  const all = await page.evaluate(`[...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
    .filter((e) => !e.hasAttribute('disabled') && e.offsetParent !== null && e.tabIndex >= 0)
    .map((e, i) => { e.dataset.a11y = String(i); return (e.tagName.toLowerCase() + ' ' + (e.getAttribute('aria-label') ?? e.textContent ?? '')).trim() })`) as string[]
  // Tab starts after the control last clicked (the view's tab), not at the top, and a live update may add a
  // row's button while we walk: go round up to twice, stopping once every control was reached.
  const reached = new Set<string>()
  for (let i = 0; i < 2 * all.length + 5 && reached.size < all.length; i++) {
    await page.keyboard.press('Tab')
    const at = await page.evaluate('document.activeElement?.dataset.a11y') as string | undefined
    if (at !== undefined) reached.add(at)
  }
  const unreachable = all.filter((_, i) => !reached.has(String(i)))
  return { unnamed, unreachable, controls: controls.length }
}
