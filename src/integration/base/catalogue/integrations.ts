import { appError } from '../../../core/errors.js'
import { categoriesFixture } from './categories.js'

/**
 * The third-party systems an end user can connect, per category, as the link widget lists them and as the
 * account-token response describes them (`AccountIntegration`: name, slug, categories, image, square_image,
 * color), from fixtures/unified-categories.json. Slugs, names and brand colours follow the real service's
 * catalogue; logos are URLs in the style of the real service's media bucket (unimock never fetches them).
 */

/** One third-party system an end user can connect, as the real widget and account-token response show it. */
export interface IntegrationInfo {
  readonly name: string
  readonly slug: string
  readonly categories: readonly string[]
  readonly image: string
  readonly square_image: string
  readonly color: string
}

const MEDIA = 'https://merge-api-production.s3.amazonaws.com/media'

export const integrations: readonly IntegrationInfo[] = Object.freeze(categoriesFixture().integrations.map((e) => Object.freeze({
  name: e.name,
  slug: e.slug,
  categories: e.categories,
  image: e.image ?? `${MEDIA}/${e.media}_Logo.png`,
  square_image: e.square_image ?? `${MEDIA}/${e.media}_Square_Logo.png`,
  color: e.color
})))

const bySlug = new Map(integrations.map((i) => [i.slug, i]))

/** The integrations the widget offers for a category: those made for it first, then those that also serve it. */
export function integrationsFor (category: string): readonly IntegrationInfo[] {
  const serving = integrations.filter((i) => i.categories.includes(category))
  return [...serving.filter((i) => i.categories[0] === category), ...serving.filter((i) => i.categories[0] !== category)]
}

export function findIntegration (slug: string): IntegrationInfo | undefined {
  return bySlug.get(slug)
}

/** The catalogue entry for `slug` in `category`; the category's first integration when none is given. */
export function resolveIntegration (category: string, slug: string | null | undefined, field: string): IntegrationInfo {
  const offered = integrationsFor(category)
  if (slug === undefined || slug === null) return offered[0]!
  const found = findIntegration(slug)
  if (found === undefined || !found.categories.includes(category)) {
    throw appError('LINK_INTEGRATION_UNKNOWN', { field, slug, category, known: offered.map((i) => i.slug).join(', ') })
  }
  return found
}
