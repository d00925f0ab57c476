import type { FenceCheck } from '../../../core/account-fences.js'
import type { Clock } from '../../../core/clock.js'
import { parseDuration } from '../../../core/durations.js'
import { appError } from '../../../core/errors.js'
import { globMatcher } from '../../../core/glob.js'
import type { Random } from '../../../core/random.js'
import type { FaultRepository, FaultScope, StoredFault } from './fault-repository.js'
import type { FaultStatus, NewFaultBody } from './schemas.js'

export type Fault = StoredFault

/** What a fault's scope is matched against: one request, as the hook saw it after authentication. */
export interface FaultRequest {
  /** The path the client sent (an alias stays an alias), without the query. */
  readonly path: string
  readonly method: string
  /** The route's category and common model (`hris.Employee`), when it has them. */
  readonly category: string | undefined
  readonly model: string | undefined
  /** The linked account of the X-Account-Token, on routes that authenticate one. */
  readonly account: string | undefined
  /** A GET sync-status: the one answer the sync_status_field_names quirk rewrites. */
  readonly syncStatus: boolean
}

export interface FaultServiceDeps {
  readonly clock: Clock
  /** The app's seeded stream: each fault draws from its own fork of it. */
  readonly random: Random
  readonly repo: FaultRepository
  /** The category of a common model id (`hris.Employee` → hris), or undefined when there is no such model. */
  readonly modelCategory: (modelId: string) => string | undefined
  /** The category of the tenant's linked account with this id, or undefined when the tenant has none such. */
  readonly accountCategory: (tenantId: number, accountId: string) => string | undefined
  /** A scenario run's faults answer its own accounts' requests only. */
  readonly fenced: FenceCheck
}

/** Statuses a real client is told to come back later with. */
const RETRY_STATUSES: readonly FaultStatus[] = [429, 503]
const DEFAULT_RETRY_AFTER_S = 1
const MAX_LATENCY_MS = 10 * 60_000
const BODY_FIELDS = ['kind', 'status', 'retry_after', 'latency', 'quirk', 'scope', 'count', 'probability']
const SCOPE_FIELDS = ['path', 'method', 'category', 'account', 'model']

const bad = (field: string, reason: string) => appError('FAULT_BAD_BODY', { field, reason })

/** A fault in force, with its counters as they move and what matching needs precomputed. */
interface Active {
  fault: StoredFault
  readonly path: ((path: string) => boolean) | undefined
  readonly random: Random | undefined
}

/**
 * Service faults of the unified service, per tenant. A request is matched against the tenant's faults in
 * force, in creation order; the first that matches (and, with a probability, whose seeded draw hits) applies
 * and spends one of its count. Runs on every unified request, so the faults in force are cached per tenant
 * and `idle` answers without a lookup while no tenant has any.
 */
export class FaultService {
  readonly #d: FaultServiceDeps
  readonly #byTenant = new Map<number, Active[]>()
  #inForce: number

  constructor (deps: FaultServiceDeps) {
    this.#d = deps
    this.#inForce = deps.repo.countInForce()
  }

  /** No tenant has a fault in force: the request hook has nothing to look up. */
  get idle (): boolean { return this.#inForce === 0 }

  /**
   * Settles a body into the fault it describes, or throws a 400 naming the field: unknown fields, fields of
   * another kind, a missing field the kind needs, an unknown model, an account the tenant does not have.
   * The route and the scenario runner both come through here, whatever schema validation ran before.
   */
  settle (tenantId: number, body: NewFaultBody): Omit<StoredFault, 'id' | 'remaining' | 'hits' | 'draws'> {
    rejectUnknownFields(body)
    const { kind } = body
    const only = (field: keyof NewFaultBody, owner: string): void => {
      if (body[field] !== undefined && kind !== owner) throw bad(field, `applies only to kind ${owner}, not ${kind}`)
    }
    only('status', 'status')
    only('latency', 'latency')
    only('quirk', 'quirk')
    if (kind === 'status' && body.status === undefined) throw bad('status', 'is required with kind status: one of 401, 403, 404, 429, 500, 502, 503')
    if (body.retry_after !== undefined && (body.status === undefined || !RETRY_STATUSES.includes(body.status))) {
      throw bad('retry_after', 'applies only to kind status with status 429 or 503')
    }
    if (kind === 'quirk' && body.quirk === undefined) throw bad('quirk', 'is required with kind quirk: sync_status_field_names')

    let latencyMs: number | null = null
    if (kind === 'latency') {
      if (body.latency === undefined) throw bad('latency', 'is required with kind latency: a duration such as 500ms, 2s or PT2S')
      const ms = parseDuration(body.latency)
      if (ms === undefined) throw bad('latency', `"${body.latency}" is not a duration: use e.g. 500ms, 2s or PT2S`)
      if (ms < 1 || ms > MAX_LATENCY_MS) throw bad('latency', `must be between 1ms and 10m (got ${body.latency})`)
      latencyMs = ms
    }

    const scope = this.#settleScope(tenantId, body)
    return {
      tenantId,
      kind,
      status: body.status ?? null,
      retryAfter: body.status !== undefined && RETRY_STATUSES.includes(body.status) ? (body.retry_after ?? DEFAULT_RETRY_AFTER_S) : null,
      latencyMs,
      quirk: body.quirk ?? null,
      scope,
      count: body.count ?? null,
      probability: body.probability ?? null,
      createdAt: this.#d.clock.now()
    }
  }

  #settleScope (tenantId: number, body: NewFaultBody): FaultScope {
    const s = body.scope ?? {}
    if (s.model !== undefined) {
      const category = this.#d.modelCategory(s.model)
      if (category === undefined) throw bad('scope.model', `"${s.model}" is not a common model: use {category}.{ModelName}, such as hris.Employee`)
      if (s.category !== undefined && s.category !== category) throw bad('scope.model', `"${s.model}" is not a model of scope.category ${s.category}`)
    }
    if (s.account !== undefined) {
      const category = this.#d.accountCategory(tenantId, s.account)
      if (category === undefined) throw bad('scope.account', `"${s.account}" is not a linked account of this API key (GET /_unimock/linked-accounts lists them)`)
      if (s.category !== undefined && s.category !== category) throw bad('scope.account', `"${s.account}" is a ${category} linked account, not ${s.category}`)
    }
    if (body.kind === 'quirk') {
      if (s.model !== undefined) throw bad('scope.model', 'does not apply to a quirk: it rewrites GET sync-status, which is not a model endpoint')
      if (s.method !== undefined && s.method !== 'GET') throw bad('scope.method', 'must be GET for a quirk: it rewrites GET sync-status')
    }
    return { path: s.path ?? null, method: s.method ?? null, category: s.category ?? null, account: s.account ?? null, model: s.model ?? null }
  }

