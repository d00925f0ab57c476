import { parseTimestamp } from '../../../../core/timestamps.js'
import type { ContentFilter } from './query.js'

/**
 * Content filters run on the values reads show (generated, or written through the API): a row matches when
 * every filter's predicate holds for its field's value.
 */
export function contentMatcher<Row> (filters: readonly ContentFilter[], fieldOf: (row: Row, field: string) => unknown): (row: Row) => boolean {
  const tests = filters.map(predicate)
  return (row) => {
    for (let i = 0; i < tests.length; i++) {
      if (!tests[i]!(fieldOf(row, filters[i]!.filter.field))) return false
    }
    return true
  }
}

/** A predicate over one field value. */
function predicate (f: ContentFilter): (value: unknown) => boolean {
  const filter = f.filter
  switch (filter.kind) {
    case 'equals':
      return f.flag !== null ? (v) => v === f.flag : (v) => v === f.values[0]
    case 'ref':
      return (v) => v === f.values[0]
    case 'in':
      return (v) => typeof v === 'string' && f.values.includes(v)
    case 'contains':
      return (v) => Array.isArray(v) && v.some((item) => containsValue(item, f.values))
    case 'hidden-unless':
      return (v) => v !== true
    case 'root':
      return (v) => v === null || v === undefined
    case 'range': {
      const bound = f.micros!
      return (v) => {
        if (typeof v !== 'string') return false
        const parsed = parseTimestamp(v)
        return parsed.ok && (filter.bound === 'after' ? parsed.micros > bound : parsed.micros < bound)
      }
    }
  }
}

/** An id or string in a list, or an embedded item (an email address object) holding one of the values. */
function containsValue (item: unknown, values: readonly string[]): boolean {
  if (typeof item === 'string') return values.includes(item)
  if (item !== null && typeof item === 'object') {
    return Object.values(item as Record<string, unknown>).some((v) => typeof v === 'string' && values.includes(v))
  }
  return false
}
