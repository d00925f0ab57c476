import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import { readPackageJsonFile } from '../../../core/fixtures.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Catalogue, ModelDef } from '../../base/catalogue/catalogue.js'
import type { Mapper } from '../data/reads/decoration.js'
import { CUSTOM_FIELDS } from '../data/vendor/custom-fields.js'
import { vendorFields } from '../data/vendor/payload.js'
import type { FieldMappingRepository, FieldMappingRow } from './field-mapping-repository.js'
import type { RemoteEvents } from '../remote/remote-events.js'
import { checkJmes, evaluateJmes } from './jmes-bounds.js'

export interface CreateFieldMapping {
  readonly target_field_name?: string
  readonly target_field_description?: string
  /** The name of an organization-wide target field (POST /target-fields) the mapping fills instead. */
  readonly organization_wide_target_field?: string
  readonly remote_field_traversal_path: readonly string[]
  readonly remote_method: string
  readonly remote_url_path: string
  readonly common_model_name: string
  readonly jmes_path?: string
}

export interface PatchFieldMapping {
  readonly remote_field_traversal_path?: readonly string[]
  readonly remote_method?: string
  readonly remote_url_path?: string
  readonly jmes_path?: string
}

export interface MappingAccount { readonly tenantId: number, readonly id: string, readonly category: string }

/**
 * Field mappings: a target field of a common model filled from a field of the third party's raw records
 * (a traversal path into the record the raw vendor API shows, then an optional JMESPath expression evaluated
 * by a real JMESPath implementation). A mapping is per linked account; created or changed, it takes effect
 * at the model's next sync, as the real service's does, and from then on every record of the model shows the
 * value in field_mappings.linked_account_defined_targets.
 */
export class FieldMappings {
  readonly #repo: FieldMappingRepository
  readonly #catalogue: Catalogue
  readonly #ids: Ids
  readonly #clock: Clock
  readonly #events: Emitter<RemoteEvents>

  constructor (deps: { repo: FieldMappingRepository, catalogue: Catalogue, ids: Ids, clock: Clock, events: Emitter<RemoteEvents> }) {
    this.#repo = deps.repo
    this.#catalogue = deps.catalogue
    this.#ids = deps.ids
    this.#clock = deps.clock
    this.#events = deps.events
  }

