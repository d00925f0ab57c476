import { readPackageJsonFile } from '../../../core/fixtures.js'

/**
 * The categories of the unified service, as data (fixtures/unified-categories.json): the order every list of
 * categories follows, what the widget calls each one's systems, which webhook event names carry a prefix, and
 * the integrations. Nothing in the code names a category, so the next category the real service adds is an
 * entry in that file and a run of the derive scripts. `mktg` is not one of them: it appears only in the spec's
 * exchange path (POST /api/mktg/v1/create-link-token).
 */

export interface CategoryInfo {
  /** What the widget calls the end user's system ("Connect your HR system"). */
  readonly system: string
  /** Models whose webhook event names carry a prefix (CRMAccount.synced). */
  readonly webhook_model_prefix?: { readonly prefix: string, readonly models: readonly string[] }
  /** Per model: [records at any company, records per person] the simulated system holds when linked. */
  readonly volumes?: Readonly<Record<string, readonly [number, number]>>
}

export interface IntegrationEntry {
  readonly name: string
  readonly slug: string
  readonly categories: readonly string[]
  readonly color: string
  /** The file stem of its logo URLs in the style of the real service's media bucket. */
  readonly media: string
  readonly image?: string
  readonly square_image?: string
}

export interface CategoriesFixture {
  readonly categories: Readonly<Record<string, CategoryInfo>>
  readonly integrations: readonly IntegrationEntry[]
}

export const categoriesFixture = (): CategoriesFixture => readPackageJsonFile<CategoriesFixture>('fixtures/unified-categories.json')

export const CATEGORIES: readonly string[] = Object.freeze(Object.keys(categoriesFixture().categories))

/** A category name; which ones exist is data (CATEGORIES). */
export type Category = string

export function isCategory (value: string): value is Category {
  return Object.hasOwn(categoriesFixture().categories, value)
}

export function categoryInfo (category: string): CategoryInfo | undefined {
  return isCategory(category) ? categoriesFixture().categories[category] : undefined
}

/** Path prefixes the unified service answers under: /api and the unversioned data alias /{category}/v1. */
export const UNIFIED_PREFIXES: readonly string[] = ['/api', ...CATEGORIES.map((c) => `/${c}/v1`), '/mktg/v1']
