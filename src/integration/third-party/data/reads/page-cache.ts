import { ByteLru } from './byte-lru.js'

/** A page serialised, ready to send, and its cursors (for the request journal). */
export interface JsonPage {
  /**
   * The bytes of a page the cache keeps (encoded once, sent again and again), or the text of a page built for
   * one answer: sending the text lets the socket encode it, where making bytes of it first cost a JavaScript
   * buffer of the page's size per answer (about 10 µs of CPU a 40 KB page, in a bare Fastify server).
   */
  readonly json: Buffer | string
  readonly next: string | null
  readonly previous: string | null
}

/** A page the cache keeps: its bytes. */
export interface CachedPage extends JsonPage {
  readonly json: Buffer
}

/**
 * Serialised pages within a byte budget: a page asked for again (polling, a retried walk) is sent as the bytes
 * stored, without touching the store, the generator or the encoder. The caller's key must name everything the
 * page is a function of (see DataReader.listJson).
 */
export class PageCache extends ByteLru<CachedPage> {
  /** `budgetBytes` 0 keeps nothing. */
  constructor (budgetBytes: number) {
    super(budgetBytes, (page) => page.json.length)
  }
}
