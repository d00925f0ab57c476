import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { serveByShape, type ShapedOperation } from '../../../http/operation-route.js'
import { CATEGORY_PARAM, type RouteFacts } from '../../../http/route-facts.js'
import { type TSchema, Type } from '@sinclair/typebox'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { fingerprint } from '../../../core/fingerprint.js'
import { AUTH_ERRORS, Detail } from '../../base/dialect/schemas.js'
import { registerMetaRoutes } from './meta-routes.js'
import type { WriteRouteOptions } from './route-options.js'
import { Envelope, FailedWrite, WriteQuery } from './schemas.js'
import type { WriteOperation } from './write-surface.js'
import type { WriteAccount, WriteAnswer, WriteQuery as Query } from './write-service.js'

const BatchId = Type.Object({ batch_id: Type.String() }, { title: 'unified.AsyncBulkCreateResponse' })
const BatchObjects = Type.Object({
  batch_id: Type.String(),
  status: Type.String({ description: 'ENQUEUED, IN_PROGRESS, PARTIAL_SUCCESS, SUCCESS, FAILED or RATE_LIMITED' }),
  total_count: Type.Integer(),
  objects: Type.Array(Type.Object({
    item_id: Type.String(),
    status: Type.String({ description: 'PENDING, SUCCESS or FAILURE' }),
    response: Type.Optional(Type.Object({ merge_common_model_id: Type.Optional(Type.String()), error_message: Type.Optional(Type.String()) }))
  }))
}, { title: 'unified.BatchObjectsResponse' })
const TaskId = Type.Object({ task_id: Type.String() }, { title: 'unified.AsyncTaskReceipt' })
const AsyncPostTask = Type.Object({
  status: Type.String({ description: 'QUEUED, IN_PROGRESS, COMPLETED or FAILURE' }),
  result: Type.Object({ status_code: Type.Optional(Type.Integer()), response: Type.Optional(Type.Object({}, { additionalProperties: true })) })
}, { title: 'unified.AsyncPostTask' })

/** Sends a write's answer (after a slow preset's delay on the clock). */
async function send (o: WriteRouteOptions, reply: FastifyReply, answer: WriteAnswer): Promise<FastifyReply> {
  // A slow third party (a preset): the answer waits on the clock, so a virtual clock decides when it comes.
  if (answer.delayMs !== undefined && answer.delayMs > 0) await o.sleep(answer.delayMs)
  reply.code(answer.status)
  if (answer.body === undefined) return reply.send()
  return reply.type(JSON_TYPE).send(JSON.stringify(answer.body))
}

/**
 * A POST with an Idempotency-Key runs once per key and request; without one, every time. The journal is told
 * the outcome, with fingerprints of the body and the key (the report finds retries and duplicates by them).
 */
function once (o: WriteRouteOptions, request: FastifyRequest, account: WriteAccount, kind: string, write: () => WriteAnswer): WriteAnswer {
  const header = request.headers['idempotency-key']
  const key = typeof header === 'string' && header !== '' ? header : undefined
  const body = fingerprint(JSON.stringify(request.body ?? null))
  const answer: WriteAnswer & { replayed?: boolean, conflict?: boolean } = key === undefined
    ? write()
    : o.idempotency.run(account, key, `${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`, o.now(), write)
  const outcome = answer.conflict === true ? 'conflict' : answer.replayed === true ? 'replayed' : answer.status === 202 ? 'queued' : answer.status < 300 ? 'written' : 'refused'
  request.journal.write({ outcome, body, kind, ...(key === undefined ? {} : { key: fingerprint(key) }) })
  return answer
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** `/api/crm/v1/contacts/{id}` → `/api/crm/v1/contacts/:id`. */
export const fastifyPath = (key: string): string => key.split(' ')[1]!.replace(/\{([^}]+)\}/g, ':$1')

