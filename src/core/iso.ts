/**
 * An instant (epoch ms, the clock's unit) as the control API and the unified service show it: ISO 8601 in
 * UTC with milliseconds, `2026-01-01T00:00:00.000Z`; null stays null. (Data records and sync status carry
 * microseconds: core/timestamps.ts.)
 */
export function iso (ms: number): string
export function iso (ms: number | null): string | null
export function iso (ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}