  list (account: MappingAccount, excludeMetadata: boolean): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {}
    for (const m of this.#repo.byAccount(account.id)) {
      const name = m.modelId.slice(m.modelId.indexOf('.') + 1)
      out[name] ??= []
      out[name].push(instance(m, excludeMetadata))
    }
    return out
  }

  create (account: MappingAccount, body: CreateFieldMapping): Record<string, unknown> {
    const model = this.#model(account.category, body.common_model_name)
    checkPath(body.remote_field_traversal_path)
    if (body.jmes_path !== undefined) checkJmes(body.jmes_path)
    const target = this.#target(account, model, body)
    const row = {
      id: this.#ids.uuid(),
      tenantId: account.tenantId,
      accountId: account.id,
      modelId: model.id,
      targetName: target.name,
      targetDescription: target.description,
      organizationWide: target.organizationWide,
      remoteMethod: body.remote_method,
      remoteUrlPath: body.remote_url_path,
      traversalPath: body.remote_field_traversal_path,
      jmesPath: body.jmes_path ?? null
    }
    this.#repo.insert(row)
    this.#changed(account, row.id, 'created')
    return instance({ ...row, applied: false }, false)
  }

  update (account: MappingAccount, id: string, body: PatchFieldMapping): Record<string, unknown> {
    const found = this.#mine(account, id)
    if (body.remote_field_traversal_path !== undefined) checkPath(body.remote_field_traversal_path)
    if (body.jmes_path !== undefined) checkJmes(body.jmes_path)
    const next: FieldMappingRow = {
      ...found,
      remoteMethod: body.remote_method ?? found.remoteMethod,
      remoteUrlPath: body.remote_url_path ?? found.remoteUrlPath,
      traversalPath: body.remote_field_traversal_path ?? found.traversalPath,
      jmesPath: body.jmes_path ?? found.jmesPath,
      applied: false
    }
    this.#repo.update(next)
    this.#changed(account, id, 'updated')
    return instance(next, false)
  }

  delete (account: MappingAccount, id: string): Record<string, unknown> {
    const found = this.#mine(account, id)
    this.#repo.delete(id)
    this.#changed(account, id, 'deleted')
    return instance(found, false)
  }

  /** A sync of the model finished for the account: its mappings changed since apply from now on. */
  synced (accountId: string, modelId: string): void {
    this.#repo.markApplied(accountId, modelId)
  }

  /**
   * field_mappings of the model's records, from each record as the vendor holds it (vendorPayload): undefined
   * when no mapping of the model is in effect. Its key is what `mapped` reads of the mappings, so the data
   * service can keep the pages it fills until a mapping changes.
   */
  mapperFor (accountId: string, model: ModelDef): Mapper | undefined {
    const mappings = this.#repo.byAccount(accountId).filter((m) => m.modelId === model.id && m.applied)
    if (mappings.length === 0) return undefined
    const key = JSON.stringify(mappings.map((m) => [m.targetName, m.organizationWide, m.traversalPath, m.jmesPath]))
    return Object.assign((payload: Readonly<Record<string, unknown>>) => mapped(mappings, payload), { key })
  }

  /** GET /remote-fields: the custom fields of every model of the category, where the raw API has them. */
  remoteFields (category: string, only: ReadonlySet<string> | undefined): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {}
    // One key per model the response type has, spelled as the official client knows it (EEOC for Eeoc).
    const keys = new Map((remoteFieldModels()[category] ?? []).map((key) => [key.toLowerCase(), key]))
    for (const model of this.#catalogue.inCategory(category)) {
      const key = keys.get(model.name.toLowerCase())
      if (key === undefined || (only !== undefined && !only.has(model.name) && !only.has(key))) continue
      // Every key of the vendor's payload can be mapped: the common fields' own (firstName) and the custom ones.
      const fields = [
        ...vendorFields(model).map((f) => ({ key: f.key, schema: f.schema })),
        ...CUSTOM_FIELDS.map((f) => ({ key: f.key, schema: { type: f.type === 'bool' ? 'boolean' : f.type === 'date' ? 'string' : f.type } }))
      ]
      out[key] = fields.map((f) => ({
        schema: f.schema,
        remote_key_name: f.key,
        remote_endpoint_info: { method: 'GET', url_path: `/api/v1/${model.segment}`, field_traversal_path: [f.key] },
        example_values: [],
        advanced_metadata: null,
        coverage: 1
      }))
    }
    return out
  }

  /** GET /target-fields: organization-wide targets of the tenant and the account's mapped targets. */
  targetFields (account: MappingAccount): Record<string, unknown[]> {
    const out: Record<string, Array<{ name: string, description: string, is_mapped: string | null }>> = {}
    const prefix = `${account.category}.`
    const mapped = this.#repo.byAccount(account.id)
    for (const t of this.#repo.targets(account.tenantId)) {
      if (!t.modelId.startsWith(prefix)) continue
      const hit = mapped.find((m) => m.modelId === t.modelId && m.targetName === t.name)
      const name = t.modelId.slice(prefix.length)
      out[name] ??= []
      out[name].push({ name: t.name, description: t.description, is_mapped: hit === undefined ? null : hit.id })
    }
    for (const m of mapped) {
      const name = m.modelId.slice(prefix.length)
      out[name] ??= []
      const list = out[name]
      if (!list.some((t) => t.name === m.targetName)) list.push({ name: m.targetName, description: m.targetDescription, is_mapped: m.id })
    }
    return out
  }

  addTargetField (account: MappingAccount, body: { name: string, common_model: string, description?: string }): Record<string, unknown[]> {
    const model = this.#model(account.category, body.common_model)
    this.#repo.addTarget(account.tenantId, model.id, body.name, body.description ?? '')
    this.#events.emit('field-mapping:changed', { tenantId: account.tenantId, accountId: null, mappingId: `${model.id}:${body.name}`, change: 'created', at: this.#clock.now() })
    return this.targetFields(account)
  }

  clear (): void { this.#repo.clear() }

  #model (category: string, name: string): ModelDef {
    const model = this.#catalogue.byId(`${category}.${name}`)
    if (model === undefined) {
      throw appError('FIELD_MAPPING_BAD_MODEL', { name, category, allowed: this.#catalogue.inCategory(category).map((m) => m.name).join(', ') })
    }
    return model
  }

  /**
   * The target a new mapping fills: the organization-wide one it names (which must exist for the model and not
   * be mapped yet for this account), else its own linked-account target.
   */
  #target (account: MappingAccount, model: ModelDef, body: CreateFieldMapping): { name: string, description: string, organizationWide: boolean } {
    const mine = this.#repo.byAccount(account.id).filter((m) => m.modelId === model.id)
    const name = body.organization_wide_target_field
    if (name !== undefined) {
      const found = this.#repo.targets(account.tenantId).find((t) => t.modelId === model.id && t.name === name)
      if (found === undefined) throw appError('FIELD_MAPPING_BAD_TARGET', { name, model: model.name })
      if (mine.some((m) => m.organizationWide && m.targetName === name)) throw appError('FIELD_MAPPING_TARGET_TAKEN', { name, model: model.name })
      return { name, description: found.description, organizationWide: true }
    }
    if (body.target_field_name === undefined || body.target_field_name === '') throw appError('FIELD_MAPPING_NO_TARGET')
    if (mine.some((m) => !m.organizationWide && m.targetName === body.target_field_name)) throw appError('FIELD_MAPPING_TARGET_TAKEN', { name: body.target_field_name, model: model.name })
    return { name: body.target_field_name, description: body.target_field_description ?? '', organizationWide: false }
  }

  #mine (account: MappingAccount, id: string): FieldMappingRow {
    const found = this.#repo.byId(id)
    if (found === undefined || found.accountId !== account.id) throw appError('FIELD_MAPPING_NOT_FOUND', { id })
    return found
  }

  #changed (account: MappingAccount, mappingId: string, change: 'created' | 'updated' | 'deleted'): void {
    this.#events.emit('field-mapping:changed', { tenantId: account.tenantId, accountId: account.id, mappingId, change, at: this.#clock.now() })
  }
}

