/**
 * What a check concludes about one rule: pass, fail (with the evidence: the backend's requests to unimock,
 * its answers to the kit, and what the rule expected), or not applicable (with the reason, never counted as
 * passed). The exit status follows from the verdicts: 0 when none failed, 1 when one did.
 */

export type Outcome = 'pass' | 'fail' | 'n/a'

export interface Evidence {
  /** What the rule expected, in a sentence. */
  readonly expected: string
  /** What the kit saw instead. */
  readonly got: string
  /** The backend's requests to unimock behind the verdict, one line each (from the request journal). */
  readonly requests?: readonly string[]
  /** The backend's answers to the kit behind the verdict, one line each. */
  readonly answers?: readonly string[]
  /** The backend's own last lines of output when the verdict was reached (with --app-command). */
  readonly log?: readonly string[]
  /** A page check's failure: the file its screenshot of the moment was written to (with --junit, or the page-shots folder). */
  readonly screenshot?: string
}

export interface CheckDef {
  /** Stable id, `family.rule`, e.g. link.origin-id-reused. */
  readonly id: string
  /** The spec's rule it checks: section and rule, in words. */
  readonly rule: string
}

export interface Verdict extends CheckDef {
  readonly outcome: Outcome
  /** One line: what was seen (pass), what went wrong (fail), why it could not be checked (n/a). */
  readonly detail: string
  /** Set on a failure. */
  readonly evidence?: Evidence
  /**
   * A page check's failure: the page as the verdict was reached, PNG. Only the run record keeps it (the
   * dashboard's Conformance view shows it); reports name evidence.screenshot, the file, instead.
   */
  readonly shot?: Buffer
}

/** A check's conclusion before it is tied to its definition. */
export type Finding = Omit<Verdict, keyof CheckDef>

export const pass = (detail: string): Finding => ({ outcome: 'pass', detail })
export const notApplicable = (reason: string): Finding => ({ outcome: 'n/a', detail: reason })
export function fail (detail: string, evidence: Evidence): Finding {
  return { outcome: 'fail', detail, evidence }
}

/** 0: every check passed or was not applicable; 1: a check failed. (2, the kit could not run, is no verdict.) */
export function exitStatus (verdicts: readonly Verdict[]): 0 | 1 {
  return verdicts.some((v) => v.outcome === 'fail') ? 1 : 0
}

export interface Tally {
  readonly pass: number
  readonly fail: number
  readonly na: number
}

export function tally (verdicts: readonly Verdict[]): Tally {
  return {
    pass: verdicts.filter((v) => v.outcome === 'pass').length,
    fail: verdicts.filter((v) => v.outcome === 'fail').length,
    na: verdicts.filter((v) => v.outcome === 'n/a').length
  }
}
