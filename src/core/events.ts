/**
 * A typed, synchronous event bus. `M` maps each event name to its payload type.
 *
 * Listeners run in the order they subscribed, inside the emitter's call, so inside the transaction of the
 * change that caused the event: their writes (and scheduled jobs) commit or roll back with it, and a
 * listener that throws undoes the change. Slow or asynchronous work belongs in a scheduled job.
 */
export type Listener<P> = (payload: P) => void

/** What a domain is handed to announce its events, and nothing more. */
export interface Emitter<M> {
  emit<K extends keyof M>(name: K, payload: M[K]): void
}

/** What an observer is handed: subscribing returns the unsubscribe function. */
export interface Subscriber<M> {
  on<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void
}

export class EventBus<M> implements Emitter<M>, Subscriber<M> {
  // Copy on write: emitting (hundreds of thousands of times a simulated day) iterates without copying, and a
  // listener that unsubscribes while an event is delivered does not disturb that delivery.
  readonly #listeners = new Map<keyof M, ReadonlyArray<Listener<never>>>()

  on<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener as Listener<never>])
    return () => {
      const list = this.#listeners.get(name) ?? []
      const i = list.indexOf(listener as Listener<never>)
      if (i >= 0) this.#listeners.set(name, [...list.slice(0, i), ...list.slice(i + 1)])
    }
  }

  emit<K extends keyof M>(name: K, payload: M[K]): void {
    const list = this.#listeners.get(name) as ReadonlyArray<Listener<M[K]>> | undefined
    if (list === undefined) return
    for (const listener of list) listener(payload)
  }
}
