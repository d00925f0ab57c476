import { redacted } from './fingerprint.js'

/**
 * Query parameters whose values are secrets or personal data: tokens and keys, and the filters on people
 * (e-mail addresses, names, phone numbers). Their values are journaled as fingerprints.
 */
const SENSITIVE = /token|key|secret|password|email|phone|name|ssn|birth|address/i

const text = (value: unknown): string => typeof value === 'string' ? value : String(value)

/** The parsed query as the journal keeps it: every value a string (or a list of strings), sensitive ones redacted. */
export function journaledQuery (query: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  if (query === null || typeof query !== 'object') return out
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined) continue
    const hide = SENSITIVE.test(key)
    if (Array.isArray(value)) out[key] = value.map((v) => hide ? redacted(text(v)) : text(v))
    else out[key] = hide ? redacted(text(value)) : text(value)
  }
  return out
}
