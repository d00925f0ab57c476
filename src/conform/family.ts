import type { Kit } from './kit.js'
import type { CheckDef, Finding } from './verdict.js'

/**
 * A family of checks: the checks one scenario at unimock decides. Families run in phases: `first` while the
 * backend holds nothing yet; `link` the first link flow (it proves the backend reaches unimock at all);
 * `guard` alone, while nothing else of the kit runs (what it provokes is all that can happen then);
 * `parallel` the rest at once, each on integrations of its own; `page` the integrator's page in a browser
 * (--app-page), its user's link flows meeting no other check's; `last` what is judged over the whole run.
 */
export type Phase = 'first' | 'link' | 'guard' | 'parallel' | 'page' | 'last'

export interface Family {
  readonly name: string
  readonly phase: Phase
  readonly checks: readonly CheckDef[]
  /**
   * Families whose scenario this one needs run before or beside it (the link flow's integration, the fetches
   * a run-wide judgement reads): run for `--only` as set-up, their checks not reported.
   */
  readonly needs?: readonly string[]
  run (kit: Kit, found: Findings): Promise<void>
  /**
   * Judged once the whole run is over and the backend quiet: evidence by content is read from the whole
   * journal, so a backend that acts late on what it was sent is caught all the same.
   */
  conclude? (kit: Kit, found: Findings): Promise<void>
}

/** The findings of a run, by check id; a family leaves the ones it could not reach unset. */
export class Findings {
  readonly #found = new Map<string, Finding>()
  readonly #onSet: (check: CheckDef, finding: Finding) => void
  readonly #log: () => readonly string[]

  /**
   * onSet: told of each finding as it is first set (the run record); log: the backend's last lines of output,
   * kept with a failure as it is found.
   */
  constructor (onSet: (check: CheckDef, finding: Finding) => void = () => {}, log: () => readonly string[] = () => []) {
    this.#onSet = onSet
    this.#log = log
  }

  set (check: CheckDef, found: Finding): void {
    if (this.#found.has(check.id)) return
    const lines = found.outcome === 'fail' ? this.#log() : []
    const finding = lines.length === 0 || found.evidence === undefined ? found : { ...found, evidence: { ...found.evidence, log: lines } }
    this.#found.set(check.id, finding)
    this.#onSet(check, finding)
  }

  get (id: string): Finding | undefined {
    return this.#found.get(id)
  }

  has (id: string): boolean {
    return this.#found.has(id)
  }
}
