import type { RequestField, WriteSurface, WriteOperation } from './write-surface.js'
import type { WriteAccount } from './write-service.js'

/**
 * `GET .../meta/post` and `.../meta/patch/{id}`: the request schema of a write as the account's integration
 * takes it (the facts' proposal, section 2): the request definition's fields, kept to those the integration
 * supports (all of them when the facts list nothing for it), its required parameters marked required, enum
 * choices with Merge's `enum_information`; the account's status; conditional parameters for ATS applications
 * and ticketing tickets.
 */

type JsonSchema = Record<string, unknown>

/** Models whose schema depends on a choice made first (a template, a collection and ticket type). */
const CONDITIONAL = new Set(['ats.Application', 'ticketing.Ticket'])

export class MetaBuilder {
  readonly #writes: WriteSurface

  constructor (writes: WriteSurface) {
    this.#writes = writes
  }

  /** The create or partial update a meta operation describes. */
  writeOf (meta: WriteOperation): WriteOperation | undefined {
    const kind = meta.kind === 'meta_patch' ? 'partial_update' : 'create'
    return this.#writes.operations.find((op) => op.family === 'writes' && op.kind === kind && op.category === meta.category && op.model === meta.model)
  }

  build (account: WriteAccount, meta: WriteOperation): Record<string, unknown> {
    const write = this.writeOf(meta)
    const modelId = `${meta.category}.${meta.model ?? ''}`
    const kind = meta.kind === 'meta_patch' ? 'patch' : 'post'
    const support = this.#writes.support(modelId, kind, account.integrationName)
    const properties: Record<string, JsonSchema> = {}
    const required: string[] = []
    const inner = write === undefined ? undefined : this.#writes.innerModel(write)
    if (write !== undefined && inner !== undefined) {
      const model = this.#writes.request(meta.category, inner)
      const keep = support === undefined ? undefined : new Set(support.supported_fields)
      const modelProps: Record<string, JsonSchema> = {}
      const modelRequired: string[] = []
      for (const [name, field] of Object.entries(model)) {
        if (field.client_sends === false) continue
        if (keep !== undefined && !keep.has(name) && name !== 'integration_params' && name !== 'linked_account_params') continue
        modelProps[name] = this.#field(meta.category, name, field, 0)
        const mustSend = field.required === true || (support?.required_parameters.includes(name) ?? false)
        if (mustSend && kind === 'post') modelRequired.push(name)
      }
      if (kind === 'post') for (const dotted of support?.required_parameters ?? []) requireNested(modelProps, dotted)
      properties.model = { type: 'object', properties: modelProps, required: modelRequired }
      required.push('model')
      for (const [name, field] of Object.entries(this.#writes.request(meta.category, write.body!))) {
        if (name === 'model') continue
        properties[name] = this.#field(meta.category, name, field, 0)
        if (field.required === true) required.push(name)
      }
    }
    return {
      request_schema: { type: 'object', properties, required },
      status: { linked_account_status: account.status, can_make_request: account.status === 'COMPLETE' },
      has_conditional_params: kind === 'post' && CONDITIONAL.has(modelId),
      has_required_linked_account_params: false,
      // The client 4.0.4 knows remote_field_classes (the 2025 key) except in accounting, where it knows only
      // the 2026 remote_fields: each category gets the key its client parses.
      ...(meta.category === 'accounting' ? { remote_fields: [] } : { remote_field_classes: {} })
    }
  }

  #field (category: string, name: string, field: RequestField, depth: number): JsonSchema {
    const title = name.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')
    const out: JsonSchema = { type: jsonType(field.type), title, description: `${title} of the record` }
    if (field.format !== undefined) out.format = field.format
    const values = this.#writes.enumValues(field)
    if (values !== undefined) {
      out.type = 'string'
      out.enum = [...values]
      out.enum_information = values.map((value) => ({ value, description: value.toLowerCase().replace(/_/g, ' ') }))
    }
    if (field.type === 'array') {
      const items = field.items ?? {}
      out.items = items.ref !== undefined && depth < 3
        ? this.#object(category, items.ref, depth + 1)
        : { type: jsonType(items.type ?? 'string'), ...(items.format === undefined ? {} : { format: items.format }) }
    }
    if (field.type === 'object' && field.ref !== undefined && depth < 3) return { ...this.#object(category, field.ref, depth + 1), title }
    return out
  }

  #object (category: string, name: string, depth: number): JsonSchema {
    const properties: Record<string, JsonSchema> = {}
    for (const [key, field] of Object.entries(this.#writes.request(category, name))) {
      if (field.client_sends !== false) properties[key] = this.#field(category, key, field, depth)
    }
    return { type: 'object', properties }
  }
}

/**
 * A parameter the integration requires inside a field (`integration_params.file_type`, `lines.account`): marked
 * required in that object (or in the items of that list), added as a string when the request model leaves the
 * object free-form, so an integrator learns from meta what the write will insist on.
 */
function requireNested (modelProps: Record<string, JsonSchema>, dotted: string): void {
  const [head, key, ...deeper] = dotted.split('.')
  const parent = head === undefined ? undefined : modelProps[head]
  if (key === undefined || deeper.length > 0 || parent === undefined) return
  const target = (parent.type === 'array' ? parent.items : parent) as JsonSchema | undefined
  if (target === undefined || target.type !== 'object') return
  const props = (target.properties ?? {}) as Record<string, JsonSchema>
  const title = key.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')
  props[key] ??= { type: 'string', title, description: `${title}, required by the integration` }
  target.properties = props
  target.required = [...new Set([...((target.required ?? []) as string[]), key])]
}

function jsonType (type: string): string {
  if (type === 'enum') return 'string'
  if (type === 'any') return 'object'
  return type
}
