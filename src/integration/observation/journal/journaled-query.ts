import { SENSITIVE_PARAM as SENSITIVE } from '../../../core/redaction.js'
import { redacted } from '../../../core/fingerprint.js'

// The values of sensitive parameters (core/redaction.ts, the logs' rule too) are journaled as fingerprints.

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
