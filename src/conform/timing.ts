import type { Clock } from '../core/clock.js'
import { WaitExpired } from './errors.js'

/**
 * Bounded waits on the kit's clock (the real one: the backend's timers run on real time). Nothing here
 * waits without a bound: every poll gives up with a sentence saying what it waited for.
 */

/** An AbortSignal that fires after `ms`; `done()` cancels it once the call it bounds has ended. */
export function deadline (clock: Clock, ms: number, what: string): { readonly signal: AbortSignal, done(): void } {
  const controller = new AbortController()
  const timer = clock.at(clock.now() + ms, () => { controller.abort(new WaitExpired(`${what}: no answer within ${ms} ms`)) })
  return { signal: controller.signal, done: () => { timer.cancel() } }
}

export interface PollOptions {
  readonly timeoutMs: number
  readonly everyMs?: number
}

/**
 * Calls `probe` until it returns something other than undefined, and returns that; throws WaitExpired naming
 * `what` once `timeoutMs` has passed.
 */
export async function poll<T> (clock: Clock, what: string, probe: () => Promise<T | undefined> | T | undefined, options: PollOptions): Promise<T> {
  const until = clock.now() + options.timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (clock.now() >= until) throw new WaitExpired(`waited ${options.timeoutMs} ms for ${what}`)
    await clock.sleep(options.everyMs ?? 25)
  }
}

/** Like poll, but undefined (not an error) once the time is up: for "nothing happened" evidence. */
export async function pollQuietly<T> (clock: Clock, probe: () => Promise<T | undefined> | T | undefined, options: PollOptions): Promise<T | undefined> {
  try {
    return await poll(clock, '', probe, options)
  } catch (error) {
    if (error instanceof WaitExpired) return undefined
    throw error
  }
}

/** One holder at a time, in arrival order: a user's link flows must not overlap (the backend resolves its pending record by user). */
export class Mutex {
  #tail: Promise<void> = Promise.resolve()

  async run<T> (work: () => Promise<T>): Promise<T> {
    const before = this.#tail
    let release!: () => void
    this.#tail = new Promise((resolve) => { release = resolve })
    await before
    try {
      return await work()
    } finally {
      release()
    }
  }
}
