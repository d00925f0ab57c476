/** Small statistics helpers; the bench reports medians because a shared 2-core machine has outliers. */

export function median (values) {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export const min = (values) => Math.min(...values)
export const max = (values) => Math.max(...values)

/** A ratio rounded for display, NaN-safe. */
export function ratio (a, b) {
  return b > 0 ? a / b : Number.NaN
}

/** The medians of a route's measured rounds (each a runLoad result with CPU figures), keeping the rounds. */
export function summarizeRounds (list) {
  return {
    rps: median(list.map((x) => x.rps)),
    p50: median(list.map((x) => x.latencyMs.p50)),
    p99: median(list.map((x) => x.latencyMs.p99)),
    cpuUsPerRequest: median(list.map((x) => x.cpuUsPerRequest)),
    serverCpuShare: median(list.map((x) => x.serverCpuShare)),
    rounds: list
  }
}
