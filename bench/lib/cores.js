import { spawnSync } from 'node:child_process'

/**
 * Server and load generator each get their own core: on a shared core the load generator steals time from
 * the server and the figures measure the scheduler, not the server. Without taskset or with one core the
 * bench still runs, unpinned, and says so.
 */

function parseCpuList (text) {
  const cpus = []
  for (const part of text.trim().split(',')) {
    const [a, b] = part.split('-').map((n) => Number.parseInt(n, 10))
    if (Number.isNaN(a)) continue
    for (let c = a; c <= (Number.isNaN(b) || b === undefined ? a : b); c++) cpus.push(c)
  }
  return cpus
}

/** The cores this process may run on, according to taskset, or null when taskset is missing. */
function allowedCpus () {
  const result = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' })
  if (result.error !== undefined || result.status !== 0) return null
  const list = /affinity list:\s*(.+)$/m.exec(result.stdout)?.[1]
  return list === undefined ? null : parseCpuList(list)
}

/** @returns {{pinned: boolean, server: number|null, load: number|null, note: string}} */
export function planCores () {
  const cpus = allowedCpus()
  if (cpus === null) {
    return { pinned: false, server: null, load: null, note: 'taskset not found (apt-get install util-linux): server and load generator are NOT pinned' }
  }
  if (cpus.length < 2) {
    return { pinned: false, server: null, load: null, note: `only ${cpus.length} core available: server and load generator share it, ratios are still comparable, absolute figures are not` }
  }
  const server = cpus[0]
  const load = cpus[1]
  return { pinned: true, server, load, note: `server on cpu ${server}, load generator and harness on cpu ${load}` }
}

/** Wraps a command so that it runs on one core (when pinning is possible). */
export function onCore (cpu, command, args) {
  if (cpu === null || cpu === undefined) return { command, args }
  return { command: 'taskset', args: ['-c', String(cpu), command, ...args] }
}

/** Moves the harness itself (every thread) to the load core, away from the server's core. */
export function pinSelf (cpu) {
  if (cpu === null || cpu === undefined) return
  spawnSync('taskset', ['-a', '-cp', String(cpu), String(process.pid)], { stdio: 'ignore' })
}
