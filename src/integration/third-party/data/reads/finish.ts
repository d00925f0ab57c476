/**
 * What a read does to each record it answers, between building it and serialising it once: the service's
 * decoration (reads/decoration.ts), then the fields the account's scopes disable set to null. Only records
 * the answer lists are finished, not those `expand` inlines.
 */
export interface Finish {
  readonly apply: (record: Record<string, unknown>) => void
  /**
   * What a cached page's key adds for pages finished this way, when what the finish adds is a function of the
   * synced state and the query (which the key holds) and of this text; undefined when it is not: such pages
   * are never cached.
   */
  readonly cacheKey: string | undefined
}

export const NO_FIELDS: ReadonlySet<string> = new Set()

/** The fields the account's scopes disable read as null, as the real service reads them. */
export function blanking (disabled: ReadonlySet<string>): Finish | undefined {
  if (disabled.size === 0) return undefined
  const fields = [...disabled]
  return {
    apply: (record) => { for (const f of fields) if (f in record) record[f] = null },
    cacheKey: `blank:${[...fields].sort().join(',')}`
  }
}

/** `first`, then `second`. */
export function inTurn (first: Finish | undefined, second: Finish | undefined): Finish | undefined {
  if (first === undefined || second === undefined) return first ?? second
  return {
    apply: (record) => { first.apply(record); second.apply(record) },
    cacheKey: first.cacheKey === undefined || second.cacheKey === undefined ? undefined : `${first.cacheKey}|${second.cacheKey}`
  }
}
