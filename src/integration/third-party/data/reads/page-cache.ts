import { ByteLru } from './byte-lru.js'

/** A page serialised, ready to send, and its cursors (for the request journal). */
export interface JsonPage {
  readonly json: Buffer
  readonly next: string | null
  readonly previous: string | null
}

/**
 * Serialised pages within a byte budget: a page asked for again (polling, a retried walk) is sent as the bytes
 * stored, without touching the store, the generator or the encoder. The caller's key must name everything the
 * page is a function of (see DataReader.listJson).
 */
export class PageCache extends ByteLru<JsonPage> {
  /** `budgetBytes` 0 keeps nothing. */
  constructor (budgetBytes: number) {
    super(budgetBytes, (page) => page.json.length)
  }
}
