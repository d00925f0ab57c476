import { type Clock, type ClockMode, type TimerCallback, type TimerHandle, wallNow, yieldToEventLoop } from './clock.js'
import { iso } from './iso.js'

/** The longest single advance: the work a jump causes grows with it, and Date's range ends in year 275760. */
export const MAX_ADVANCE_YEARS = 100
const MAX_ADVANCE_MS = MAX_ADVANCE_YEARS * 365.25 * 86_400_000
/** The last instant an ISO 8601 timestamp of four-digit years can show. */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z')

/** An advance past the horizon (MAX_ADVANCE_YEARS, or past LAST_INSTANT): refused, the clock unmoved. */
export class ClockHorizonError extends Error {}

export class ClockBackwardsError extends Error {}

interface VirtualTimer {
  /** In the time of the clock that set it. */
  at: number
  seq: number
  fn: TimerCallback
  cancelled: boolean
}

/** Shared by a clock and its children: one sequence for ties. */
interface Family {
  seq: number
}

/**
 * How long an advance runs its timers before it lets the event loop serve other requests: the work of a long
 * jump runs in slices, so nobody else's request waits much more than this behind it (#19).
 */
const SLICE_MS = 10

/**
 * Time moves only when told. `advanceTo` runs every timer that falls due, earliest first (ties in the order
 * they were set), awaiting each, including timers set by those callbacks while inside the window; then it
 * sets the time to the target and returns.
 *
 * A clock may have children (`child()`): each API key's own time. A child reads its parent's time plus its own
 * offset, so advancing the parent moves every child along (running their timers too, in time order with the
 * parent's), while advancing a child moves it alone. A clock's own advances queue one after another; different
 * children advance at once (each touches its own timers only), and a parent's advance waits for its children's
 * under way and holds back theirs until it is done.
 */
export class VirtualClock implements Clock {
  readonly mode: ClockMode = 'virtual'
  /** The root's instant; a child's offset from its parent. */
  #now: number
  readonly #start: number
  readonly #parent: VirtualClock | undefined
  readonly #family: Family
  readonly #children = new Set<VirtualClock>()
  #timers: VirtualTimer[] = []
  /** This clock's advances, chained: each starts where the one before it ended. */
  #advancing: Promise<void> = Promise.resolve()
  #moved: (now: number) => void = () => {}

  constructor (start: number, parent?: VirtualClock) {
    this.#parent = parent
    this.#family = parent === undefined ? { seq: 0 } : parent.#family
    this.#now = parent === undefined ? start : start - parent.now()
    this.#start = start
  }

