/**
 * Request bodies an integrator would send through the official Node client for a write: built from the write
 * catalogue (fixtures/unified-writes.json: every field the request model has, which the client requires) and the
 * account's own `/meta/post` (what its integration requires), with values of the right type: relations as ids of
 * real records of the account, dates as Date, enums as one of their values. Keys are the client's camelCase;
 * free-form objects (integration_params) keep the wire's keys, as the client sends them unchanged.
 */
import { readFileSync } from 'node:fs'
import { loadCatalogue } from '../../src/integration/base/catalogue/catalogue.js'
import type { ClientMethod } from './client-methods.js'

interface RequestField {
  readonly type: string
  readonly format?: string
  readonly required?: boolean
  readonly enum?: readonly string[]
  readonly enum_ref?: string
  readonly ref?: string
  readonly items?: { readonly type?: string, readonly format?: string, readonly ref?: string, readonly enum?: readonly string[], readonly enum_ref?: string }
  readonly client_sends?: boolean
}

interface WriteOp { readonly key: string, readonly kind: string, readonly category: string, readonly model: string | null, readonly body: string | null }

interface WriteFixture {
  readonly operations: readonly WriteOp[]
  readonly requests: Record<string, Record<string, Record<string, RequestField>>>
  readonly enums: Record<string, readonly string[]>
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/unified-writes.json', import.meta.url), 'utf8')) as WriteFixture
const catalogue = loadCatalogue()

const camel = (snake: string): string => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const pascal = (snake: string): string => snake.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
/** `POST accounting/v1/credit-notes/{}/application`: the same for the client's path and the catalogue's key. */
const shape = (method: string, path: string): string => `${method} ${path.replace(/^\/?(api\/)?/, '').replace(/\{[^}]+\}/g, '{}')}`

/** The part of a `/meta/post` request schema a body builder reads: what is required, at every depth. */
export interface MetaSchema {
  readonly type?: string
  readonly required?: readonly string[]
  readonly properties?: Readonly<Record<string, MetaSchema>>
  readonly items?: MetaSchema
}

export interface BodySources {
  /** The first record id of a model (`{category}.{ModelName}`) in the account, if it has any. */
  readonly idOf: (modelId: string) => Promise<string | undefined>
  /** The `model` schema of the account's `/meta/post` for the model at this path segment. */
  readonly metaModel: (category: string, segment: string) => Promise<MetaSchema | undefined>
  /** A remote field of the model at this path segment, as a write sends it: a class's id and a value it takes. */
  readonly remoteField: (category: string, segment: string) => Promise<{ remoteFieldClass: string, value: unknown } | undefined>
}

export class WriteBodies {
  readonly #ops = new Map(fixture.operations.map((op) => [shape(op.key.split(' ')[0]!, op.key.split(' ')[1]!), op]))
  readonly #sources: BodySources

  constructor (sources: BodySources) {
    this.#sources = sources
  }

  /** The body of a create, bulk create or action method; undefined for any other method. */
  async forMethod (m: ClientMethod): Promise<Record<string, unknown> | undefined> {
    const op = this.#ops.get(shape(m.httpMethod, m.path))
    if (op === undefined || op.body === null || !['create', 'bulk_create', 'action'].includes(op.kind)) return undefined
    if (op.kind === 'action') return await this.#object(op, op.body, undefined, true)
    const model = await this.#sources.metaModel(op.category, m.path.split('/')[2]!)
    return await this.#object(op, op.body, { properties: { model: model ?? {}, payload: model ?? {} } }, false)
  }

  /**
   * An object of a request definition: the fields it or the account's meta requires (`all`: every field, for an
   * action's few). `meta` is the meta schema of this object, where there is one.
   */
  async #object (op: WriteOp, name: string, meta: MetaSchema | undefined, all: boolean): Promise<Record<string, unknown>> {
    const def = fixture.requests[op.category]?.[name]
    if (def === undefined) throw new Error(`no request definition ${op.category}.${name}`)
    const out: Record<string, unknown> = {}
    for (const [field, f] of Object.entries(def)) {
      if (f.client_sends === false) continue
      const wanted = f.required === true || meta?.required?.includes(field) === true || (all && !(f.type === 'object' && f.ref === undefined))
      // An envelope's model (or a bulk item's payload) is always built: its meta says what it needs.
      const inner = meta?.properties?.[field]
      const needsInside = (inner?.required?.length ?? 0) > 0 || (inner?.items?.required?.length ?? 0) > 0
      if (!wanted && field !== 'model' && field !== 'payload' && !needsInside) continue
      const value = await this.#value(op, field, f, meta?.properties?.[field])
      if (value !== undefined) out[camel(field)] = value
    }
    return out
  }

  async #value (op: WriteOp, field: string, f: RequestField, meta: MetaSchema | undefined): Promise<unknown> {
    if (f.enum !== undefined || f.enum_ref !== undefined) return (f.enum ?? fixture.enums[f.enum_ref!] ?? [])[0]
    switch (f.type) {
      case 'boolean': return true
      case 'integer':
      case 'number': return 1
      case 'array': {
        const items = f.items ?? {}
        if (items.ref === 'RemoteFieldRequest') {
          const remote = await this.#sources.remoteField(op.category, op.key.split('/')[4]!)
          return remote === undefined ? [] : [remote]
        }
        if (items.ref !== undefined) return [await this.#object(op, items.ref, meta?.items, false)]
        if (items.enum !== undefined || items.enum_ref !== undefined) return [(items.enum ?? fixture.enums[items.enum_ref!] ?? [])[0]]
        if (items.format === 'uuid') {
          const id = await this.#relation(op, field)
          return id === undefined ? [] : [id]
        }
        return []
      }
      case 'object': return f.ref === undefined ? freeForm(meta) : await this.#object(op, f.ref, meta, false)
      case 'string': return await this.#string(op, field, f.format)
      default: return 'Conformance'
    }
  }

  async #string (op: WriteOp, field: string, format: string | undefined): Promise<unknown> {
    switch (format) {
      case 'uuid': return await this.#relation(op, field)
      case 'date-time':
      case 'date': return new Date('2026-01-15T00:00:00.000Z')
      case 'email': return 'it@conformance.example'
      case 'uri': return 'https://files.conformance.example/report.pdf'
      case 'decimal': return '1.00'
      default: return 'Conformance'
    }
  }

  /** A record of the model a relation field names: by the read model's reference, else by the field's name. */
  async #relation (op: WriteOp, field: string): Promise<string | undefined> {
    const model = op.model === null ? undefined : catalogue.byId(`${op.category}.${op.model}`)
    const own = model?.fields.find((f) => f.name === field)?.shape
    const target = own !== undefined && own.t === 'ref' && own.to === 'model' ? own.target : pascal(field.replace(/s$/, ''))
    return catalogue.byId(`${op.category}.${target}`) === undefined ? undefined : await this.#sources.idOf(`${op.category}.${target}`)
  }
}

/** A free-form object (integration_params): the keys meta says the integration requires, as the wire names them. */
function freeForm (meta: MetaSchema | undefined): Record<string, unknown> {
  return Object.fromEntries((meta?.required ?? []).map((key) => {
    const type = meta?.properties?.[key]?.type
    return [key, type === 'boolean' ? true : type === 'number' || type === 'integer' ? 1 : 'Conformance']
  }))
}

/** The catalogue model id at a category's path segment, for a list call that finds a record's id. */
export function segmentOf (modelId: string): string | undefined {
  return catalogue.byId(modelId)?.segment
}