  add (tenantId: number, body: NewFaultBody): Fault {
    const fault = this.#d.repo.add(this.settle(tenantId, body))
    this.#changed(tenantId)
    return fault
  }

  /** Every fault of the tenant in creation order, spent ones too (remaining 0). */
  list (tenantId: number): Fault[] { return this.#d.repo.all(tenantId) }

  remove (tenantId: number, id: number): void {
    if (!this.#d.repo.remove(tenantId, id)) throw appError('FAULT_NOT_FOUND', { id })
    this.#changed(tenantId)
  }

  /** Deletes every fault of the tenant; answers how many there were. */
  clear (tenantId: number): number {
    const deleted = this.#d.repo.removeTenant(tenantId)
    this.#changed(tenantId)
    return deleted
  }

  /** POST /_unimock/reset: every tenant's faults go. */
  reset (): void {
    this.#d.repo.clear()
    this.#byTenant.clear()
    this.#inForce = 0
  }

  /** A reset of one key's world: its faults go. */
  resetTenant (tenantId: number): void {
    this.#d.repo.removeTenant(tenantId)
    this.#changed(tenantId)
  }

  /** Whether the tenant has a fault in force: answered from the cache, before the request is described. */
  inForce (tenantId: number): boolean { return this.#active(tenantId).length > 0 }

  /**
   * The fault that applies to this request, if any, with the hit recorded: the first fault in force whose
   * scope matches and, for a probability, whose draw from its seeded stream hits.
   */
  match (tenantId: number, request: FaultRequest): Fault | undefined {
    const faults = this.#active(tenantId)
    for (let i = 0; i < faults.length; i++) {
      const a = faults[i]!
      if (!applies(a, request) || !this.#d.fenced('service-fault', a.fault.id, request.account)) continue
      const f = a.fault
      const hit = a.random === undefined || a.random.chance(f.probability!)
      const spent = hit && f.remaining === 1
      a.fault = {
        ...f,
        remaining: hit && f.remaining !== null ? f.remaining - 1 : f.remaining,
        hits: hit ? f.hits + 1 : f.hits,
        draws: a.random === undefined ? f.draws : f.draws + 1
      }
      this.#d.repo.spend(f.id, a.fault.remaining, a.fault.hits, a.fault.draws)
      if (!hit) continue
      if (spent) {
        faults.splice(i, 1)
        this.#inForce--
      }
      return a.fault
    }
    return undefined
  }

  #active (tenantId: number): Active[] {
    let faults = this.#byTenant.get(tenantId)
    if (faults === undefined) {
      faults = this.#d.repo.inForce(tenantId).map((fault) => this.#activate(fault))
      this.#byTenant.set(tenantId, faults)
    }
    return faults
  }

  #activate (fault: StoredFault): Active {
    let random: Random | undefined
    if (fault.probability !== null) {
      // Its own stream, labelled by its id: a seed replays the same hits whatever else draws meanwhile;
      // after a restart the stream resumes where it stopped.
      random = this.#d.random.fork(`faults:${fault.id}`)
      for (let i = 0; i < fault.draws; i++) random.next()
    }
    return { fault, path: fault.scope.path === null ? undefined : globMatcher(fault.scope.path), random }
  }

  #changed (tenantId: number): void {
    this.#byTenant.delete(tenantId)
    this.#inForce = this.#d.repo.countInForce()
  }
}

function applies (a: Active, r: FaultRequest): boolean {
  const { scope, kind } = a.fault
  if (kind === 'quirk' && !r.syncStatus) return false
  if (scope.method !== null && scope.method !== r.method) return false
  if (scope.category !== null && scope.category !== r.category) return false
  if (scope.model !== null && scope.model !== r.model) return false
  if (scope.account !== null && scope.account !== r.account) return false
  return a.path === undefined || a.path(r.path)
}

/** Schema validation drops unknown fields; a misspelt scope must be refused instead of widening the fault. */
function rejectUnknownFields (body: object): void {
  for (const key of Object.keys(body)) {
    if (!BODY_FIELDS.includes(key)) throw bad(key, `is not a field of a fault: use ${BODY_FIELDS.join(', ')}`)
  }
  const scope = (body as { scope?: unknown }).scope
  if (scope !== null && typeof scope === 'object') {
    for (const key of Object.keys(scope)) {
      if (!SCOPE_FIELDS.includes(key)) throw bad(`scope.${key}`, `is not a field of a scope: use ${SCOPE_FIELDS.join(', ')}`)
    }
  }
}

/** For the route's preValidation: refuse unknown fields before schema validation strips them. */
export function checkFaultFields (body: unknown): void {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) rejectUnknownFields(body)
}