/**
 * The write endpoints of every writable model, generated from fixtures/unified-writes.json: create, partial
 * update, the actions and ignore; bulk creates and their polls, the accounting beta's async creates and the
 * async-task poll; /meta. Bodies are documented by the request definitions and validated by the write
 * pipeline, which answers in the real service's envelope (`{model, warnings, errors}`), so a body schema
 * failure does not stop the request here; query and params failures do. The operations of one shape (every
 * model's create) are served by one route (`serveByShape`).
 */
export const writeRoutes: FastifyPluginAsync<WriteRouteOptions> = async (app, o) => {
  const kinds = new Set(['create', 'partial_update', 'action', 'ignore'])
  registerMetaRoutes(app, o, o.operations.filter((op) => op.family === 'meta'))
  const routes: ShapedOperation[] = []
  for (const op of o.operations) {
    if (op.kind === 'bulk_create' || op.kind === 'bulk_retrieve' || op.family === 'async_tasks') routes.push(deferredRoute(o, op))
    if (op.kind === 'create' && op.category === 'accounting') routes.push(asyncCreateRoute(o, op))
    if (op.family === 'writes' && kinds.has(op.kind)) routes.push(writeRoute(o, op))
  }
  serveByShape(app, routes)
}

function writeRoute (o: WriteRouteOptions, op: WriteOperation): ShapedOperation {
  const model = o.writes.model(op)
  const [method, specPath] = op.key.split(' ') as ['POST' | 'PATCH', string]
  const idParam = /\{([^}]+)\}/.exec(specPath)?.[1]
  return {
    method,
    url: fastifyPath(op.key),
    attachValidation: true,
    onRequest: o.authenticate,
    facts: declaredAs('write', op, model),
    familyFacts: FAMILIES.write,
    responses: WRITE_ERRORS,
    schema: () => {
      const params = idParam === undefined ? undefined : Type.Object({ [idParam]: Type.String({ description: 'the record id (a UUID)' }) })
      const success: TSchema = op.kind === 'ignore'
        ? Type.Null({ description: 'no body' })
        : Envelope(o.dataSchemas.record(model), `unified.${op.category}.${op.response}`)
      return {
        tags: [`unified: ${op.category}`],
        summary: summaryOf(op, model.name),
        ...(params === undefined ? {} : { params }),
        ...(op.kind === 'ignore' ? {} : { querystring: WriteQuery }),
        ...(op.body === null ? {} : { body: o.schemas.request(op.category, op.body) }),
        response: { [op.status]: success, ...WRITE_ERRORS }
      }
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const failed = request.validationError
      if (failed !== undefined && failed.validationContext !== 'body') throw failed
      const account = o.account(request)
      const id = idParam === undefined ? '' : (request.params as Record<string, string>)[idParam]!
      const query = (request.query ?? {}) as Query
      const answer = once(o, request, account, op.kind, () => {
        switch (op.kind) {
          case 'create': return o.writes.create(account, op, request.body, query)
          case 'partial_update': return o.writes.update(account, op, id, request.body, query)
          case 'action': return o.writes.act(account, op, id, request.body, query)
          default: return o.writes.ignore(account, op, id, request.body)
        }
      })
      return send(o, reply, answer)
    }
  }
}

/** The error answers of a write (the envelope of a refused write, or a detail), a deferred write and a poll. */
const WRITE_ERRORS = { 400: Type.Union([FailedWrite, Detail]), ...AUTH_ERRORS, 404: Detail }
const DEFERRED_ERRORS = { 400: Detail, ...AUTH_ERRORS }
const POLL_ERRORS = { ...AUTH_ERRORS, 404: Detail }

/** What a write route is: its operation's category and model; its journal entries name the model. */
function declaredAs (kind: WriteKind, op: WriteOperation, model: { readonly id: string } | undefined): RouteFacts {
  return journaled(kind, { category: op.category, ...(model === undefined ? {} : { model: model.id }), facets: ['model'] }).facts
}

type WriteKind = 'write' | 'bulk' | 'async-task'

