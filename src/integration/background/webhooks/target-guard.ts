import { bareHost, isAddress, refusedAddress, refusedHost } from '../../../core/refused-addresses.js'

/** A host name's addresses, as the system's resolver gives them (tests hand in a table). */
export type Resolve = (hostname: string) => Promise<readonly string[]>

/** Why a delivery may not go to this URL now, or undefined. */
export type TargetGuard = (url: string) => Promise<string | undefined>

/**
 * The check a delivery passes before it is POSTed (#53): a target was judged by its host when it was added,
 * but a name can resolve differently later, so the name is resolved again and each of its addresses judged
 * (core/refused-addresses.ts). `resolve` undefined: names are not resolved (the dispatcher handed in decides
 * where a name goes, as a MockAgent does, which reaches no network). A name that does not resolve is left to
 * its POST, which fails on it as before.
 *
 * What it cannot see: a name that answers this check with one address and the connection, a moment later,
 * with another (DNS rebinding).
 */
export function targetGuard (allowPrivate: boolean, resolve: Resolve | undefined): TargetGuard {
  if (allowPrivate) return async () => undefined
  return async (url) => {
    let host: string
    try {
      host = bareHost(new URL(url).hostname)
    } catch {
      return undefined
    }
    const named = refusedHost(host)
    if (named !== undefined) return named
    // localhost is loopback by definition (RFC 6761), and the most common target of all: no lookup for it.
    if (resolve === undefined || isAddress(host) || host === 'localhost') return undefined
    let addresses: readonly string[]
    try {
      addresses = await resolve(host)
    } catch {
      return undefined
    }
    for (const address of addresses) {
      const kind = refusedAddress(address)
      if (kind !== undefined) return `${host} resolves to ${address}, ${kind}`
    }
    return undefined
  }
}
