import { createIds, type Ids } from '../../../core/ids.js'
import type { Random } from '../../../core/random.js'

/**
 * The webhooks' own id and random streams, shared by targets, fan-out, faults and retries so their draws
 * keep one order. Every id minted here becomes a row, which moves a sqlite_sequence: the label mixes those
 * in, so after a restart (or a reset) a file database never sees an id repeated.
 */
export class WebhookStreams {
  readonly #label: () => string
  readonly #random: Random
  ids!: Ids
  random!: Random

  /** `label` reads the sqlite_sequence of the webhook tables. */
  constructor (random: Random, label: () => string) {
    this.#random = random
    this.#label = label
    this.renew()
  }

  /** At start and after a reset. */
  renew (): void {
    const label = `webhooks:${this.#label()}`
    this.ids = createIds(this.#random.fork(label + ':ids'))
    this.random = this.#random.fork(label)
  }
}
