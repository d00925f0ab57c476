import type { UnimockApp } from '../app.js'
import type { Clock } from '../core/clock.js'
import { KIT_MARK } from './page-recorder.js'
import type { CheckDef, Finding } from './verdict.js'

/**
 * The run as the kit's unimock shows it (GET /_unimock/conformance, the dashboard's Conformance view): each
 * check as it starts and concludes, with the journal's last entry id at both, so the requests the backend
 * made in between are the check's.
 */
export class RunRecord {
  readonly #app: UnimockApp
  readonly #tenantId: number
  readonly #clock: Clock

  constructor (app: UnimockApp, apiKey: string, clock: Clock) {
    this.#app = app
    this.#tenantId = app.unified.tenants.authenticate(`Bearer ${apiKey}`).id
    this.#clock = clock
  }

  get #lastId (): number { return this.#app.unified.journal.lastId }

  begin (): void { this.#app.conformance.begin(this.#tenantId, this.#clock.now(), KIT_MARK) }

  start (checks: readonly CheckDef[]): void {
    for (const c of checks) this.#app.conformance.start(this.#tenantId, c, this.#lastId)
  }

  /** A check's verdict; a failed page check's screenshot goes with it, for the Conformance view to show. */
  conclude (check: CheckDef, finding: Finding): void {
    const { outcome, detail, evidence, shot } = finding
    this.#app.conformance.conclude(this.#tenantId, check, { outcome, detail, ...(evidence === undefined ? {} : { evidence }), ...(shot === undefined ? {} : { shot }) }, this.#lastId)
  }

  finish (status: 0 | 1 | 2, error: string | undefined): void {
    this.#app.conformance.finish(this.#tenantId, this.#clock.now(), status, error)
  }
}
