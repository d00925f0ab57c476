import { readPackageJsonFile } from '../../core/fixtures.js'

/**
 * operationIds. A unified-service operation takes the official client's method path (`hris.employees.list`,
 * from fixtures/unified-operations.json, derived from the facts by scripts/derive-unified-operations.mjs), so
 * generated clients name methods as the official one does. A route may state its own `operationId` in its
 * schema. Every other route gets its method and path in camel case (`getUnimockLinkedAccountsByIdSync`).
 */

interface OperationsFixture {
  readonly operations: Readonly<Record<string, { readonly operationId: string }>>
}

/** `/api/hris/v1/employees/{id}` and `/api/hris/v1/employees/:id` both become `/api/hris/v1/employees/{}`. */
const shape = (path: string): string => path.replace(/\{[^}]*\}|:[A-Za-z_][\w-]*/g, '{}')

let unified: ReadonlyMap<string, string> | undefined

function unifiedOperationIds (): ReadonlyMap<string, string> {
  unified ??= new Map(Object.entries(readPackageJsonFile<OperationsFixture>('fixtures/unified-operations.json').operations)
    .map(([key, op]) => {
      const [method, path] = key.split(' ') as [string, string]
      return [`${method} ${shape(path)}`, op.operationId]
    }))
  return unified
}

const pascal = (word: string): string => word.split(/[^A-Za-z0-9]+/).filter((w) => w !== '').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')

/** `GET /_unimock/linked-accounts/{id}/sync` → `getUnimockLinkedAccountsByIdSync`. Unique per method and path. */
export function methodPathOperationId (method: string, path: string): string {
  const words = path.split('/').filter((s) => s !== '').map((s) => {
    const param = /^\{(.+)\}$|^:(.+)$/.exec(s)
    return param === null ? pascal(s) : `By${pascal(param[1] ?? param[2]!)}`
  })
  return method.toLowerCase() + words.join('')
}

/** The operationId of a route: stated, the official client's, or derived from method and path. */
export function operationIdOf (method: string, path: string, stated: unknown): string {
  if (typeof stated === 'string' && stated !== '') return stated
  return unifiedOperationIds().get(`${method.toUpperCase()} ${shape(path)}`) ?? methodPathOperationId(method, path)
}
