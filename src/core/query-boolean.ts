/**
 * The one reading of a boolean query value, for every route and filter: `true` and `false` in any case, `1` and
 * `0`, as the real service's boolean filters read them (django-filter's BooleanWidget). Anything else is no
 * boolean (undefined): the schema's check then answers 400 naming the parameter, where a typo (`?include_cancelled=yes`)
 * once meant false without a word. A value already typed (a query coerced by its schema) is itself.
 */
export function queryBoolean (value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return undefined
  switch (value.toLowerCase()) {
    case 'true':
    case '1':
      return true
    case 'false':
    case '0':
      return false
    default:
      return undefined
  }
}
