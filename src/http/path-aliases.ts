/**
 * Path prefixes that answer exactly as another prefix (the unified service's unversioned data paths
 * /api/{category}/{segment} and /{category}/v1/{segment} are /api/{category}/v1/{segment}). Registering
 * every route once per alias tripled the data routes and most of the start-up time, so the app's
 * `rewriteUrl` maps an alias onto its canonical prefix before routing and each route exists once.
 *
 * Only whole leading segments are rewritten and the rest of the URL (deeper segments, query) is kept as
 * sent, so an alias sub-tree routes, validates, 404s and 405s exactly as its canonical sub-tree: that holds
 * as long as nothing but the aliased routes is registered under a canonical prefix that has aliases, which
 * is the case for the data routes (list and retrieve only). `request.originalUrl` keeps what the client sent.
 */
export class PathAliases {
  /** alias prefix → canonical prefix, per number of segments in the alias. */
  readonly #bySegments = new Map<number, Map<string, string>>()
  /** The first segment of every alias (`api`, `hris`, ...): a URL starting otherwise has nothing to rewrite. */
  readonly #firstSegments = new Set<string>()

  /** `alias` and `canonical` are literal paths of whole segments, e.g. `/api/hris/employees`. */
  add (alias: string, canonical: string): void {
    const segments = alias.split('/').length - 1
    let map = this.#bySegments.get(segments)
    if (map === undefined) {
      map = new Map()
      this.#bySegments.set(segments, map)
    }
    map.set(alias, canonical)
    this.#firstSegments.add(alias.split('/')[1]!)
  }

  /** The URL to route: the canonical prefix in place of an alias prefix, or `url` itself. */
  rewrite (url: string): string {
    // Most requests (the plant store, the control API, the documented paths) have no alias: one lookup says so.
    const firstEnd = prefixEnd(url, 1)
    if (firstEnd > 0) {
      const first = url.slice(1, firstEnd)
      if (!this.#firstSegments.has(first) && !first.includes('%')) return url
    }
    for (const [segments, map] of this.#bySegments) {
      const end = prefixEnd(url, segments)
      if (end < 0) continue
      const prefix = url.slice(0, end)
      const canonical = map.get(prefix)
      if (canonical !== undefined) return canonical + url.slice(end)
      if (prefix.includes('%')) {
        const decoded = decodeSegments(prefix)
        const target = decoded === undefined ? undefined : map.get(decoded.join('/'))
        if (target !== undefined) return keepEncoding(prefix, decoded!, target) + url.slice(end)
      }
    }
    return url
  }
}

/** Index just past the first `segments` path segments, or -1 when the path has fewer. */
function prefixEnd (url: string, segments: number): number {
  let i = 0
  for (let n = 0; n < segments; n++) {
    if (url.charCodeAt(i) !== 47 /* / */) return -1
    i++
    while (i < url.length) {
      const c = url.charCodeAt(i)
      if (c === 47 || c === 63 /* ? */ || c === 35 /* # */) break
      i++
    }
  }
  return i
}

/**
 * The router matches percent-decoded segments, so /api/hri%73/employe%65s is an alias too. Undefined when a
 * segment does not decode, or decodes to a slash (the router keeps such a segment whole): no alias then.
 */
function decodeSegments (prefix: string): string[] | undefined {
  const out: string[] = []
  for (const segment of prefix.split('/')) {
    let decoded: string
    try { decoded = decodeURIComponent(segment) } catch { return undefined }
    if (decoded.includes('/')) return undefined
    out.push(decoded)
  }
  return out
}

/**
 * The canonical prefix spelled with the client's own segments where the two share them, so whatever reads
 * the raw URL after routing (the category an account token is checked against) sees what the alias route
 * saw. Each alias segment is matched, in order, to the first equal canonical segment.
 */
function keepEncoding (raw: string, decoded: readonly string[], canonical: string): string {
  const rawSegments = raw.split('/')
  let j = 1
  return canonical.split('/').map((segment, k) => {
    if (k === 0 || j >= decoded.length || segment !== decoded[j]) return segment
    return rawSegments[j++]!
  }).join('/')
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Alias prefixes the app maps onto canonical ones before routing; routes declare theirs here. */
    readonly pathAliases: PathAliases
  }
}