/** The declaration of the route a shape's operations share: the kind, the category from the path. */
const FAMILIES: Record<WriteKind, RouteFacts> = {
  write: journaled('write', { category: CATEGORY_PARAM, facets: ['model'] }).facts,
  bulk: journaled('bulk', { category: CATEGORY_PARAM, facets: ['model'] }).facts,
  'async-task': journaled('async-task', { category: CATEGORY_PARAM, facets: ['model'] }).facts
}

/** Bulk create and its polling, and the async-task poll: the deferred writes (batches.ts). */
function deferredRoute (o: WriteRouteOptions, op: WriteOperation): ShapedOperation {
  const tags = [`unified: ${op.category}`]
  const model = op.model === null ? undefined : o.writes.model(op)
  if (op.kind === 'bulk_create') {
    return {
      method: 'POST',
      url: fastifyPath(op.key),
      attachValidation: true,
      onRequest: o.authenticate,
      facts: declaredAs('bulk', op, model),
      familyFacts: FAMILIES.bulk,
      responses: DEFERRED_ERRORS,
      schema: () => ({
        tags,
        summary: `Create up to 100 ${op.model ?? ''} records in one batch, written on the scheduler`,
        ...(op.body === null ? {} : { body: o.schemas.request(op.category, op.body) }),
        response: { 202: BatchId, ...DEFERRED_ERRORS }
      }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const account = o.account(request)
        return send(o, reply, once(o, request, account, op.kind, () => o.batches.bulk(account, op, request.body)))
      }
    }
  }
  const param = op.kind === 'bulk_retrieve' ? 'batch_id' : 'id'
  const kind = op.kind === 'bulk_retrieve' ? 'bulk' : 'async-task'
  return {
    method: 'GET',
    url: fastifyPath(op.key),
    attachValidation: false,
    onRequest: o.authenticate,
    facts: declaredAs(kind, op, model),
    familyFacts: FAMILIES[kind],
    responses: POLL_ERRORS,
    schema: () => ({
      tags,
      summary: op.kind === 'bulk_retrieve' ? 'The status of a bulk batch and of each of its items' : 'The status and result of an async write task',
      params: Type.Object({ [param]: Type.String() }),
      response: { 200: op.kind === 'bulk_retrieve' ? BatchObjects : AsyncPostTask, ...POLL_ERRORS }
    }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const account = o.account(request)
      const id = (request.params as Record<string, string>)[param]!
      return send(o, reply, op.kind === 'bulk_retrieve' ? o.batches.bulkStatus(account, op, id) : o.batches.taskStatus(account, id))
    }
  }
}

/**
 * POST /api/accounting/v1/{segment}/async: the accounting beta's asynchronous create (documented, in neither
 * the client nor the specs): {task_id} at once, the write on the scheduler, its answer at async-tasks/{id}.
 */
function asyncCreateRoute (o: WriteRouteOptions, op: WriteOperation): ShapedOperation {
  const model = o.writes.model(op)
  return {
    method: 'POST',
    url: `${fastifyPath(op.key)}/async`,
    attachValidation: true,
    onRequest: o.authenticate,
    facts: declaredAs('write', op, model),
    familyFacts: FAMILIES.write,
    responses: DEFERRED_ERRORS,
    schema: () => ({
      tags: [`unified: ${op.category}`],
      summary: `Create a ${model.name} asynchronously (beta): poll /api/accounting/v1/async-tasks/{task_id}`,
      ...(op.body === null ? {} : { body: o.schemas.request(op.category, op.body) }),
      response: { 202: TaskId, ...DEFERRED_ERRORS }
    }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const account = o.account(request)
      return send(o, reply, once(o, request, account, 'async_create', () => o.batches.task(account, op, request.body)))
    }
  }
}

function summaryOf (op: WriteOperation, model: string): string {
  switch (op.kind) {
    case 'create': return `Create a ${model} in the linked account's third-party system`
    case 'partial_update': return `Update some fields of a ${model}`
    case 'ignore': return `Ignore a ${model}: it leaves reads and later syncs`
    default: return `${op.key.split('/').pop() ?? 'act on'} a ${model}`
  }
}
