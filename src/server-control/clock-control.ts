import type { Clock } from '../core/clock.js'
import { ClockBackwardsError, ClockHorizonError, isVirtual } from '../core/virtual-clock.js'
import { parseDuration } from '../core/durations.js'
import { appError } from '../core/errors.js'

/** Moves the virtual clock by a duration or to an instant, running everything that falls due on the way. */
export async function advanceClock (clock: Clock, by: string | undefined, to: string | undefined): Promise<number> {
  if (!isVirtual(clock)) throw appError('CLOCK_NOT_VIRTUAL')
  if ((by === undefined) === (to === undefined)) throw appError('CLOCK_BAD_ADVANCE')
  let move: () => Promise<number>
  if (by !== undefined) {
    const ms = parseDuration(by)
    if (ms === undefined) throw appError('CLOCK_BAD_DURATION', { value: by })
    // By, not to now + ms: advances sent at once then add up.
    move = () => clock.advanceBy(ms)
  } else {
    const target = Date.parse(to!)
    if (Number.isNaN(target) || !/^\d{4}-\d{2}-\d{2}T/.test(to!)) throw appError('CLOCK_BAD_INSTANT', { value: to! })
    move = () => clock.advanceTo(target)
  }
  try {
    return await move()
  } catch (error) {
    if (error instanceof ClockBackwardsError) throw appError('CLOCK_BACKWARDS', { reason: error.message })
    if (error instanceof ClockHorizonError) throw appError('CLOCK_BEYOND_HORIZON', { reason: error.message })
    throw error
  }
}
