import type { Socket } from 'node:net'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify'
import { wallDelay } from '../../../core/clock.js'
import { appError, type AppError } from '../../../core/errors.js'
import { sendError } from '../../../http/error-handling.js'
import type { InterfaceRegistry } from '../../../http/interfaces.js'
import { categoryOf, namedOperation, type RouteFacts } from '../../../http/route-facts.js'
import { accountOf, requestTenant } from '../../base/accounts/request-auth.js'
import { Detail } from '../../base/dialect/schemas.js'
import type { Fault, FaultRequest, FaultService } from './fault-service.js'
import { FAULT_STATUSES } from './schemas.js'
import { renameSyncStatusFields } from './quirks.js'

export interface FaultHookOptions {
  readonly faults: FaultService
  readonly interfaces: InterfaceRegistry
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])

/** Every status a fault can answer with, as `{"detail"}`: each unified route declares them, so the OpenAPI document does. */
const FAULT_ANSWERS: Readonly<Record<number, typeof Detail>> = Object.fromEntries(FAULT_STATUSES.map((status) => [status, Detail]))

const statusError = (fault: Fault): AppError => {
  const retry: Record<string, string> = fault.retryAfter === null ? {} : { 'Retry-After': String(fault.retryAfter) }
  switch (fault.status) {
    case 401: return appError('FAULT_STATUS_401')
    case 403: return appError('FAULT_STATUS_403')
    case 404: return appError('FAULT_STATUS_404')
    case 429: return appError('FAULT_STATUS_429', { wait: `${fault.retryAfter!} second${fault.retryAfter === 1 ? '' : 's'}` }, retry)
    case 502: return appError('FAULT_STATUS_502')
    case 503: return appError('FAULT_STATUS_503', {}, retry)
    default: return appError('FAULT_STATUS_500')
  }
}

/**
 * Applies service faults to the unified service's routes. The check is a route-level onRequest hook added
 * after the route's own (auth.tenant / auth.account), so it knows the tenant and the linked account: faults
 * apply to authenticated requests only, and a request that fails authentication keeps its own 401. Only
 * the routes that declare themselves the unified API's get the hook, so the plant store and the control API
 * never pay for it; on those that do, it returns at once while no tenant has a fault. What a fault may be
 * scoped to (the route's category, its model, whether it is sync-status) is what the route declares
 * (src/http/route-facts.ts).
 */
export function installFaultHooks (app: FastifyInstance, { faults, interfaces }: FaultHookOptions): void {
  const mine = new WeakSet<object>()
  const quirked = new WeakSet<FastifyRequest>()
  // Requests held open by hang and latency faults, so closing the app never waits for them.
  const held = new Set<ServerResponse>()
  const waits = new Set<AbortController>()

  const apply = (fault: Fault, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    switch (fault.kind) {
      case 'status':
        // Sent here rather than thrown: an injected 500 is not a failure for the error log.
        sendError(reply, interfaces, statusError(fault))
        return
      case 'latency': {
        const abort = new AbortController()
        const gone = (): void => { abort.abort() }
        reply.raw.once('close', gone)
        waits.add(abort)
        const settle = (): void => { waits.delete(abort); reply.raw.off('close', gone) }
        wallDelay(fault.latencyMs!, abort.signal).then(() => { settle(); done() }, () => {
          // The client left, or the app is closing: nobody is waiting for an answer.
          settle()
          reply.hijack()
          reply.raw.destroy()
          done()
        })
        return
      }
      case 'reset': {
        reply.hijack()
        const socket = request.raw.socket as Socket | null
        if (typeof socket?.resetAndDestroy === 'function') socket.resetAndDestroy()
        else reply.raw.destroy(Object.assign(new Error('connection reset by a unimock service fault'), { code: 'ECONNRESET' }))
        done()
        return
      }
      case 'hang': {
        reply.hijack()
        const res = reply.raw
        held.add(res)
        res.once('close', () => { held.delete(res) })
        done()
        return
      }
      case 'quirk':
        quirked.add(request)
        done()
    }
  }

  const checkFor = (declared: RouteFacts): onRequestHookHandler => function faultCheck (request, reply, done) {
    if (faults.idle) { done(); return }
    const facts = namedOperation(request) ?? declared
    let tenantId: number
    try {
      tenantId = requestTenant(request).id
    } catch {
      done()
      return
    }
    if (!faults.inForce(tenantId)) { done(); return }
    const info: FaultRequest = {
      path: request.originalUrl.split('?', 1)[0]!,
      method: request.method,
      category: categoryOf(facts, request),
      model: facts.model,
      account: accountOf(request)?.id,
      syncStatus: facts.kind === 'sync-status'
    }
    const fault = faults.match(tenantId, info)
    if (fault === undefined) { done(); return }
    apply(fault, request, reply, done)
  }

  const rename: onSendHookHandler = (request, reply, payload, done) => {
    if (!quirked.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') { done(null, payload); return }
    done(null, renameSyncStatusFields(payload))
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const facts = route.config?.facts
    if (facts?.surface !== 'api') return
    const existing = toArray(route.onRequest)
    if (existing.some((fn) => mine.has(fn))) return
    const check = checkFor(facts)
    mine.add(check)
    route.onRequest = [...existing, check]
    if (facts.kind === 'sync-status') route.onSend = [...toArray(route.onSend), rename]
    // The route's own declaration of a status (a 401 it answers itself) stays.
    if (route.schema !== undefined) route.schema = { ...route.schema, response: { ...FAULT_ANSWERS, ...(route.schema.response as object | undefined) } }
  })

  // preClose, not onClose: the server waits for open requests before the onClose hooks run.
  app.addHook('preClose', (done) => {
    for (const abort of waits) abort.abort()
    for (const res of held) res.destroy()
    held.clear()
    done()
  })
}
