import type { AccountFences } from '../../../core/account-fences.js'
import { isVirtual } from '../../../core/virtual-clock.js'
import type { TenantClock } from '../../../core/tenant-clocks.js'
import { appError } from '../../../core/errors.js'
import type { Ids } from '../../../core/ids.js'
import type { JobKind, Scheduler } from '../../../jobs/scheduler.js'
import { StepActions, StepFailure } from './actions.js'
import { StepChecks } from './checks.js'
import type { LoadedScenario } from './loader.js'
import type { ScenarioPort } from './port.js'
import type { Run, StepResult } from './run.js'

interface StepJob { readonly run: string, readonly step: number }
interface FinishJob { readonly run: string }
const stepKey = (run: string, step: number): string => `scenario.step:${run}:${step}`
const finishKey = (run: string): string => `scenario.finish:${run}`

/** Runs kept per tenant; the oldest finished ones go first. */
const KEPT_RUNS = 50

export interface ScenarioRunnerDeps {
  readonly clock: TenantClock
  readonly scheduler: Scheduler
  readonly port: ScenarioPort
  /** Fresh ids at start and after a reset: run ids replay with the seed. */
  readonly ids: () => Ids
  readonly log: { error(obj: object, msg: string): void }
  readonly rescheduleSyncs: (tenantId: number, now: number) => void
  readonly fences: AccountFences
}

/**
 * Plays scenarios: each step is a job on the one scheduler, due at the run's start plus the step's `at`, so
 * steps interleave with syncs and webhook attempts in time order. On the virtual clock `drive` moves time to
 * the run's end, running everything that falls due on the way; on the real clock the steps play as time
 * passes (compressed by --time-scale). A run is kept in memory only: its API key is never stored, so after a
 * restart the remaining step jobs find no run and do nothing.
 */
export class ScenarioRunner {
  readonly #d: ScenarioRunnerDeps
  readonly #actions: StepActions
  readonly #checks: StepChecks
  readonly #runs = new Map<string, Run>()
  readonly #step: JobKind<StepJob>
  readonly #finishJob: JobKind<FinishJob>
  #ids: Ids

  constructor (deps: ScenarioRunnerDeps) {
    this.#d = deps
    this.#ids = deps.ids()
    this.#actions = new StepActions(deps.port, deps.fences)
    this.#checks = new StepChecks(deps.port, deps.clock)
    this.#step = deps.scheduler.define<StepJob>('scenario.step', ({ run, step }) => ({ after: () => this.#runStep(run, step) }), ({ run, step }, reason) => this.#failed(run, step, reason))
    this.#finishJob = deps.scheduler.define<FinishJob>('scenario.finish', ({ run }) => ({ after: () => this.#finish(run) }), ({ run }, reason) => this.#failed(run, null, reason))
  }

  reset (): void {
    this.#runs.clear()
    this.#ids = this.#d.ids()
  }

  /** A reset of one key's world: its runs go (their jobs went with the tenant's). */
  forgetTenant (tenantId: number): void {
    for (const [id, run] of this.#runs) {
      if (run.tenantId !== tenantId) continue
      this.#runs.delete(id)
      this.#d.fences.release(id)
    }
  }

