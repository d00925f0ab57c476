import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Family, Findings } from '../family.js'
import type { Kit } from '../kit.js'
import { notApplicable, type CheckDef } from '../verdict.js'
import { quietAccount } from '../waits.js'
import { seenLine } from './browser.js'
import { judgeExchange, judgeFresh, judgeReady, judgeReset, judgeSecrets, judgeWording, type Judged, PAGE, secretsOf } from './checks.js'
import type { PageDriver } from './driver.js'
import { connectedBy } from './connected.js'
import { disconnect } from './disconnect.js'
import { reconnect } from './reconnect.js'
import { click, type Step } from './scenario.js'
import { readablePage, serviceWords, type Sighting } from './wording.js'

/**
 * The integrator's page in the verdict (--app-page): the kit loads it logged in as its own user, clicks the
 * connect control three times and plays the end user in unimock's widget frame (leaves; meets an outage;
 * links), then judges each client-side rule on what the page did. Runs in a phase of its own, after the
 * backend checks' scenarios and before the run-wide judgements, so its link flows meet no other check's.
 */

const CHECKS: readonly CheckDef[] = [PAGE.wording, PAGE.fresh, PAGE.ready, PAGE.exit, PAGE.error, PAGE.exchange, PAGE.reconnect, PAGE.delete, PAGE.secrets]

/** What the kit keeps of the page between the checks: the browser session conform() opened (exit 2 when it could not). */
export interface PageRun {
  readonly driver: PageDriver
  readonly words: readonly string[]
  /** Where failed checks' screenshots go, `<check id>.png`; none without. */
  readonly shots: string | undefined
}

/** The session a run with --app-page opened; conform() sets and clears it. */
export const pageRuns = new WeakMap<Kit['world'], PageRun>()

async function sightings (driver: PageDriver, words: readonly string[]): Promise<Array<Sighting & { word: string, shot?: Buffer | undefined }>> {
  const seen = serviceWords(await readablePage(driver.page), words)
  if (seen.length === 0) return []
  const shot = await driver.shot()
  return seen.map((s) => ({ ...s, shot }))
}

export const pageFamily: Family = {
  name: 'page',
  phase: 'page',
  checks: CHECKS,
  async run (kit: Kit, found: Findings): Promise<void> {
    const run = pageRuns.get(kit.world)
    if (run === undefined) {
      for (const c of CHECKS) found.set(c, notApplicable('give --app-page URL'))
      return
    }
    const { driver, words } = run
    const browser = driver.browser
    const steps: Step[] = []
    // A step judged before it joins the list (reconnect) ends with the browser's list.
    const lines = (s: Step): string[] => browser.lines(s.seenFrom, steps.includes(s) ? steps[steps.indexOf(s) + 1]?.seenFrom : undefined)
    const set = (check: CheckDef, judged: Judged): void => {
      if (judged.outcome !== 'fail' || judged.shot === undefined) {
        const { shot: _shot, ...rest } = judged
        found.set(check, rest)
        return
      }
      let screenshot: string | undefined
      if (run.shots !== undefined) {
        mkdirSync(run.shots, { recursive: true })
        screenshot = join(run.shots, `${check.id}.png`)
        writeFileSync(screenshot, judged.shot)
      }
      found.set(check, { ...judged, evidence: { ...judged.evidence!, ...(screenshot === undefined ? {} : { screenshot }) } })
    }

    await driver.load()
    const seenWords = await sightings(driver, words)
    for (const kind of ['exit', 'error', 'success'] as const) {
      steps.push(await click(driver, kit.backend, kind))
      seenWords.push(...await sightings(driver, words))
    }
    set(PAGE.fresh, judgeFresh(steps, browser.seen, kit, lines))
    set(PAGE.ready, judgeReady(steps, lines))
    set(PAGE.exit, judgeReset(steps.find((s) => s.kind === 'exit'), 'onExit', lines))
    set(PAGE.error, judgeReset(steps.find((s) => s.kind === 'error'), 'onError', lines))
    set(PAGE.exchange, judgeExchange(steps.find((s) => s.kind === 'success'), browser.seen, kit, lines))
    // Then the connection's later life: it needs relinking, the end user reconnects, then removes it.
    const connected = await connectedBy(steps.find((s) => s.kind === 'success'), kit, driver)
    const reconnected = await reconnect(driver, kit, connected, lines)
    if (reconnected.step !== undefined) steps.push(reconnected.step)
    set(PAGE.reconnect, reconnected.judged)
    seenWords.push(...await sightings(driver, words))
    // Before the delete: the account token of the page's account is one of the secrets, even once it is gone.
    const secrets = await secretsOf(kit.world)
    set(PAGE.delete, await disconnect(driver, kit, connected))
    seenWords.push(...await sightings(driver, words))
    await browser.bodies()
    const widget = new URL(kit.world.url).origin
    const consoleWords = serviceWords(browser.console.filter((m) => !m.url.startsWith(widget) && !m.url.includes('cdn.merge.dev')).map((m) => ({ where: 'console', text: m.text })), words)
    // A console message has no place on the page: the failure still shows the page as the run ended.
    const consoleShot = consoleWords.length > 0 ? await driver.shot() : undefined
    const consoleHits = consoleWords.map((c) => ({ ...c, shot: consoleShot }))
    set(PAGE.wording, judgeWording([...seenWords, ...consoleHits], words))
    const stored = await driver.page.evaluate('[JSON.stringify(localStorage), JSON.stringify(sessionStorage), document.cookie]') as string[]
    const places = [
      ...browser.seen.flatMap((s) => [{ where: `the request ${seenLine(s)}`, text: `${s.url} ${s.body}` }, { where: `the answer to ${s.method} ${s.url}`, text: s.answer ?? '' }]),
      { where: 'local storage', text: stored[0] ?? '' }, { where: 'session storage', text: stored[1] ?? '' }, { where: 'the cookies the page can read', text: stored[2] ?? '' }
    ]
    set(PAGE.secrets, judgeSecrets(places, secrets, await driver.shot()))
    // The page's link flows end quiet before the run-wide judgements read the journal.
    const linked = steps.flatMap((s) => s.opened === undefined ? [] : [kit.world.linkToken(s.opened)?.accountId])
    for (const a of await kit.world.accounts()) {
      if (linked.includes(a.id)) await quietAccount(kit, { accountId: a.id, accountToken: a.account_token ?? '' }, 300, 5000)
    }
  }
}
