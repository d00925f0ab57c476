import type { Config } from '../config.js'
import { type SettingSources, sourceOf } from './sources.js'

/**
 * What the start says about where it listens. A server bound to every interface (0.0.0.0 in a container) is
 * reached on loopback: a browser cannot open http://0.0.0.0:4010 on every system, and the start line's URL is
 * the one people click and scripts read.
 */
export function reachableHost (host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (everyInterface(host)) return '[::1]'
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/** `0.0.0.0` or `::`: bound to every interface, so the URL printed is not the bound address. */
export function everyInterface (host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]'
}

/** One line for a listen that failed for a reason the user can fix, naming what to change; else undefined. */
export function listenFailure (error: unknown, config: Config, sources: SettingSources): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const port = sourceOf('port', sources)
  const retry = port.startsWith('--')
    ? 'start with --port N for another port, or --port 0 for a free one (the start line prints it)'
    : `set ${port} to another port, or to 0 for a free one (the start line prints it)`
  if (code === 'EADDRINUSE') return `port ${String(config.port)} on ${config.host} is in use: another server (another unimock?) listens there. Stop it, or ${retry}`
  if (code === 'EACCES') return `port ${String(config.port)} on ${config.host} needs privileges this user lacks (ports below 1024 do on most systems): ${retry}`
  return undefined
}
