import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SystemClock, type Clock } from '../core/clock.js'
import { ControlError } from '../control-client.js'
import { CATEGORIES } from '../integration/base/catalogue/categories.js'
import { AppProcess } from './app-process.js'
import { answerLine, Backend } from './backend.js'
import { CHECKS, familiesFor } from './check-table.js'
import { BackendFault, KitError, WaitExpired } from './errors.js'
import { Findings, type Family, type Phase } from './family.js'
import { Journal } from './journal.js'
import type { Kit } from './kit.js'
import { LinkFlows, NotDrivable } from './link-flow.js'
import { Marks } from './marks.js'
import { settingsOf, type AppEnvValue, type ConformOptions } from './options.js'
import { PageDriver } from './page/driver.js'
import { pageRuns } from './page/family.js'
import { pageSettingsOf } from './page/options.js'
import { preflight, routesExist, waitForBackend } from './preflight.js'
import { exitStatus, fail, notApplicable, type Verdict } from './verdict.js'
import { quietAccount } from './waits.js'
import { World } from './world.js'

export type { ConformOptions } from './options.js'
export type { Verdict, Outcome, Evidence } from './verdict.js'
export { CHECKS } from './check-table.js'

export interface ConformResult {
  /** 0 every check passed (or was not applicable), 1 a check failed, 2 the kit could not run. */
  readonly status: 0 | 1 | 2
  readonly verdicts: readonly Verdict[]
  /** Why the kit could not run (status 2). */
  readonly error?: string
  /** The file that holds the backend's output, when the kit started it (--app-command). */
  readonly appLog?: string
  readonly ms: number
}

const PHASES: readonly Phase[] = ['first', 'link', 'guard', 'parallel', 'page', 'last']

/** A family's failure, for its checks still without a finding: not drivable (n/a), the backend's fault (fail), or the kit's own. */
function settle (family: Family, found: Findings, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  const known = error instanceof BackendFault || error instanceof WaitExpired || error instanceof ControlError || error instanceof NotDrivable
  for (const check of family.checks) {
    if (error instanceof NotDrivable) found.set(check, notApplicable(message))
    else found.set(check, fail(known ? message : `the kit failed: ${message}`, { expected: 'the scenario of the check to run to its end', got: message }))
  }
  return !known
}

async function runFamilies (kit: Kit, families: readonly Family[], found: Findings, reported: (id: string) => boolean): Promise<boolean> {
  let kitFailed = false
  for (const phase of PHASES) {
    const now = families.filter((f) => f.phase === phase)
    for (const f of now) kit.world.record.start(f.checks.filter((c) => reported(c.id)))
    const settled = await Promise.allSettled(now.map(async (f) => { await f.run(kit, found) }))
    settled.forEach((r, i) => {
      if (r.status === 'rejected') kitFailed = settle(now[i]!, found, r.reason) || kitFailed
    })
    if (phase === 'link' && now.length > 0) await requireReach(kit)
    if (phase === 'parallel') await settleRun(kit)
  }
  const concluding = families.filter((f) => f.conclude !== undefined)
  const concluded = await Promise.allSettled(concluding.map(async (f) => { await f.conclude!(kit, found) }))
  concluded.forEach((r, i) => {
    if (r.status === 'rejected') kitFailed = settle(concluding[i]!, found, r.reason) || kitFailed
  })
  return kitFailed
}

/** Before the run is judged: every account quiet (no request under way, no delivery unanswered, nothing new for a moment). */
async function settleRun (kit: Kit): Promise<void> {
  await Promise.all((await kit.world.accounts()).map(async (a) => { await quietAccount(kit, { accountId: a.id, accountToken: a.account_token ?? '' }, 300, 5000) }))
}

/** After the first link flow: a backend that never called unimock cannot be checked at all. */
async function requireReach (kit: Kit): Promise<void> {
  if ((await kit.journal.entries()).length > 0) return
  const last = kit.backend.answers.at(-1)
  throw new KitError(`the backend never called unimock: expected its requests at ${kit.world.url} with API key ${kit.world.apiKey} (UNIMOCK_URL and UNIMOCK_API_KEY); got none${last === undefined ? '' : `, and ${answerLine(last)}`}`)
}


