/**
 * Every method of the official Node client, found by walking a client instance rather than by a list kept by
 * hand: category getters, then resource getters, then the resource's public methods. What each method sends
 * and which serializer reads its answer are read from the method's own compiled source, so a new client
 * version brings its new methods into the conformance test by itself.
 */
import { MergeClient } from '@mergeapi/merge-node-client'

export interface ClientMethod {
  /** `hris.employees.list` */
  readonly name: string
  readonly category: string
  readonly resource: string
  readonly method: string
  readonly httpMethod: string
  /** The path under the base URL with `{param}` for each path parameter, e.g. `hris/v1/employees/{id}`. */
  readonly path: string
  readonly pathParams: readonly string[]
  /** The dotted path of the serializer that reads the answer; undefined for a method with no body to read. */
  readonly serializer: string | undefined
  /** The parameter names of the public method, in order. */
  readonly params: readonly string[]
  /** Whether the method returns a page the client can follow. */
  readonly paged: boolean
}

type Callable = (...args: unknown[]) => unknown
const publicNames = (o: object): string[] =>
  Object.getOwnPropertyNames(Object.getPrototypeOf(o)).filter((n) => n !== 'constructor' && !n.startsWith('_'))

function describe (category: string, resource: string, method: string, client: Record<string, Callable>): ClientMethod {
  const outer = String(client[method])
  const inner = String(client[`__${method}`] ?? outer)
  // A paged method forwards `arguments` to a generator whose parameters are the real ones.
  const signature = /function\* \(([^)]*)\)/.exec(outer)?.[1] ?? outer.slice(outer.indexOf('(') + 1, outer.indexOf(')'))
  const params = signature.split(',').map((p) => p.split('=')[0]!.trim()).filter(Boolean)
  const url = /MergeEnvironment\.Production, (`[^`]*`|"[^"]*")/.exec(inner)?.[1]
  const httpMethod = /method: "(\w+)"/.exec(inner)?.[1]
  if (url === undefined || httpMethod === undefined) throw new Error(`cannot read ${category}.${resource}.${method}`)
  const pathParams: string[] = []
  const path = url.slice(1, -1).replace(/\$\{core\.url\.encodePathParam\((\w+)\)\}/g, (_, p: string) => { pathParams.push(p); return `{${p}}` })
  return {
    name: `${category}.${resource}.${method}`,
    category,
    resource,
    method,
    httpMethod,
    path,
    pathParams,
    serializer: /serializers\.([\w.]+)\.parseOrThrow\(_response\.body/.exec(inner)?.[1],
    params,
    paged: inner.includes('new core.Page(')
  }
}

export function clientMethods (): ClientMethod[] {
  const client = new MergeClient({ apiKey: 'walk' }) as unknown as Record<string, Record<string, Record<string, Callable>>>
  const out: ClientMethod[] = []
  for (const category of publicNames(client)) {
    const categoryClient = client[category]!
    for (const resource of publicNames(categoryClient)) {
      const resourceClient = categoryClient[resource]!
      for (const method of publicNames(resourceClient)) out.push(describe(category, resource, method, resourceClient))
    }
  }
  return out
}
