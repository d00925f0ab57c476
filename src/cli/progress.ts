import type { UnimockApp } from '../app.js'
import { wallNow } from '../core/clock.js'
import { iso } from '../core/iso.js'

/** Where the progress line goes: the terminal (stderr when it is one). */
export interface ProgressOut {
  write(text: string): unknown
}

/** Redraw at least this often in simulated time, and after this many events within one simulated minute. */
const SIMULATED_STEP_MS = 60_000
const EVENTS_PER_REDRAW = 1_000
/**
 * And at most this often in wall time: a scenario's virtual day runs in a second or two, and redrawing on
 * every pass of every account's sync wrote the line about 180 times a scenario, more than a terminal shows.
 */
const WALL_MS_PER_REDRAW = 100
const CLEAR = '\r\x1b[K'

/**
 * One line on the terminal, rewritten in place, while the CLI does long work (scenarios played at start or
 * by `unimock check`, whose virtual time runs as fast as the machine can; a large account's data being
 * built while the server runs): the simulated instant reached,
 * the initial and FULL syncs building accounts' data pass by pass, the runs finished and the webhook
 * attempts. It follows the unified service's events; redraws are throttled by simulated time and by count
 * (a simulated day of many accounts is hundreds of thousands of runs), and to ten a second of wall time; the
 * line is erased when done.
 */
export class Progress {
  readonly #out: ProgressOut
  readonly #label: string
  readonly #whileBuilding: boolean
  readonly #wall: () => number
  readonly #building = new Map<string, { done: number, passes: number }>()
  #finished = 0
  #attempts = 0
  #now = 0
  #drawnAt = Number.NEGATIVE_INFINITY
  #drawnAtWall = Number.NEGATIVE_INFINITY
  #sinceDraw = 0
  #drawn = false

  /**
   * `whileBuilding`: drawn only while some account's data is being built (an initial or FULL sync under
   * way) and erased when none is, for a server that is otherwise quiet on its terminal. `wall`: the wall
   * clock the redraws are throttled by (core/clock.ts's by default).
   */
  constructor (out: ProgressOut, label: string, options: { whileBuilding?: boolean, wall?: () => number } = {}) {
    this.#out = out
    this.#label = label
    this.#whileBuilding = options.whileBuilding === true
    this.#wall = options.wall ?? wallNow
  }

  /** Follows `app` until the returned function is called, which erases the line. */
  watch (app: UnimockApp): () => void {
    const events = app.unified.events
    const off = [
      events.on('model-sync:stepped', (e) => {
        if (e.passes > 1) this.#building.set(`${e.account.id} ${e.modelName}`, { done: e.pass, passes: e.passes })
        this.#tick(e.at, e.passes > 1)
      }),
      events.on('model-sync:finished', (e) => {
        const building = this.#building.delete(`${e.account.id} ${e.state.modelName}`)
        this.#finished++
        this.#tick(e.at, building)
      }),
      events.on('webhook:attempted', (e) => {
        this.#attempts++
        this.#tick(e.at, false)
      })
    ]
    return () => {
      for (const unsubscribe of off) unsubscribe()
      if (this.#drawn) this.#out.write(CLEAR)
      this.#drawn = false
    }
  }

  /** The line as it would be drawn now. */
  line (): string {
    const parts = [`${this.#label}: simulated ${iso(this.#now)}`]
    if (this.#building.size > 0) {
      let done = 0
      let passes = 0
      for (const b of this.#building.values()) { done += b.done; passes += b.passes }
      parts.push(`building ${this.#building.size} model${this.#building.size === 1 ? '' : 's'} (${done}/${passes} passes)`)
    }
    parts.push(`${this.#finished} sync run${this.#finished === 1 ? '' : 's'} finished`)
    if (this.#attempts > 0) parts.push(`${this.#attempts} webhook attempt${this.#attempts === 1 ? '' : 's'}`)
    return parts.join(' · ')
  }

  #tick (at: number, always: boolean): void {
    this.#now = Math.max(this.#now, at)
    this.#sinceDraw++
    if (this.#whileBuilding && this.#building.size === 0) {
      if (this.#drawn) this.#out.write(CLEAR)
      this.#drawn = false
      // An erased line comes back at the next build at once, not after the wall-time throttle.
      this.#drawnAtWall = Number.NEGATIVE_INFINITY
      return
    }
    if (!always && this.#now - this.#drawnAt < SIMULATED_STEP_MS && this.#sinceDraw < EVENTS_PER_REDRAW) return
    const wall = this.#wall()
    if (wall - this.#drawnAtWall < WALL_MS_PER_REDRAW) return
    this.#drawnAtWall = wall
    this.#drawnAt = this.#now
    this.#sinceDraw = 0
    this.#drawn = true
    this.#out.write(`${CLEAR}${this.line()}`)
  }
}
