import { readPackageJsonFile } from '../../../core/fixtures.js'

/**
 * The write surface of the unified service, as data: every write, meta and async-task operation, the request
 * bodies they take and, per integration, the fields each create or partial update accepts and requires. Read
 * from fixtures/unified-writes.json (derived from the researched facts by scripts/derive-unified-writes.mjs);
 * routes, validation and /meta are all built from it, nothing per model.
 */

export type WriteKind = 'create' | 'partial_update' | 'ignore' | 'action' | 'bulk_create' | 'bulk_retrieve' | 'meta_post' | 'meta_patch' | 'retrieve'

export interface RequestField {
  readonly type: string
  readonly format?: string
  readonly nullable: boolean
  readonly required?: boolean
  readonly enum?: readonly string[]
  readonly enum_ref?: string
  readonly ref?: string
  readonly items?: { readonly ref?: string, readonly type?: string, readonly format?: string, readonly enum?: readonly string[], readonly enum_ref?: string, readonly anyOf?: readonly RequestField[] }
  /** A union's members (`type: 'union'`): an id or the record itself; the spec's open enums are kept as their enum. */
  readonly anyOf?: readonly RequestField[]
  /** The official client does not know the field (only the 2026 spec has it): accepted from raw HTTP. */
  readonly client_sends?: false
}

export type RequestModel = Readonly<Record<string, RequestField>>

export interface WriteOperation {
  /** `METHOD /api/{category}/v1/...` with the spec's `{param}`s. */
  readonly key: string
  readonly family: 'writes' | 'meta' | 'async_tasks'
  readonly kind: WriteKind
  readonly category: string
  /** The common model written (its catalogue name), null for async tasks. */
  readonly model: string | null
  readonly status: number
  readonly response: string
  /** The request body's definition (the envelope), null when there is no body. */
  readonly body: string | null
  readonly query: readonly string[]
  readonly in_client: boolean
}

/** What one integration accepts on a create or a partial update of a model. */
export interface IntegrationWriteSupport {
  readonly supported_fields: readonly string[]
  readonly required_parameters: readonly string[]
}

interface WritesFixture {
  readonly operations: readonly WriteOperation[]
  readonly requests: Readonly<Record<string, Readonly<Record<string, RequestModel>>>>
  readonly enums: Readonly<Record<string, readonly string[]>>
  readonly support: Readonly<Record<string, { readonly post?: Readonly<Record<string, IntegrationWriteSupport>>, readonly patch?: Readonly<Record<string, IntegrationWriteSupport>> }>>
}

export class WriteSurface {
  readonly operations: readonly WriteOperation[]
  readonly #raw: WritesFixture

  constructor (raw: WritesFixture) {
    this.#raw = raw
    this.operations = raw.operations
  }

  request (category: string, name: string): RequestModel {
    const model = this.#raw.requests[category]?.[name]
    if (model === undefined) throw new Error(`unified-writes.json has no request model ${category}.${name}`)
    return model
  }

  /** The enum values a request field allows (inline, or by the name of a shared enum). */
  enumValues (field: { readonly enum?: readonly string[], readonly enum_ref?: string }): readonly string[] | undefined {
    if (field.enum !== undefined) return field.enum
    return field.enum_ref === undefined ? undefined : this.#raw.enums[field.enum_ref]
  }

  /** The request model inside an operation's `model` wrapper (or a bulk item's `payload`). */
  innerModel (op: WriteOperation): string | undefined {
    if (op.body === null) return undefined
    const envelope = this.request(op.category, op.body)
    const wrapped = envelope.model?.ref
    if (wrapped !== undefined) return wrapped
    const item = envelope.batch_items?.items?.ref
    return item === undefined ? undefined : this.request(op.category, item).payload?.ref
  }

  /**
   * What an integration accepts for a model's create (`post`) or partial update (`patch`), or undefined when
   * the facts list nothing for that integration: unimock then accepts every field of the request model.
   */
  support (modelId: string, kind: 'post' | 'patch', integrationName: string | null): IntegrationWriteSupport | undefined {
    if (integrationName === null) return undefined
    return this.#raw.support[modelId]?.[kind]?.[integrationName]
  }

  /** Integrations the facts list for a model's create or partial update. */
  integrations (modelId: string, kind: 'post' | 'patch'): readonly string[] {
    return Object.keys(this.#raw.support[modelId]?.[kind] ?? {})
  }
}

let loaded: WriteSurface | undefined

export function loadWriteSurface (): WriteSurface {
  loaded ??= new WriteSurface(readPackageJsonFile<WritesFixture>('fixtures/unified-writes.json'))
  return loaded
}
