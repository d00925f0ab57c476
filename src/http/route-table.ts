import FindMyWay, { type HTTPMethod } from 'find-my-way'

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * A mirror of every registered route, so that a request that matched no route can be told apart:
 * a known path with another method (405 with Allow) versus an unknown path (404).
 */
export class RouteTable {
  readonly #router = FindMyWay({ ignoreTrailingSlash: false })

  add (method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      const upper = m.toUpperCase() as HTTPMethod
      if (!METHODS.includes(upper)) continue
      if (this.#router.hasRoute(upper, url)) continue
      this.#router.on(upper, url, () => {})
    }
  }

  /** Methods that would have matched this path; empty for an unknown path. */
  allowed (path: string): string[] {
    const clean = path.split('?', 1)[0]!
    return METHODS.filter((m) => this.#router.find(m, clean) !== null)
  }
}