  /** Schedules every step of the scenario from now on; `authorization` is the API key the run acts with. */
  start (tenantId: number, authorization: string, loaded: LoadedScenario, source: string): Run {
    const now = this.#d.clock.now()
    const id = this.#ids.uuid()
    const steps: StepResult[] = loaded.scenario.steps.map((step, i) => ({
      step: i + 1,
      at: step.at,
      dueAt: now + loaded.offsets[i]!,
      action: StepActions.actionOf(step),
      note: step.note ?? null,
      state: 'pending',
      ranAt: null,
      detail: null,
      checks: [],
      responses: null,
      lastAnswer: null
    }))
    const changes = { syncInterval: null, webhookTargets: [], webhookFaults: [], serviceFaults: [], writePresets: [] }
    const run: Run = { id, tenantId, source, loaded, authorization, startedAt: now, endsAt: now + loaded.endOffset, state: 'running', finishedAt: null, accounts: new Map(), steps, changes }
    this.#keep(run)
    const interval = loaded.scenario.settings?.sync_interval
    if (interval !== undefined) {
      // A setting, not a step: it holds from the run's first instant, before step 1.
      steps.unshift({ step: 0, at: '0s', dueAt: now, action: 'sync_interval', note: 'settings.sync_interval', state: 'pending', ranAt: null, detail: null, checks: [], responses: null, lastAnswer: null })
    }
    steps.forEach((s, i) => { this.#d.scheduler.schedule(this.#step, tenantId, s.dueAt, { run: id, step: i }, stepKey(id, i)) })
    this.#d.scheduler.schedule(this.#finishJob, tenantId, run.endsAt, { run: id }, finishKey(id))
    return run
  }

  /** Virtual clock: plays the run to its end now (everything else due meanwhile runs too, in time order). */
  async drive (run: Run): Promise<void> {
    // The run's key's own clock: driving a run moves no other key's time.
    const clock = this.#d.clock.of(run.tenantId)
    if (!isVirtual(clock)) return
    // A run that ends at its start (every step at 0s) still has its steps and its end due now. The target is
    // taken when the advance starts: one queued before it may have passed the run's end already.
    await clock.advanceToAtLeast(run.endsAt)
  }

  /**
   * Virtual clock: resolves once the key's clock has finished the advances under way (its own and the
   * server's), as a queued advance would start. A run starts then, not in the middle of someone's advance.
   */
  async waitForClock (tenantId: number): Promise<void> {
    const clock = this.#d.clock.of(tenantId)
    if (isVirtual(clock)) await clock.flush()
  }

  get (tenantId: number, id: string): Run {
    const run = this.#runs.get(id)
    if (run === undefined || run.tenantId !== tenantId) throw appError('SCENARIO_RUN_NOT_FOUND', { id })
    return run
  }

  runs (tenantId: number): Run[] {
    return [...this.#runs.values()].filter((r) => r.tenantId === tenantId)
  }

  async #runStep (runId: string, index: number): Promise<void> {
    const run = this.#runs.get(runId)
    if (run === undefined || run.state !== 'running') return
    const result = run.steps[index]!
    const step = result.step === 0
      ? { at: '0s', sync_interval: run.loaded.scenario.settings!.sync_interval }
      : run.loaded.scenario.steps[result.step - 1]!
    result.ranAt = this.#d.clock.now()
    try {
      await this.#actions.perform(run, step, result)
      for (const e of step.expect ?? []) result.checks.push(await this.#checks.check(run, e, result))
      result.state = result.checks.every((c) => c.ok) ? 'done' : 'failed'
    } catch (error) {
      result.state = 'error'
      result.detail = error instanceof StepFailure ? error.message : `unexpected: ${String(error)}`
      if (!(error instanceof StepFailure)) this.#d.log.error({ err: error, run: runId, step: result.step }, 'scenario step failed')
      this.#stop(run)
      await this.#restore(run)
    }
  }

  /** A job of the run threw: the run ends in error (the reason on its step, for a step's job) and restores. */
  #failed (runId: string, index: number | null, reason: string): { after?: () => Promise<void> } {
    const run = this.#runs.get(runId)
    if (run === undefined || run.state !== 'running') return {}
    const result = index === null ? undefined : run.steps[index]
    if (result !== undefined) {
      result.state = 'error'
      result.detail = `unexpected: ${reason}`
    }
    this.#stop(run)
    return { after: () => this.#restore(run) }
  }

  /** A step's action failed: the rest cannot mean what the file says, so it is skipped. */
  #stop (run: Run): void {
    run.steps.forEach((s, i) => {
      if (s.state !== 'pending') return
      s.state = 'skipped'
      this.#d.scheduler.cancel(stepKey(run.id, i))
    })
    this.#d.scheduler.cancel(finishKey(run.id))
    run.state = 'error'
    run.finishedAt = this.#d.clock.now()
  }

  async #finish (runId: string): Promise<void> {
    const run = this.#runs.get(runId)
    if (run === undefined || run.state !== 'running') return
    run.state = run.steps.every((s) => s.state === 'done') ? 'passed' : 'failed'
    run.finishedAt = this.#d.clock.now()
    await this.#restore(run)
  }

  /** A run leaves the API key as it found it, but for its own accounts (a failure here is logged, not raised). */
  async #restore (run: Run): Promise<void> {
    try {
      // The interval a run set placed the key's next syncs; setting it back moves them, not only later ones.
      if (await this.#actions.restore(run)) this.#d.rescheduleSyncs(run.tenantId, this.#d.clock.of(run.tenantId).now())
      // Its rows are gone; one it could not remove stays fenced to its accounts.
      this.#d.fences.release(run.id)
    } catch (error) {
      this.#d.log.error({ err: error, run: run.id }, 'scenario run could not restore what it changed')
    }
  }

  #keep (run: Run): void {
    this.#runs.set(run.id, run)
    const mine = this.runs(run.tenantId)
    for (const old of mine.slice(0, Math.max(0, mine.length - KEPT_RUNS))) if (old.state !== 'running') this.#runs.delete(old.id)
  }
}
