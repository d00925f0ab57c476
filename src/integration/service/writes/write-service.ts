import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Catalogue, ModelDef } from '../../base/catalogue/catalogue.js'
import type { DataService } from '../../third-party/data/service.js'
import type { WriteEvents } from './write-events.js'
import { isObject, problem, type Validated, type WriteProblem, WriteValidator } from './validation.js'
import type { WritePresets } from './presets.js'
import { actionChange, recordContent } from './record-content.js'
import { remoteFieldProblems } from './remote-field-values.js'
import type { WriteSurface, WriteOperation } from './write-surface.js'
import { WriteRelations } from './write-relations.js'
import type { DeferredWrite, WriteAccount, WriteAnswer, WriteQuery, WriteScopes } from './write-types.js'

// The pipeline's types are in write-types.ts; the composition root and the routes take them from here too.
export type { DeferredWrite, WriteAccount, WriteAnswer, WriteQuery, WriteScopes } from './write-types.js'

export interface WriteServiceDeps {
  readonly data: DataService
  readonly catalogue: Catalogue
  readonly writes: WriteSurface
  readonly clock: Clock
  readonly events: Emitter<WriteEvents>
  readonly scopes: WriteScopes
  /** Ids of debug-mode logs. */
  readonly uuid: () => string
  readonly presets: WritePresets
  /** A write, its preset and its event commit together (a throwing listener undoes the write). */
  readonly transaction: <T>(fn: () => T) => T
  /** A `run_async` write's third-party side, done later on the scheduler (Batches.defer). */
  readonly defer: (account: WriteAccount, write: DeferredWrite) => void
}

/**
 * The write pipeline of the unified service, one for every writable model: validate the body against the
 * request definition and the account's integration, check relations and scopes, then write the record into the
 * account's simulated third-party system (DataService: visible in reads at once) and announce it. Nothing here
 * is written per model: a new writable model is a new entry in fixtures/unified-writes.json. H's CRM custom
 * objects reuse `validate` + `DataService.create/update` the same way with their own request definitions.
 */
export class WriteService {
  readonly #d: WriteServiceDeps
  readonly validator: WriteValidator
  readonly #relations: WriteRelations

  constructor (deps: WriteServiceDeps) {
    this.#d = deps
    this.validator = new WriteValidator(deps.writes)
    this.#relations = new WriteRelations(deps.catalogue, deps.data)
  }

  /** The catalogue model an operation writes. */
  model (op: WriteOperation): ModelDef {
    const model = op.model === null ? undefined : this.#d.catalogue.byId(`${op.category}.${op.model}`)
    if (model === undefined) throw new Error(`${op.key}: no catalogue model ${op.category}.${op.model ?? ''}`)
    return model
  }

  /** Whether a live record of the model is behind the id in the account. */
  exists (account: WriteAccount, model: ModelDef, id: string): boolean {
    return this.#d.data.record(account.id, model, id)?.live === true
  }

  /**
   * Validates a write's body without writing: the envelope's own fields (remote_user_id), then `model` (or,
   * for an action, the body itself), then relations. `values` are in the read model's terms.
   */
  validate (account: WriteAccount, op: WriteOperation, body: unknown, pointer = ''): Validated {
    const model = this.model(op)
    const envelope = op.body === null ? {} : this.#d.writes.request(op.category, op.body)
    const inner = this.#d.writes.innerModel(op)
    const root = pointer === '' ? 'the request body' : pointer
    if (!isObject(body)) {
      return { values: {}, warnings: [], errors: [problem(pointer === '' ? null : pointer, 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', `${root} must be a JSON object.`)] }
    }
    if (inner === undefined) {
      // An action (change-stage, application): the body is the request; its ids name records by the field's name.
      return this.#relations.checkAction(account, model, this.validator.validate({
        category: op.category, name: op.body ?? '', model: envelope, value: body, kind: 'post', support: undefined, integration: account.integrationName, pointer
      }), pointer)
    }
    const { model: wrapped, ...rest } = body
    const outer = this.validator.validate({
      category: op.category, name: op.body ?? '', model: withoutModel(envelope), value: rest, kind: 'post', support: undefined, integration: null, pointer
    })
    const kind = op.kind === 'partial_update' ? 'patch' : 'post'
    const inside = this.validator.validate({
      category: op.category,
      name: inner,
      model: this.#d.writes.request(op.category, inner),
      value: wrapped,
      kind,
      support: this.#d.writes.support(model.id, kind, account.integrationName),
      integration: account.integrationName,
      pointer: pointer === '' ? 'model' : `${pointer}/model`
    })
    const at = pointer === '' ? 'model' : `${pointer}/model`
    const custom = remoteFieldProblems(model, inside.values.remote_fields, at)
    return this.#relations.check(account, model, { values: inside.values, warnings: [...outer.warnings, ...inside.warnings], errors: [...outer.errors, ...inside.errors, ...custom] }, at)
  }

