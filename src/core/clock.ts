/**
 * The one owner of time. Everything that reads the time, schedules work or waits goes through a Clock,
 * so a test (or a scenario) can swap in the virtual clock (virtual-clock.ts) and move time deterministically.
 * This file is also the one place that reads wall time or sets a timer: the real clock, wallDelay, and the
 * two wall-time reads the virtual clock makes to slice its work (wallNow, yieldToEventLoop).
 */

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

/** Milliseconds since the epoch on the wall, whatever clock the app runs on: for how long work takes in real time. */
export const wallNow = (): number => Date.now()

/** Resolves once the event loop has served what was waiting (I/O, other requests). */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => { setImmediate(resolve) })


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
