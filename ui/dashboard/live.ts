import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { type Notice, type Topic } from './api.js'

type Handler = (n: Notice) => void
const handlers = new Set<Handler>()

/** Hands a notice of the stream to every view listening. */
export function publish (n: Notice): void { for (const h of handlers) h(n) }

/**
 * Loads a view of the control API, and loads it again when the stream names one of its topics (the clock
 * moves everything) or when `deps` change. `reload` loads it again at once (after the page acted).
 */
export function useLive<T> (topics: readonly Topic[], load: () => Promise<T>, deps: readonly unknown[] = [], initial?: () => T | undefined): { data: T | undefined, error: string | undefined, reload: () => void } {
  // `initial`: what the page already read (api.ts preload); the first load is then skipped.
  const [first] = useState(() => initial?.())
  const [data, setData] = useState<T | undefined>(first)
  const [error, setError] = useState<string | undefined>(undefined)
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => { setTick((t) => t + 1) }, [])
  const skip = useRef(first !== undefined)
  useEffect(() => {
    if (skip.current) { skip.current = false; return }
    let current = true
    load().then((d) => { if (current) { setData(d); setError(undefined) } }, (e: unknown) => { if (current) setError(e instanceof Error ? e.message : String(e)) })
    return () => { current = false }
  }, [tick, ...deps])
  useEffect(() => {
    const h: Handler = (n) => { if (n.topics.some((t) => t === 'clock' || topics.includes(t))) reload() }
    handlers.add(h)
    return () => { handlers.delete(h) }
  }, [])
  return { data, error, reload }
}
