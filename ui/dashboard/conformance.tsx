import { useEffect, useState } from 'preact/hooks'
import { api, image } from './api.js'
import { useLive } from './live.js'
import type { JournalEntry } from './types.js'

// Typed here, not from the route's schema: that module brings the server's types into the page's build.
interface Check {
  id: string
  rule: string
  verdict: 'running' | 'pass' | 'fail' | 'n/a'
  detail: string | null
  evidence: { expected: string, got: string, requests?: string[], answers?: string[], log?: string[], screenshot?: string } | null
  /** A failed page check: the URL path of its screenshot (PNG). */
  screenshot: string | null
  requests: JournalEntry[]
}
interface Conformance { run: { started_at: string, finished_at: string | null, status: 0 | 1 | 2 | null, error: string | null, checks: Check[] } | null }

const BADGE = { running: 'pending', pass: 'delivered', fail: 'failed', 'n/a': 'pending' } as const

/** The journal ids the evidence's request lines name (`#12 10:22:13.456 GET /api/... → 200`), to mark their rows. */
const namedIds = (check: Check): Set<number> =>
  new Set((check.evidence?.requests ?? []).flatMap((line) => /^#(\d+)\s/.exec(line)?.[1] ?? []).map(Number))

/**
 * A failed page check's screenshot, read with the key (api.ts image) and shown from an object URL, freed when
 * the check is closed; the link opens it full size.
 */
function Screenshot ({ check }: { check: Check }) {
  const [url, setUrl] = useState<string | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (check.screenshot === null) return
    let current = true
    let made: string | undefined
    image(check.screenshot).then((blob) => {
      if (!current) return
      made = URL.createObjectURL(blob)
      setUrl(made)
    }, (e: unknown) => { if (current) setError(e instanceof Error ? e.message : String(e)) })
    return () => {
      current = false
      if (made !== undefined) URL.revokeObjectURL(made)
    }
  }, [check.screenshot])
  if (error !== undefined) return <p role="alert" class="error">The screenshot could not be read: {error}</p>
  if (url === undefined) return <p class="hint">Loading the screenshot…</p>
  return (
    <figure class="screenshot" data-testid="check-screenshot">
      <a href={url} target="_blank" rel="noopener" title="Open the screenshot full size">
        <img src={url} alt={`The page as the kit saw it when ${check.id} failed`} />
      </a>
      <figcaption>The page when the verdict was reached (click to open it full size)</figcaption>
    </figure>
  )
}

/** The conformance kit's run (GET /_unimock/conformance): its checks, and the backend's requests behind the one selected. */
export function ConformanceView () {
  const view = useLive<Conformance>(['requests'], () => api.get<Conformance>('/conformance'))
  const [selected, setSelected] = useState<string | null>(null)
  const run = view.data?.run
  const check = run?.checks.find((c) => c.id === selected)
  const named = check === undefined ? new Set<number>() : namedIds(check)
  if (view.error !== undefined) return <p role="alert" class="error">{view.error}</p>
  if (run === null) return <p class="empty" data-testid="conformance-none">No conformance run against this unimock with this key (unimock conform starts one).</p>
  if (run === undefined) return null
  return (
    <>
      <section aria-labelledby="conformance-title">
        <h2 id="conformance-title">Conformance <span class="count">{run.status === null ? 'running' : `finished, exit status ${run.status}`}</span></h2>
        {run.error !== null && <p role="alert" class="error">{run.error}</p>}
        <table data-testid="checks">
          <thead><tr><th scope="col">Check</th><th scope="col">Verdict</th><th scope="col">Detail</th><th scope="col">Requests</th></tr></thead>
          <tbody>
            {run.checks.map((c) => (
              <tr key={c.id} data-check={c.id} class={selected === c.id ? 'selected' : ''}>
                <td><button type="button" class="link" onClick={() => { setSelected(c.id) }}>{c.id}</button><p class="hint">{c.rule}</p></td>
                <td><span class={`badge ${BADGE[c.verdict]}`}>{c.verdict}</span></td>
                <td>{c.detail ?? '—'}</td><td>{c.requests.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {check !== undefined && (
        <section aria-labelledby="check-title" data-testid="check-requests">
          <h3 id="check-title">{check.id} <span class={`badge ${BADGE[check.verdict]}`}>{check.verdict}</span></h3>
          {check.detail !== null && <p>{check.detail}</p>}
          {check.evidence !== null && <p>Expected {check.evidence.expected}; got {check.evidence.got}</p>}
          {check.evidence?.screenshot !== undefined && <p>screenshot: <code>{check.evidence.screenshot}</code></p>}
          {check.screenshot !== null && <Screenshot key={`${run.started_at} ${check.id}`} check={check} />}
          {check.evidence?.answers !== undefined && <pre>{check.evidence.answers.join('\n')}</pre>}
          {check.evidence?.log !== undefined && <><p>The backend's last lines of output</p><pre>{check.evidence.log.join('\n')}</pre></>}
          <p>The backend's requests in the check's window{named.size > 0 && <>; marked <span class="badge failed">evidence</span>: {[...named].map((id) => `#${id}`).join(', ')}, named by the evidence</>}</p>
          <table>
            <thead><tr><th scope="col">#</th><th scope="col">At</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">ms</th></tr></thead>
            <tbody>
              {check.requests.map((e) => (
                <tr key={e.id} data-request={e.id} class={named.has(e.id) ? 'evidence' : undefined}>
                  <td>{e.id}{named.has(e.id) && <> <span class="badge failed" data-testid="evidence-mark">evidence</span></>}</td><td>{e.at}</td><td>{e.method} <code>{e.path}</code></td>
                  <td><span class={`badge ${e.status >= 400 || e.status === 0 ? 'failed' : 'delivered'}`}>{e.status}</span>{e.error ?? ''}</td>
                  <td>{Math.round(e.duration_ms * 10) / 10}</td>
                </tr>
              ))}
              {check.requests.length === 0 && <tr><td colSpan={5} class="empty">No request of the backend in this check's window.</td></tr>}
            </tbody>
          </table>
          <button type="button" onClick={() => { setSelected(null) }}>Close check</button>
        </section>
      )}
    </>
  )
}
