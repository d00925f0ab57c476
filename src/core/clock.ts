/**
 * The one owner of time. Everything that reads the time, schedules work or waits goes through a Clock,
 * so a test (or a scenario) can swap in the virtual clock and move time deterministically.
 */

import { iso } from './iso.js'

export type ClockMode = 'real' | 'virtual'

export type TimerCallback = () => void | Promise<void>

export interface TimerHandle {
  readonly at: number
  cancel(): void
}

export interface Clock {
  readonly mode: ClockMode
  /** Milliseconds since the Unix epoch. */
  now(): number
  /** Runs `fn` once the clock reaches `at` (epoch ms). A time in the past runs as soon as possible. */
  at(at: number, fn: TimerCallback): TimerHandle
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>
  /** Cancels every pending timer; used by reset and shutdown. */
  clearAll(): void
  /**
   * Work that belongs to the current instant (webhook deliveries falling due now). Returns what a timer
   * callback should await: on the virtual clock the work itself, so time moves on only once it is done and
   * an advance returns after everything due in its window; on the real clock nothing, since real time
   * does not wait and other due work must not queue behind a slow receiver.
   */
  hold(work: Promise<void>): Promise<void>
}

/** The longest single advance: the work a jump causes grows with it, and Date's range ends in year 275760. */
export const MAX_ADVANCE_YEARS = 100
const MAX_ADVANCE_MS = MAX_ADVANCE_YEARS * 365.25 * 86_400_000
/** The last instant an ISO 8601 timestamp of four-digit years can show. */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z')

/** An advance past the horizon (MAX_ADVANCE_YEARS, or past LAST_INSTANT): refused, the clock unmoved. */
export class ClockHorizonError extends Error {}

export class ClockBackwardsError extends Error {}

// setTimeout overflows above 2^31-1 ms (about 24.8 days); longer waits re-arm in chunks.
const MAX_TIMEOUT = 2 ** 31 - 1

export class SystemClock implements Clock {
  readonly mode: ClockMode = 'real'
  readonly #timers = new Set<NodeJS.Timeout>()
  readonly #scale: number
  readonly #origin: number

  /** `scale` > 1 compresses time for live demos: scale 60 plays an hour in a minute. */
  constructor (scale = 1) {
    this.#scale = scale
    this.#origin = Date.now()
  }

  now (): number {
    const real = Date.now()
    return this.#scale === 1 ? real : this.#origin + (real - this.#origin) * this.#scale
  }

  at (at: number, fn: TimerCallback): TimerHandle {
    let handle: NodeJS.Timeout | undefined
    let cancelled = false
    const arm = (): void => {
      const wait = Math.max(0, (at - this.now()) / this.#scale)
      handle = setTimeout(() => {
        this.#timers.delete(handle!)
        if (cancelled) return
        if (this.now() < at) { arm(); return }
        void Promise.resolve().then(fn).catch(() => {})
      }, Math.min(wait, MAX_TIMEOUT))
      // Timers must not keep a closing process alive; the server's socket does that.
      handle.unref()
      this.#timers.add(handle)
    }
    arm()
    return {
      at,
      cancel: () => {
        cancelled = true
        if (handle !== undefined) { clearTimeout(handle); this.#timers.delete(handle) }
      }
    }
  }

  sleep (ms: number): Promise<void> {
    return new Promise((resolve) => { this.at(this.now() + ms, resolve) })
  }

  clearAll (): void {
    for (const t of this.#timers) clearTimeout(t)
    this.#timers.clear()
  }

  hold (_work: Promise<void>): Promise<void> {
    return Promise.resolve()
  }
}

interface VirtualTimer {
  at: number
  seq: number
  fn: TimerCallback
  cancelled: boolean
}

/**
 * Time moves only when told. `advanceTo` runs every timer that falls due, earliest first (ties in the order
 * they were set), awaiting each, including timers set by those callbacks while inside the window; then it
 * sets the time to the target and returns.
 */
export class VirtualClock implements Clock {
  readonly mode: ClockMode = 'virtual'
  #now: number
  readonly #start: number
  #seq = 0
  #timers: VirtualTimer[] = []
  #advancing: Promise<void> = Promise.resolve()
  #moved: (now: number) => void = () => {}

  constructor (start: number) {
    this.#now = start
    this.#start = start
  }

  get start (): number { return this.#start }

  now (): number { return this.#now }

  at (at: number, fn: TimerCallback): TimerHandle {
    const timer: VirtualTimer = { at, seq: this.#seq++, fn, cancelled: false }
    this.#timers.push(timer)
    return { at, cancel: () => { timer.cancelled = true } }
  }

  sleep (ms: number): Promise<void> {
    return new Promise((resolve) => { this.at(this.#now + ms, resolve) })
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

  /** Back to the start instant with no timers: used by reset. */
  rewind (): void {
    this.clearAll()
    this.#now = this.#start
  }

  /** Concurrent advances add up: each moves on from where the one before it ended. */
  advanceBy (ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) {
      return Promise.reject(new ClockBackwardsError(`cannot advance by ${ms} ms: the virtual clock only moves forward`))
    }
    return this.#advance(() => this.#now + ms)
  }

  /** Concurrent calls are queued, so two advances never interleave their timers. */
  advanceTo (target: number): Promise<number> {
    return this.#advance(() => target)
  }

  #advance (targetOf: () => number): Promise<number> {
    const run = this.#advancing.then(async () => {
      const target = targetOf()
      if (target < this.#now) {
        throw new ClockBackwardsError(
          `cannot move the virtual clock back from ${iso(this.#now)} to ${iso(target)}`)
      }
      if (target - this.#now > MAX_ADVANCE_MS || target > LAST_INSTANT) {
        throw new ClockHorizonError(`the virtual clock moves at most ${MAX_ADVANCE_YEARS} years at a time and not past ${iso(LAST_INSTANT)}; it stands at ${iso(this.#now)}`)
      }
      for (;;) {
        const next = this.#nextDue(target)
        if (next === undefined) break
        this.#timers.splice(this.#timers.indexOf(next), 1)
        this.#now = Math.max(this.#now, next.at)
        await next.fn()
      }
      this.#now = target
      this.#moved(target)
      return target
    })
    this.#advancing = run.then(() => {}, () => {})
    return run
  }

  /** Runs whatever is already due at the current instant (timers set "for now"). */
  flush (): Promise<number> {
    return this.advanceTo(this.#now)
  }

  #nextDue (target: number): VirtualTimer | undefined {
    let best: VirtualTimer | undefined
    this.#timers = this.#timers.filter((t) => !t.cancelled)
    for (const t of this.#timers) {
      if (t.at > target) continue
      if (best === undefined || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t
    }
    return best
  }

  pendingTimers (): number {
    return this.#timers.filter((t) => !t.cancelled).length
  }
}

export function isVirtual (clock: Clock): clock is VirtualClock {
  return clock instanceof VirtualClock
}

/**
 * Waits `ms` of WALL time, whatever clock the app runs on; rejects with the signal's reason once aborted.
 * Only for what a client measures on its own socket (a latency fault): the client's timeout runs on real
 * time, so a virtual clock must neither skip the wait nor stretch it, and a time-scaled clock must not
 * shorten it. Simulated work never waits here: it goes through Clock.
 */
export function wallDelay (ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) { reject(signal.reason); return }
    const onAbort = (): void => { clearTimeout(timer); reject(signal!.reason) }
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve() }, ms)
    // A held response must not keep a closing process alive; the server's socket does that while it is open.
    timer.unref()
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