  /** POST .../{segment}: a new record. */
  create (account: WriteAccount, op: WriteOperation, body: unknown, query: WriteQuery): WriteAnswer {
    const model = this.model(op)
    const refused = this.#refused(account, model, query)
    if (refused !== undefined) return refused
    const v = this.validate(account, op, body)
    if (v.errors.length > 0) return this.#invalid(v, query)
    return this.#thirdParty(account, model, v, query, (now) => {
      // run_async: the record is in Merge's store at once; the third party gives its remote_id later.
      const content = recordContent(this.#d.catalogue, model, v.values, true, now)
      const record = this.#d.data.create(account.id, model, query.run_async === true ? { ...content, remote_id: null } : content, now)
      return { record, change: 'added', status: op.status }
    }) ?? notFound(model, 'new')
  }

  /** PATCH .../{segment}/{id}: only the given fields change. */
  update (account: WriteAccount, op: WriteOperation, id: string, body: unknown, query: WriteQuery): WriteAnswer {
    const model = this.model(op)
    if (this.#d.data.record(account.id, model, id)?.live !== true) return notFound(model, id)
    const refused = this.#refused(account, model, query)
    if (refused !== undefined) return refused
    const v = this.validate(account, op, body)
    if (v.errors.length > 0) return this.#invalid(v, query)
    return this.#thirdParty(account, model, v, query, (now) => {
      const record = this.#d.data.update(account.id, model, id, recordContent(this.#d.catalogue, model, v.values, false, now), now)
      return record === undefined ? undefined : { record, change: 'changed', status: op.status }
    }) ?? notFound(model, id)
  }

  /** POST .../{id}/change-stage, .../{id}/application: an action on an existing record. */
  act (account: WriteAccount, op: WriteOperation, id: string, body: unknown, query: WriteQuery): WriteAnswer {
    const model = this.model(op)
    const current = this.#d.data.record(account.id, model, id)
    if (current?.live !== true) return notFound(model, id)
    const refused = this.#refused(account, model, query)
    if (refused !== undefined) return refused
    const v = this.validate(account, op, body)
    if (v.errors.length > 0) return this.#invalid(v, query)
    return this.#thirdParty(account, model, v, query, (now) => {
      const record = this.#d.data.update(account.id, model, id, actionChange(op, current.record, v.values, now), now)
      return record === undefined ? undefined : { record, change: 'changed', status: op.status }
    }) ?? notFound(model, id)
  }

  /** POST .../ignore/{model_id}: 200 without a body; the record leaves reads. */
  ignore (account: WriteAccount, op: WriteOperation, id: string, body: unknown): WriteAnswer {
    const model = this.model(op)
    const v = this.validator.validate({
      category: op.category, name: op.body ?? '', model: op.body === null ? {} : this.#d.writes.request(op.category, op.body), value: body, kind: 'post', support: undefined, integration: null, pointer: ''
    })
    if (!isObject(body) || v.errors.length > 0) return { status: 400, body: detailOf(v.errors, 'The body must be a JSON object with a reason (GENERAL_CUSTOMER_REQUEST, GDPR or OTHER).') }
    const now = this.#d.clock.now()
    if (!this.#d.data.ignore(account.id, model, id, now)) return notFound(model, id)
    this.#d.events.emit('record:written', { tenantId: account.tenantId, accountId: account.id, modelId: model.id, recordId: id, change: 'removed', at: now })
    return { status: 200, body: undefined, recordId: id }
  }

  /**
   * The third-party side of a `run_async` write, on the scheduler: a preset may refuse it (a created record then
   * leaves reads, as it never reached the third party; 'write:failed' is announced), slow it or warn; otherwise a
   * created record takes its remote_id. Answers what the synchronous write would have answered.
   */
  settle (account: WriteAccount, w: DeferredWrite): WriteAnswer {
    const model = this.#d.catalogue.byId(w.modelId)
    if (model === undefined) return { status: 410, body: { detail: `The model ${w.modelId} is no longer served.` } }
    return this.#d.transaction(() => {
      const now = this.#d.clock.now()
      const query: WriteQuery = { is_debug_mode: w.debug }
      const preset = this.#d.presets.take(account.tenantId, account.id, model.id)
      if (preset?.outcome === 'fail') {
        this.#d.events.emit('write:failed', { tenantId: account.tenantId, accountId: account.id, modelId: model.id, problemType: preset.problemType, message: preset.message, at: now })
        if (w.change === 'added' && this.#d.data.ignore(account.id, model, w.recordId, now)) {
          this.#d.events.emit('record:written', { tenantId: account.tenantId, accountId: account.id, modelId: model.id, recordId: w.recordId, change: 'removed', at: now })
        }
        return this.#invalid({ values: {}, warnings: [], errors: [problem(null, preset.problemType, 'Third-Party Error', preset.message)] }, query)
      }
      const warnings = preset?.outcome === 'warn' ? [problem(null, preset.problemType, 'Third-Party Warning', preset.message)] : []
      // A rewrite of the record without the held-back remote_id: the third party's id shows from now on.
      const record = w.change === 'added' ? this.#d.data.update(account.id, model, w.recordId, {}, now) : this.#d.data.record(account.id, model, w.recordId)?.record
      if (record === undefined) return notFound(model, w.recordId)
      const answer: WriteAnswer = { status: w.status, body: { model: record, warnings, errors: [], ...this.#logs(query, w.status) }, recordId: w.recordId }
      return preset?.outcome === 'slow' ? { ...answer, delayMs: preset.delayMs } : answer
    })
  }

  /**
   * The write at the simulated third party, after validation passed: a preset may refuse it (nothing is
   * written; 'write:failed' is announced), slow it down or add a warning; otherwise the record is written and
   * announced, all in one transaction.
   */
  #thirdParty (
    account: WriteAccount, model: ModelDef, v: Validated, query: WriteQuery,
    write: (now: number) => { record: Record<string, unknown>, change: 'added' | 'changed', status: number } | undefined
  ): WriteAnswer | undefined {
    return this.#d.transaction(() => {
      const now = this.#d.clock.now()
      if (query.run_async === true) {
        // The facts' proposal: still the synchronous envelope (remote_id null on a create); the third-party side,
        // and so any preset, happens on the scheduler and ends in AsyncPost.completed.
        const done = write(now)
        if (done === undefined) return undefined
        const answer = this.#written(account, model, done.record, done.change, done.status, v.warnings, query, now)
        this.#d.defer(account, { modelId: model.id, recordId: String(done.record.id), change: done.change, status: done.status, debug: query.is_debug_mode === true })
        return answer
      }
      const preset = this.#d.presets.take(account.tenantId, account.id, model.id)
      if (preset?.outcome === 'fail') {
        this.#d.events.emit('write:failed', { tenantId: account.tenantId, accountId: account.id, modelId: model.id, problemType: preset.problemType, message: preset.message, at: now })
        return this.#invalid({ values: {}, warnings: v.warnings, errors: [problem(null, preset.problemType, 'Third-Party Error', preset.message)] }, query)
      }
      const warnings = preset?.outcome === 'warn' ? [...v.warnings, problem(null, preset.problemType, 'Third-Party Warning', preset.message)] : v.warnings
      const done = write(now)
      if (done === undefined) return undefined
      const answer = this.#written(account, model, done.record, done.change, done.status, warnings, query, now)
      return preset?.outcome === 'slow' ? { ...answer, delayMs: preset.delayMs } : answer
    })
  }

  /** A write the account may not make: the model is switched off by scopes or the link's common_models. */
  #refused (account: WriteAccount, model: ModelDef, query: WriteQuery): WriteAnswer | undefined {
    if (this.#d.scopes.writeEnabled(account.id, model.name)) return undefined
    return this.#invalid({
      values: {},
      warnings: [],
      errors: [problem(null, 'DISABLED_MODEL_WRITE', 'Disabled Model', `Writes of ${model.name} are disabled for this linked account (scopes or the link's common_models).`)]
    }, query)
  }

  /** Errors: nothing was written. The facts' proposal: 400 with the envelope and a null model. */
  #invalid (v: Validated, query: WriteQuery): WriteAnswer {
    return { status: 400, body: { model: null, warnings: v.warnings, errors: v.errors, ...this.#logs(query, 400) } }
  }

  #written (account: WriteAccount, model: ModelDef, record: Record<string, unknown>, change: 'added' | 'changed', status: number, warnings: readonly WriteProblem[], query: WriteQuery, now: number): WriteAnswer {
    const recordId = String(record.id)
    this.#d.events.emit('record:written', { tenantId: account.tenantId, accountId: account.id, modelId: model.id, recordId, change, at: now })
    return { status, body: { model: record, warnings, errors: [], ...this.#logs(query, status) }, recordId }
  }

  /** Debug mode: one log per call the service made to the third party (here, the one write). */
  #logs (query: WriteQuery, status: number): { logs?: unknown[] } {
    if (query.is_debug_mode !== true) return {}
    const logId = this.#d.uuid()
    return { logs: [{ log_id: logId, dashboard_view: `https://app.merge.dev/logs/${logId}`, log_summary: { url: 'https://api.thirdparty.example/v1/records', method: 'POST', status_code: status } }] }
  }
}

/** An envelope's definition without its `model` (fixed data: made once per envelope). */
const envelopes = new WeakMap<Readonly<Record<string, unknown>>, Record<string, never>>()
function withoutModel (envelope: Readonly<Record<string, unknown>>): Record<string, never> {
  let outer = envelopes.get(envelope)
  if (outer === undefined) {
    outer = Object.fromEntries(Object.entries(envelope).filter(([k]) => k !== 'model')) as Record<string, never>
    envelopes.set(envelope, outer)
  }
  return outer
}

function notFound (model: ModelDef, id: string): WriteAnswer {
  return { status: 404, body: { detail: `No ${model.name} with id ${id} in this linked account.` } }
}

function detailOf (errors: readonly WriteProblem[], fallback: string): Record<string, unknown> {
  return { detail: errors.length === 0 ? fallback : errors.map((e) => e.detail).join(' ') }
}
