import { categoriesFixture } from '../../../base/catalogue/categories.js'
import type { ModelDef } from '../../../base/catalogue/catalogue.js'

/**
 * How many records each model's simulated third-party system holds when an account is linked. Each account
 * is a company of a size drawn from its id (50 to 300 people); each model has a fixed part and a part per
 * person, so a 200-person company has 200 employees, about 240 employments and a handful of locations.
 * `--data-scale` multiplies every default; `--data-volume` pins single models (e.g. employees=1000000).
 */

/** [fixed, per person] per model id, from each category's `volumes` in fixtures/unified-categories.json. */
const RULES: ReadonlyMap<string, readonly [number, number]> = new Map(Object.entries(categoriesFixture().categories)
  .flatMap(([category, info]) => Object.entries(info.volumes ?? {}).map(([model, rule]) => [`${category}.${model}`, rule] as const)))

/** The size of the company behind an account: 50 to 300 people. */
export function companySize (accountHash: number): number {
  return 50 + (accountHash % 251)
}

export interface VolumeSettings {
  /** Multiplies every default count. */
  readonly scale: number
  /** Exact initial counts keyed by `category.segment`, `category.ModelName` or a bare segment. */
  readonly overrides: Readonly<Record<string, number>>
}

export function initialCount (model: ModelDef, accountHash: number, settings: VolumeSettings): number {
  const o = settings.overrides
  const pinned = o[`${model.category}.${model.segment}`] ?? o[model.id] ?? o[model.segment]
  if (pinned !== undefined) return pinned
  const [fixed, perPerson] = RULES.get(model.id) ?? [5, 0.5]
  return Math.max(1, Math.round((fixed + perPerson * companySize(accountHash)) * settings.scale))
}

/**
 * Parses `employees=1000000,hris.companies=3` (the `--data-volume` flag). Returns an error message naming
 * the bad entry, or the overrides.
 */
export function parseVolumeOverrides (entries: readonly string[], known: (key: string) => boolean): Record<string, number> | string {
  const out: Record<string, number> = {}
  for (const entry of entries.flatMap((e) => e.split(','))) {
    const text = entry.trim()
    if (text === '') continue
    const m = /^([A-Za-z][\w.-]*)=(\d+)$/.exec(text)
    if (m === null) return `"${text}" is not of the form model=count (e.g. employees=1000000 or hris.employees=5000)`
    const [, key, count] = m as unknown as [string, string, string]
    if (!known(key)) return `"${key}" names no model: use a path segment (employees), category.segment (hris.employees) or category.ModelName (hris.Employee)`
    const n = Number(count)
    if (!Number.isSafeInteger(n) || n < 1 || n > 50_000_000) return `"${text}": the count must be between 1 and 50000000`
    out[key] = n
  }
  return out
}
