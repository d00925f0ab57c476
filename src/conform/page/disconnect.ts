import type { Dialog } from 'playwright-core'
import { KitError } from '../errors.js'
import type { Kit } from '../kit.js'
import { listing } from '../link-flow.js'
import { fail, notApplicable, pass } from '../verdict.js'
import type { Judged } from './checks.js'
import type { Connected } from './connected.js'
import { type PageDriver, REACT_MS } from './driver.js'
import { pageUser } from './page-user.js'
import { routeMatcher, routeRequests } from './scenario.js'

/**
 * page.delete: on the connected page the kit clicks the control that removes the connection and plays an end
 * user who first cancels the confirmation, then confirms. A confirmation is the browser's own dialog
 * (window.confirm) or one the page draws (role dialog or alertdialog, or an open <dialog>). Judged on what
 * each answer caused: nothing after the cancel; after the confirmation one delete-integration, the account
 * gone at unimock and at the backend, and the page's connect control back.
 */

const WHAT = 'a button named "Disconnect …", "Delete …" or "Remove …"'
const CONFIRM = /\b(disconnect|delete|remove|confirm|yes|ok)\b/i
const CANCEL = /\b(cancel|no|keep|close|back)\b/i
/** How long the kit watches for a delete the end user's cancel should not have caused. */
const CANCELLED_MS = 1_500

type First = 'dialog' | 'in-page' | 'delete' | 'nothing'

export async function disconnect (driver: PageDriver, kit: Kit, connected: Connected | undefined): Promise<Judged> {
  if (connected?.integrationId === undefined) return notApplicable('the page linked no account whose integration id the backend tells (see page.exchange-on-success)')
  const account = await kit.world.account(connected.accountId)
  if (account === undefined) return notApplicable('the page\'s account was already gone before the end user removed it')
  if (account.status === 'RELINK_NEEDED') return notApplicable('the page\'s account still needs relinking, so the service refuses its deletion (see page.reconnect)')
  const page = driver.page
  const control = driver.deleteControl()
  const what = driver.settings.remove === undefined ? WHAT : `the control ${driver.settings.remove} (--page-delete)`
  const from = driver.browser.seen.length
  const evidence = (got: string): { expected: string, got: string, requests: string[] } => ({
    expected: `${what} that asks the end user to confirm; nothing removed on cancel; on confirm one delete-integration, the account gone at the service and the backend, and the connect control back`,
    got,
    requests: driver.browser.lines(from)
  })
  const failed = async (problem: string, got = problem): Promise<Judged> => ({ ...fail(problem, evidence(got)), shot: await driver.shot() })
  if (!await control.isVisible()) {
    try {
      await driver.load({ control, what, flag: '--page-delete' })
    } catch (error) {
      if (!(error instanceof KitError)) throw error
      return await failed('the connected page offered no way to remove the connection', error.message)
    }
  }
  const isDelete = routeMatcher(kit.backend, 'delete-integration')
  const deleteSent = async (ms: number): Promise<boolean> => await page.waitForRequest((r) => isDelete(r.method(), r.url()), { timeout: ms }).then(() => true, () => false)
  const inPage = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible, dialog[open]').first()
  const dialogs: string[] = []
  let accept = false
  let cancelled = false
  const onDialog = (d: Dialog): void => {
    dialogs.push(d.message())
    void (accept ? d.accept() : d.dismiss()).catch(() => {})
  }
  page.on('dialog', onDialog)
  try {
    const watch = (): Promise<First> => Promise.any([
      page.waitForEvent('dialog', { timeout: REACT_MS }).then((): First => 'dialog'),
      inPage.waitFor({ state: 'visible', timeout: REACT_MS }).then((): First => 'in-page'),
      page.waitForRequest((r) => isDelete(r.method(), r.url()), { timeout: REACT_MS }).then((): First => 'delete')
    ]).catch((): First => 'nothing')
    const answer = (): Promise<unknown> => page.waitForResponse((r) => isDelete(r.request().method(), r.url()), { timeout: Math.max(REACT_MS, kit.backend.timeoutMs) }).catch(() => undefined)
    const first = watch()
    const unasked = answer()
    await control.click({ timeout: REACT_MS })
    const asked = await first
    if (asked === 'delete') {
      await unasked
      return await failed('the page removed the connection without asking the end user to confirm')
    }
    if (asked === 'nothing') return await failed(`the click showed no confirmation and removed nothing within ${REACT_MS / 1000} s`)
    if (asked === 'dialog') {
      if (await deleteSent(CANCELLED_MS)) {
        await unasked
        return await failed('the page removed the connection although the end user cancelled the confirmation', `the confirmation "${dialogs[0] ?? ''}" was cancelled; delete-integration was sent anyway`)
      }
      accept = true
      cancelled = true
      const answered = answer()
      await control.click({ timeout: REACT_MS })
      await answered
    } else {
      const cancel = inPage.getByRole('button', { name: CANCEL }).first()
      if (await cancel.count() > 0) {
        await cancel.click({ timeout: REACT_MS })
        if (await deleteSent(CANCELLED_MS)) {
          await unasked
          return await failed('the page removed the connection although the end user cancelled the confirmation', 'its own dialog was cancelled; delete-integration was sent anyway')
        }
        cancelled = true
        await control.click({ timeout: REACT_MS })
        await inPage.waitFor({ state: 'visible', timeout: REACT_MS })
      }
      const answered = answer()
      await inPage.getByRole('button', { name: CONFIRM }).first().click({ timeout: REACT_MS })
      await answered
    }
  } finally {
    page.off('dialog', onDialog)
  }
  await driver.browser.bodies()
  const deletes = routeRequests(kit.backend, 'delete-integration', driver.browser.seen.slice(from))
  const gone = await kit.world.account(connected.accountId) === undefined
  const rows = await listing(kit.backend, await pageUser(driver, kit.backend))
  const kept = rows?.some((r) => r.integration_id === connected.integrationId) === true
  const back = await driver.control().waitFor({ state: 'visible', timeout: REACT_MS }).then(async () => await driver.control().isEnabled(), () => false)
  const status = deletes[0]?.status
  const problem = deletes.length !== 1
    ? `after the end user confirmed, the page sent delete-integration ${deletes.length} times`
    : status === undefined || status < 200 || status > 299
      ? `delete-integration answered ${status ?? 'nothing'}`
      : !gone
        ? 'after delete-integration the account was still there at the service'
        : kept
          ? 'after delete-integration the backend still lists the integration'
          : !back ? 'after the delete the page did not show its connect control again' : undefined
  if (problem !== undefined) return await failed(problem)
  const how = `${dialogs.length > 0 ? `asked "${dialogs[0]}"` : 'asked in a dialog of its own'}${cancelled ? '; cancelled, nothing was removed' : ''}`
  return pass(`the page ${how}; confirmed, delete-integration ran once (${status}), the account is gone at the service, and the connect control is back`)
}
