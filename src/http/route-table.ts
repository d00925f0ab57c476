import FindMyWay, { type HTTPMethod } from 'find-my-way'

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * A mirror of every registered route, so that a request that matched no route can be told apart:
 * a known path with another method (405 with Allow) versus an unknown path (404). Routes are only noted at
 * registration; the router is built on the first unmatched request, off the start-up path.
 */
export class RouteTable {
  readonly #pending: Array<[HTTPMethod, string]> = []
  #router: ReturnType<typeof FindMyWay> | undefined

  add (method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      const upper = m.toUpperCase() as HTTPMethod
      if (METHODS.includes(upper)) this.#pending.push([upper, url])
      // A GET route answers HEAD too (see head-routing.ts).
      if (upper === 'GET') this.#pending.push(['HEAD', url])
    }
    this.#router = undefined
  }

  /** Methods that would have matched this path; empty for an unknown path. */
  allowed (path: string): string[] {
    this.#router ??= this.#build()
    const router = this.#router
    const clean = path.split('?', 1)[0]!
    return METHODS.filter((m) => router.find(m, clean) !== null)
  }

  #build (): ReturnType<typeof FindMyWay> {
    const router = FindMyWay({ ignoreTrailingSlash: false })
    for (const [method, url] of this.#pending) if (!router.hasRoute(method, url)) router.on(method, url, () => {})
    return router
  }
}