let remoteFieldKeys: Readonly<Record<string, readonly string[]>> | undefined
const remoteFieldModels = (): Readonly<Record<string, readonly string[]>> => {
  remoteFieldKeys ??= readPackageJsonFile<{ remote_field_models: Record<string, string[]> }>('fixtures/unified-operations.json').remote_field_models
  return remoteFieldKeys
}

/**
 * The mapped values of one record: each mapping's traversal path into the raw record, then its JMESPath; a
 * mapping onto an organization-wide target fills organization_defined_targets, any other the linked account's.
 */
function mapped (mappings: readonly FieldMappingRow[], raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const organization: Record<string, unknown> = {}
  const linked: Record<string, unknown> = {}
  for (const m of mappings) {
    let value: unknown = raw
    for (const key of m.traversalPath) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
    if (m.jmesPath !== null) value = evaluateJmes(value, m.jmesPath)
    ;(m.organizationWide ? organization : linked)[m.targetName] = value ?? null
  }
  return { organization_defined_targets: organization, linked_account_defined_targets: linked }
}

function checkPath (path: readonly string[]): void {
  if (path.length === 0 || path.some((k) => k === '')) throw appError('FIELD_MAPPING_BAD_PATH')
}

function instance (m: FieldMappingRow, excludeMetadata: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: m.id,
    is_integration_wide: false,
    target_field: { name: m.targetName, description: m.targetDescription, is_organization_wide: m.organizationWide },
    remote_field: {
      remote_key_name: excludeMetadata ? null : m.traversalPath[m.traversalPath.length - 1] ?? null,
      schema: excludeMetadata ? null : {},
      remote_endpoint_info: { method: m.remoteMethod, url_path: m.remoteUrlPath, field_traversal_path: [...m.traversalPath] }
    }
  }
  if (m.jmesPath !== null) out.jmes_path = m.jmesPath
  return out
}
