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
  /** The hook every operation of the family has (authentication); it runs only for a served request. */
  readonly onRequest: onRequestHookHandler
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
function serveOperationFamily (app: Pick<FastifyInstance, 'route' | 'addConstraintStrategy'>, family: OperationFamily): void {
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
    }, withBody ? skippedWhenUnrouted(family.onRequest) : family.onRequest],
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

/**
 * An operation under `/api/{category}/v1/{segment}`, with what the route serving its shape holds once: its
 * hooks, validation mode, shared answers and the family's declaration (the same objects for every operation
 * of a shape).
 */
export interface ShapedOperation extends Omit<FamilyOperation, 'key'> {
  readonly method: OperationFamily['method']
  readonly onRequest: onRequestHookHandler
  readonly attachValidation?: boolean
  readonly responses: Record<string, unknown>
  /** The declaration of the route its shape's operations share (`category: CATEGORY_PARAM`). */
  readonly familyFacts: RouteFacts
}

/** `/api/crm/v1/contacts/:id/application` → `/api/:category/v1/:segment/:id/application`. */
const shapeOf = (url: string): string => url.replace(/^\/api\/[^/]+\/v1\/[^/]+/, '/api/:category/v1/:segment')

/** `/api/crm/v1/contacts/...` → `crm/contacts`, what `keyOf` gives for its requests. */
const keyOfUrl = (url: string): string => { const parts = url.split('/'); return `${parts[2]}/${parts[4]}` }

/**
 * The catalogue's operations under `/api/{category}/v1/{segment}`, one route per shape (every model's create
 * is one, every model's remote-field-classes list another), each operation picked by its category and
 * segment. A shape only one operation has keeps its own route (the async-task poll's shape is a record
 * retrieve's). `matchServed` names the shapes that are also another route's path: they match only what they
 * serve (OperationFamily.match).
 */
export function serveByShape (app: Pick<FastifyInstance, 'route' | 'addConstraintStrategy'>, operations: readonly ShapedOperation[], matchServed: (shape: string) => boolean = () => false): void {
  const shapes = new Map<string, ShapedOperation[]>()
  for (const op of operations) {
    const shape = `${op.method} ${shapeOf(op.url)}`
    shapes.set(shape, [...(shapes.get(shape) ?? []), op])
  }
  for (const [shape, family] of shapes) {
    const first = family[0]!
    if (family.length === 1) {
      app.route({ method: first.method, url: first.url, onRequest: first.onRequest, attachValidation: first.attachValidation, config: { facts: first.facts }, schema: first.schema(), handler: first.handler })
      continue
    }
    // One route answers for all of them: what it holds once must be the same for each.
    const odd = family.find((op) => op.onRequest !== first.onRequest || op.attachValidation !== first.attachValidation || op.responses !== first.responses || op.familyFacts !== first.familyFacts)
    if (odd !== undefined) throw new Error(`${odd.method} ${odd.url} differs from ${first.url} in hooks, validation, answers or declaration: it cannot share its route`)
    const url = shape.slice(shape.indexOf(' ') + 1)
    serveOperationFamily(app, {
      method: first.method,
      url,
      keyOf: (params) => `${params.category}/${params.segment}`,
      onRequest: first.onRequest,
      attachValidation: first.attachValidation,
      config: { facts: first.familyFacts },
      responses: first.responses,
      ...(matchServed(url) ? { match: 'served' as const } : {}),
      operations: family.map((op) => ({ key: keyOfUrl(op.url), url: op.url, facts: op.facts, schema: op.schema, handler: op.handler }))
    })
  }
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
