import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler, RouteHandlerMethod } from 'fastify'
import { nameOperation, type RouteFacts } from './route-facts.js'
import { continueUnrouted, skippedWhenUnrouted } from './unrouted.js'
import type { ValidateFunction } from 'ajv'
import { requestValidator } from './validation.js'

/** One operation a family's route serves, declared as its own route would be. */
export interface FamilyOperation {
  /** What `keyOf` gives for the requests it serves (`crm/contacts`). */
  readonly key: string
  /** Its own path (`/api/crm/v1/contacts/:id`): the document, the 405 table and the route-facts test read it. */
  readonly url: string
  readonly facts: RouteFacts
  /** Its schemas as its own route would declare them; built on first use (a request or the document). */
  readonly schema: () => FastifySchema
  readonly handler: RouteHandlerMethod
}

export interface OperationFamily {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** The route's path, with the params `keyOf` reads (`/api/:category/v1/:segment/:id`). */
  readonly url: string
  readonly keyOf: (params: Record<string, string>) => string
  /** The hooks every operation of the family has (authentication); they run only for a served request. */
  readonly onRequest: onRequestHookHandler | onRequestHookHandler[]
  /** As a route's: a failed validation is left on `request.validationError` for the handler. */
  readonly attachValidation?: boolean
  /** The family's own declaration (`category: CATEGORY_PARAM`). */
  readonly config: { readonly facts: RouteFacts }
  /** The answers' schemas every operation shares (its errors): the route serialises them as each operation's route did. */
  readonly responses: Record<string, unknown>
  /**
   * `served`: a request no operation serves is not this route's at all, and the router goes on to the routes
   * behind it (the record retrieve behind `/api/{category}/v1/{segment}/remote-field-classes`), as before the
   * family had one route. Otherwise such a request is answered as no route would.
   */
  readonly match?: 'served'
  readonly operations: readonly FamilyOperation[]
}

type ValidationFailure = Error & { validation: unknown, validationContext: string }

interface PartCheck { readonly part: string, readonly property: string, readonly check: ValidateFunction }

const PARTS = [['params', 'params'], ['body', 'body'], ['querystring', 'query']] as const

/**
 * Operations of one shape (the create of every writable model: `POST /api/{category}/v1/{segment}`) served by
 * one route that picks the operation by its path params, instead of a route each: each route costs start-up
 * time, and the catalogue holds a hundred of them. A request is named as its operation before any other
 * hook; its params, body and query are validated by the operation's own schemas, in Fastify's order and with
 * the validators Fastify's compiler would give them (`requestValidator`), at the step Fastify validates; a
 * request no operation serves is answered as no route would (with a body, after the root's parsers have read
 * it: unrouted.ts). Each operation keeps its declaration, its schemas and its own entry in the OpenAPI
 * document (`config.operations`).
 */
export function serveOperationFamily (app: Pick<FastifyInstance, 'route' | 'addConstraintStrategy'>, family: OperationFamily): void {
  const served = new Map(family.operations.map((op) => [op.key, op]))
  const chosen = new WeakMap<FastifyRequest, FamilyOperation>()
  const withBody = family.method !== 'GET'
  const schemas = new Map<FamilyOperation, FastifySchema>()
  const schemaOf = (op: FamilyOperation): FastifySchema => {
    let schema = schemas.get(op)
    if (schema === undefined) {
      schema = op.schema()
      schemas.set(op, schema)
    }
    return schema
  }
  // Each operation's validators, found once: the shared cache is keyed by the schema's JSON, too dear per request.
  const checks = new Map<FamilyOperation, PartCheck[]>()
  const checksOf = (op: FamilyOperation): PartCheck[] => {
    let found = checks.get(op)
    if (found === undefined) {
      const schema = schemaOf(op) as Record<string, unknown>
      found = PARTS.filter(([part]) => schema[part] !== undefined)
        .map(([part, property]) => ({ part, property, check: requestValidator(part, op.url, schema[part]) }))
      checks.set(op, found)
    }
    return found
  }
  app.route({
    method: family.method,
    url: family.url,
    ...(family.match === 'served' ? { constraints: { [servedOnly(app, family, served)]: 'served' } } : {}),
    attachValidation: family.attachValidation,
    onRequest: [(request, reply, done) => {
      const op = served.get(family.keyOf(request.params as Record<string, string>))
      if (op === undefined) {
        if (withBody) { continueUnrouted(request); done() } else reply.callNotFound()
        return
      }
      chosen.set(request, op)
      nameOperation(request, op.facts)
      done()
    }, ...toArray(family.onRequest).map(withBody ? skippedWhenUnrouted : (hook) => hook)],
    preValidation: (request, _reply, done) => {
      const failed = validate(request, checksOf(chosen.get(request)!))
      if (failed === undefined) { done(); return }
      if (family.attachValidation === true) { request.validationError = failed; done(); return }
      done(failed)
    },
    config: {
      ...family.config,
      operations: family.operations.map((op) => ({ method: family.method, url: op.url, facts: op.facts, schema: () => schemaOf(op) as Record<string, unknown> }))
    },
    schema: { response: family.responses },
    handler (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return chosen.get(request)!.handler.call(this, request, reply)
    }
  })
}

let strategies = 0

/**
 * A router constraint that holds only for the paths the family serves: find-my-way then goes on to the next
 * route that matches the path. It is derived for every request the router sees, so it is one regular
 * expression and a map lookup. Returns the constraint's name.
 */
function servedOnly (app: Pick<FastifyInstance, 'addConstraintStrategy'>, family: OperationFamily, served: ReadonlyMap<string, FamilyOperation>): string {
  const names: string[] = []
  const pattern = new RegExp(`^${family.url.replace(/:(\w+)/g, (_, name: string) => { names.push(name); return '([^/?#]+)' })}(?:[?#]|$)`)
  const name = `unimockServed${++strategies}`
  app.addConstraintStrategy({
    name,
    mustMatchWhenDerived: false,
    storage () {
      const handlers = new Map<string, unknown>()
      return { get: (value: string) => handlers.get(value) ?? null, set: (value: string, handler: unknown) => { handlers.set(value, handler) } }
    },
    deriveConstraint (req: { url?: string }) {
      const found = pattern.exec(req.url ?? '')
      if (found === null) return undefined
      // The router matches decoded segments: so does the lookup.
      const params: Record<string, string> = {}
      try {
        names.forEach((n, i) => { params[n] = decodeURIComponent(found[i + 1]!) })
      } catch {
        return undefined
      }
      return served.has(family.keyOf(params)) ? 'served' : undefined
    }
  } as never)
  return name
}

/** Fastify's validation of a route's params, body and query, stopping at the first part that fails. */
function validate (request: FastifyRequest, checks: readonly PartCheck[]): ValidationFailure | undefined {
  const held = request as unknown as Record<string, unknown>
  for (const { part, property, check } of checks) {
    const value = held[property]
    // As Fastify calls it: Ajv may then replace the part itself (a default for a missing body).
    if (check(value === undefined ? null : value, { parentData: held, parentDataProperty: property } as never) as boolean) continue
    // Fastify's error, its default message included (the answer is built from `validation` and its context).
    const message = (check.errors ?? []).map((e) => `${part}${e.instancePath} ${e.message ?? ''}`).join(', ')
    return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: check.errors, validationContext: part })
  }
  return undefined
}

function toArray<T> (value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value]
}
