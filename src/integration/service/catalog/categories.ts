/**
 * The seven categories of the unified service, in the order the spec lists them. `mktg` is not one of
 * them: it appears only in the spec's exchange path (POST /api/mktg/v1/create-link-token).
 */
export const CATEGORIES = ['hris', 'ats', 'crm', 'accounting', 'ticketing', 'filestorage', 'knowledgebase'] as const

export type Category = typeof CATEGORIES[number]

export function isCategory (value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value)
}

/** Path prefixes the unified service answers under: /api and the unversioned data alias /{category}/v1. */
export const UNIFIED_PREFIXES: readonly string[] = ['/api', ...CATEGORIES.map((c) => `/${c}/v1`), '/mktg/v1']