  get start (): number { return this.#start }

  now (): number { return this.#parent === undefined ? this.#now : this.#parent.now() + this.#now }

  /** A clock that starts at this one's instant and moves with it, and alone when advanced itself. */
  child (): VirtualClock {
    if (this.#parent !== undefined) throw new Error('a child clock has no children')
    const child = new VirtualClock(this.now(), this)
    this.#children.add(child)
    return child
  }

  /** Detaches a child: its timers never run again. */
  drop (child: VirtualClock): void {
    child.clearAll()
    this.#children.delete(child)
  }

  at (at: number, fn: TimerCallback): TimerHandle {
    const timer: VirtualTimer = { at, seq: this.#family.seq++, fn, cancelled: false }
    this.#timers.push(timer)
    return { at, cancel: () => { timer.cancelled = true } }
  }

  sleep (ms: number): Promise<void> {
    return new Promise((resolve) => { this.at(this.now() + ms, resolve) })
  }

  clearAll (): void {
    for (const t of this.#timers) t.cancelled = true
    this.#timers = []
  }

  hold (work: Promise<void>): Promise<void> {
    return work
  }

  /** Told the instant reached after each advance (app.ts keeps it in the database). */
  onMoved (listener: (now: number) => void): void {
    this.#moved = listener
  }

  /** Back to the start instant with no timers, and no children: used by reset. */
  rewind (): void {
    this.clearAll()
    for (const child of this.#children) child.clearAll()
    this.#children.clear()
    this.#moveTo(this.#start)
  }

  /** Concurrent advances add up: each moves on from where the one before it ended. */
  advanceBy (ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) {
      return Promise.reject(new ClockBackwardsError(`cannot advance by ${ms} ms: the virtual clock only moves forward`))
    }
    return this.#advance(() => this.now() + ms)
  }

  /** Concurrent calls are queued, so two advances never interleave their timers. */
  advanceTo (target: number): Promise<number> {
    return this.#advance(() => target)
  }

  /**
   * To `target`, or nowhere if an advance queued before it has already gone past: for work that must reach an
   * instant (a scenario run's end) and does not mind being overtaken.
   */
  advanceToAtLeast (target: number): Promise<number> {
    return this.#advance(() => Math.max(this.now(), target))
  }

  #advance (targetOf: () => number): Promise<number> {
    const parent = this.#parent
    // A child waits for its own advances and its parent's; a parent for its own and every child's under way.
    const before = parent === undefined
      ? Promise.all([this.#advancing, ...[...this.#children].map((c) => c.#advancing)])
      : Promise.all([this.#advancing, parent.#advancing])
    const run = before.then(async () => {
      const target = targetOf()
      const now = this.now()
      if (target < now) {
        throw new ClockBackwardsError(
          `cannot move the virtual clock back from ${iso(now)} to ${iso(target)}`)
      }
      if (target - now > MAX_ADVANCE_MS || target > LAST_INSTANT || this.#furthestChild() + (target - now) > LAST_INSTANT) {
        throw new ClockHorizonError(`the virtual clock moves at most ${MAX_ADVANCE_YEARS} years at a time and not past ${iso(LAST_INSTANT)}; it stands at ${iso(now)}`)
      }
      let lastYield = wallNow()
      for (;;) {
        const next = this.#nextDue(target)
        if (next === undefined) break
        next.owner.#timers.splice(next.owner.#timers.indexOf(next.timer), 1)
        // The timer's instant in this clock's time (a child's timer, seen from its parent, minus its offset).
        this.#moveTo(Math.max(this.now(), next.owner === this ? next.timer.at : next.timer.at - next.owner.#now))
        await next.timer.fn()
        if (wallNow() - lastYield >= SLICE_MS) {
          await yieldToEventLoop()
          lastYield = wallNow()
        }
      }
      this.#moveTo(target)
      this.#moved(target)
      for (const child of this.#children) child.#moved(child.now())
      return target
    })
    this.#advancing = run.then(() => {}, () => {})
    return run
  }

  #moveTo (instant: number): void {
    this.#now = this.#parent === undefined ? instant : instant - this.#parent.now()
  }

  /** The latest instant of any child: a parent's advance moves them all by as much. */
  #furthestChild (): number {
    let furthest = -Infinity
    for (const child of this.#children) furthest = Math.max(furthest, child.now())
    return furthest
  }

  /** Runs whatever is already due at the current instant (timers set "for now"). */
  flush (): Promise<number> {
    return this.#advance(() => this.now())
  }

  /** The earliest timer due by `target` (this clock's time) among this clock's and its children's. */
  #nextDue (target: number): { owner: VirtualClock, timer: VirtualTimer } | undefined {
    let best: { owner: VirtualClock, timer: VirtualTimer, at: number } | undefined
    const consider = (owner: VirtualClock, shift: number): void => {
      owner.#timers = owner.#timers.filter((t) => !t.cancelled)
      for (const t of owner.#timers) {
        const at = t.at - shift
        if (at > target) continue
        if (best === undefined || at < best.at || (at === best.at && t.seq < best.timer.seq)) best = { owner, timer: t, at }
      }
    }
    consider(this, 0)
    for (const child of this.#children) consider(child, child.#now)
    return best
  }

  pendingTimers (): number {
    let n = this.#timers.filter((t) => !t.cancelled).length
    for (const child of this.#children) n += child.pendingTimers()
    return n
  }
}

export function isVirtual (clock: Clock): clock is VirtualClock {
  return clock instanceof VirtualClock
}