/**
 * `unimock conform` as a function: starts its own unimock, starts the backend (or waits for it), runs the
 * checks and returns a verdict per check. Never throws for the backend's sake: a backend the kit cannot run
 * against gives status 2 and the reason.
 */
export async function conform (options: ConformOptions): Promise<ConformResult> {
  const clock: Clock = options.clock ?? new SystemClock()
  const started = clock.now()
  const print = options.print ?? (() => {})
  let world: World | undefined
  let app: AppProcess | undefined
  let page: PageDriver | undefined
  const done = (status: 0 | 1 | 2, verdicts: readonly Verdict[], error?: string): ConformResult =>
    ({ status, verdicts, ...(error === undefined ? {} : { error }), ...(app === undefined ? {} : { appLog: app.logFile }), ms: clock.now() - started })
  try {
    const s = settingsOf(options, CHECKS.map((c) => c.id))
    const pageSettings = pageSettingsOf(options)
    world = await World.start({ port: s.port, apiKey: s.apiKey, webhookKey: s.webhookKey, timeoutMs: s.timeoutMs }, clock)
    const backend = new Backend({ appUrl: s.appUrl, prefix: s.prefix, routes: s.routes, timeoutMs: s.timeoutMs }, clock)
    const webhookUrl = (category: string): string => backend.url(backend.webhookPath(category))
    for (const category of CATEGORIES) await world.retarget(category, webhookUrl(category))
    const values: Record<AppEnvValue, string> = { url: world.url, 'api-url': `${world.url}/api`, 'api-key': world.apiKey, 'webhook-key': world.webhookKey, port: String(s.appPort) }
    const env = {
      UNIMOCK_URL: values.url, UNIMOCK_API_KEY: values['api-key'], UNIMOCK_WEBHOOK_KEY: values['webhook-key'], PORT: values.port,
      ...Object.fromEntries(s.appEnv.map(([name, value]) => [name, values[value]]))
    }
    if (s.appCommand !== undefined) {
      app = AppProcess.start(s.appCommand, env, clock, s.appLog ?? join(mkdtempSync(join(tmpdir(), 'unimock-conform-')), 'backend.log'))
    } else {
      print(`unimock listens on ${world.url}; start the backend with:`)
      for (const [name, value] of Object.entries(env)) print(`  ${name}=${value}`)
    }
    preflight(s, await waitForBackend(backend, s, clock, app))
    await routesExist(backend, s)
    // The page is loaded before any check runs: a page that does not load, log in or show its control stops the run (exit 2).
    if (pageSettings !== undefined && (s.only === undefined || [...s.only].some((id) => id.startsWith('page.')))) {
      page = await PageDriver.open(world.url, pageSettings)
      pageRuns.set(world, { driver: page, words: pageSettings.words, shots: pageSettings.shots })
    }
    const kit: Kit = { clock, world, journal: new Journal(world.control), backend, users: s.users, links: new LinkFlows(backend, world, s.users), webhookUrl, marks: new Marks(clock), pollMs: s.pollMs }
    const families = familiesFor(s.only)
    const reported = (id: string): boolean => s.only === undefined || s.only.has(id)
    world.record.begin()
    const found = new Findings((check, finding) => { if (reported(check.id)) world?.record.conclude(check, finding) }, () => app?.lastLines(10) ?? [])
    const kitFailed = await runFamilies(kit, families, found, reported)
    const verdicts = CHECKS.filter((c) => families.some((f) => f.checks.includes(c)) && reported(c.id))
      .map((c) => ({ ...c, ...(found.get(c.id) ?? notApplicable('its family ended before it')) }))
    for (const v of verdicts) world.record.conclude(v, v)
    const result = done(kitFailed ? 2 : exitStatus(verdicts), verdicts, kitFailed ? 'the kit failed during a check (see its line)' : undefined)
    world.record.finish(result.status, result.error)
    return result
  } catch (error) {
    if (error instanceof KitError) return done(2, [], error.message)
    throw error
  } finally {
    await page?.close()
    await app?.stop()
    await world?.close()
  }
}
