import { readPackageJsonFile } from '../../../core/fixtures.js'
import { type ApiRevision, DATA_CATEGORIES, type DataCategory, type FieldDef, type ModelDef, type NestedListDef, type SubObjectDef } from './definitions.js'
import { modelFilters } from './filters.js'
import type { RawCatalogue, RawCategory, RawModel } from './raw-catalogue.js'
import { FieldShapes } from './shapes.js'

export { API_REVISIONS, DATA_CATEGORIES, GENERIC_LIST_PARAMS, SENSITIVE_FIELDS } from './definitions.js'
export type { ApiRevision, DataCategory, FieldDef, Filter, ModelDef, NestedListDef, Shape, SubObjectDef } from './definitions.js'

/**
 * The model catalogue of the unified service, as data: every common model of every category with its
 * path segment, typed fields, expandable relations and list filters, read from fixtures/unified-models.json
 * (derived from the researched facts by scripts/derive-unified-models.mjs). Nothing here is written per
 * model: routes, schemas, the generator and the filters are all built from these definitions.
 */
export class Catalogue {
  readonly models: readonly ModelDef[]
  readonly nestedLists: readonly NestedListDef[]
  readonly #bySegment = new Map<string, ModelDef>()
  readonly #byId = new Map<string, ModelDef>()
  readonly #subObjects = new Map<string, SubObjectDef>()

  constructor (models: readonly ModelDef[], subObjects: readonly SubObjectDef[], nested: ReadonlyArray<{ category: string, path: string, model: string }> = []) {
    this.models = models
    for (const m of models) {
      this.#bySegment.set(`${m.category}/${m.segment}`, m)
      this.#byId.set(m.id, m)
    }
    for (const s of subObjects) this.#subObjects.set(`${s.category}.${s.name}`, s)
    // A nested list no relation ties to its parent (ticketing's project users) is not a narrowed model list:
    // nested-lists.ts writes those by hand.
    this.nestedLists = nested.map((n) => this.#nestedList(n.category, n.path, n.model)).filter((n) => n !== undefined)
  }

  #nestedList (category: string, path: string, modelName: string): NestedListDef | undefined {
    const [segment, braced, tail] = path.split('/') as [string, string, string]
    const parent = this.bySegment(category, segment)
    const model = this.model(category, modelName)
    if (parent === undefined) throw new Error(`unified-models.json: nested list ${category} ${path} has no parent model`)
    const listed = parent.fields.find((f) => f.name === tail && f.shape.t === 'ref' && f.shape.many && f.shape.target === modelName)
    const back = model.fields.find((f) => f.shape.t === 'ref' && !f.shape.many && f.shape.target === parent.name)
    const scope = listed !== undefined ? { by: 'parent-list' as const, field: listed.name } : back !== undefined ? { by: 'child-ref' as const, field: back.name } : undefined
    if (scope === undefined) return undefined
    return { category, parent, param: braced.slice(1, -1), tail, model, scope }
  }

  bySegment (category: string, segment: string): ModelDef | undefined {
    return this.#bySegment.get(`${category}/${segment}`)
  }

  /** By `{category}.{ModelName}`. */
  byId (id: string): ModelDef | undefined {
    return this.#byId.get(id)
  }

  model (category: DataCategory, name: string): ModelDef {
    const m = this.#byId.get(`${category}.${name}`)
    if (m === undefined) throw new Error(`no model ${category}.${name} in the catalogue`)
    return m
  }

  subObject (category: DataCategory, name: string): SubObjectDef {
    const s = this.#subObjects.get(`${category}.${name}`)
    if (s === undefined) throw new Error(`no sub-object ${category}.${name} in the catalogue`)
    return s
  }

  inCategory (category: string): ModelDef[] {
    return this.models.filter((m) => m.category === category)
  }
}

/** The catalogue of one revision from the fixture. */
function build (fixture: RawCatalogue, revision: ApiRevision): Catalogue {
  const shapes = new FieldShapes(fixture, revision)
  const models: ModelDef[] = []
  const subObjects: SubObjectDef[] = []
  for (const category of DATA_CATEGORIES) {
    const raw = fixture.categories[category]
    if (raw === undefined) throw new Error(`unified-models.json has no category ${category}`)
    for (const [name, sub] of Object.entries(raw.sub_objects)) {
      subObjects.push({ category, name, fields: shapes.fields(category, name, sub.fields) })
    }
    for (const [name, raw_] of Object.entries(raw.models)) {
      // The facts list no expand values for a few models whose relations the official client does offer
      // to expand (a GeneralLedgerTransaction's accounting_period and its general_ledger_transaction_lines,
      // a Team's parent_team): there, every relation to a model or sub-object of the category is expandable.
      const m = raw_.expand_values.length > 0 ? raw_ : { ...raw_, expand_values: relationsToRecords(raw_, raw) }
      // expand_values is the authority on what `expand` accepts: some relations it lists carry no
      // expandable_to in the facts (a Group's parent_group).
      const fields = shapes.fields(category, name, m.fields).map((f): FieldDef =>
        f.shape.t === 'ref' && !f.shape.expandable && m.expand_values.includes(f.name) ? { ...f, shape: { ...f.shape, expandable: true } } : f)
      const partial = {
        category,
        name,
        id: `${category}.${name}`,
        segment: m.segment,
        retrieve: m.retrieve,
        inSdk: m.in_sdk,
        inSpec: m.in_spec,
        fields,
        listParams: m.list_query_params,
        retrieveParams: m.retrieve_query_params,
        expandValues: m.expand_values,
        hasTimeFilters: m.list_query_params.includes('modified_after'),
        nestedOnly: m.list_path !== undefined
      }
      const { filters, unsupported } = modelFilters(m.list_query_params, fields)
      models.push({ ...partial, filters, unsupportedParams: unsupported })
    }
  }
  const nested = DATA_CATEGORIES.flatMap((category) => (fixture.categories[category]!.nested_lists ?? []).map((n) => ({ category, ...n })))
  return new Catalogue(models, subObjects, nested)
}

function relationsToRecords (model: RawModel, category: RawCategory): string[] {
  const stored = (target: string): boolean => Object.hasOwn(category.models, target) || Object.hasOwn(category.sub_objects, target)
  return Object.entries(model.fields).filter(([, f]) => f.expandable_to !== undefined && stored(f.expandable_to)).map(([name]) => name)
}

const loaded = new Map<ApiRevision, Catalogue>()

/** The catalogue of a revision, built once per process: it is immutable and shared by every app instance. */
export function loadCatalogue (revision: ApiRevision = '4.0.4'): Catalogue {
  let catalogue = loaded.get(revision)
  if (catalogue === undefined) {
    catalogue = build(readPackageJsonFile<RawCatalogue>('fixtures/unified-models.json'), revision)
    loaded.set(revision, catalogue)
  }
  return catalogue
}
