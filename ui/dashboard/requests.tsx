import type { JSX } from 'preact'
import { useState } from 'preact/hooks'
import { api } from './api.js'
import { useLive } from './live.js'
import type { Journal, JournalEntry, Report } from './types.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

interface Filters { method: string, path: string, status: string, account: string }

function query (f: Filters): string {
  const q = new URLSearchParams({ limit: '200' })
  for (const [k, v] of Object.entries(f)) if (v !== '') q.set(k, v)
  return q.toString()
}

function EntryLine ({ e }: { e: JournalEntry }) {
  return <>{e.method} {e.path} → {e.status}{e.error === null ? '' : ` ${e.error}`}</>
}

/** The request journal with its filters, and the integrator report's findings linked to the requests that show them. */
export function RequestsView () {
  const [filters, setFilters] = useState<Filters>({ method: '', path: '', status: '', account: '' })
  const [draft, setDraft] = useState<Filters>(filters)
  const journal = useLive<Journal>(['requests'], () => api.get<Journal>(`/requests?${query(filters)}`), [filters])
  const report = useLive<Report>(['requests', 'webhooks'], () => api.get<Report>('/report'))
  const [selected, setSelected] = useState<JournalEntry | null>(null)
  const field = (name: keyof Filters, label: string, input: JSX.Element) => (
    <span class="field"><label for={`filter-${name}`}>{label}</label>{input}</span>
  )
  const set = (name: keyof Filters) => (e: { currentTarget: { value: string } }) => { setDraft({ ...draft, [name]: e.currentTarget.value }) }
  return (
    <>
      <section aria-labelledby="findings-title">
        <h2 id="findings-title">Integrator report <span class="count">{report.data?.summary.findings ?? 0} findings</span></h2>
        <ul class="findings" data-testid="findings">
          {report.data?.findings.map((f) => (
            <li key={f.code} data-finding={f.code}>
              <span class={`badge ${f.severity === 'error' ? 'failed' : 'pending'}`}>{f.severity}</span> <b>{f.title}</b> ×{f.count}
              <p class="hint">{f.advice}</p>
              {f.deliveries.length > 0 && (
                <p>Deliveries: {f.deliveries.map((a) => `${a.event} attempt ${a.attempt} → ${a.status_code ?? a.error ?? '—'} in ${a.duration_ms} ms`).join('; ')}</p>
              )}
              {f.requests.length > 0 && (
                <p>Requests: {f.requests.map((e) => (
                  <button type="button" class="link" key={e.id} aria-label={`Request ${e.id}: ${e.method} ${e.path}`} onClick={() => { setSelected(e) }}>#{e.id}</button>
                ))}</p>
              )}
            </li>
          ))}
          {report.data?.findings.length === 0 && <li class="empty">No findings.</li>}
        </ul>
      </section>
      {selected !== null && (
        <section aria-labelledby="selected-title" data-testid="selected-request">
          <h3 id="selected-title">Request #{selected.id}: <EntryLine e={selected} /></h3>
          <pre>{JSON.stringify(selected, null, 2)}</pre>
          <button type="button" onClick={() => { setSelected(null) }}>Close request</button>
        </section>
      )}
      <section aria-labelledby="journal-title">
        <h2 id="journal-title">Requests <span class="count">{journal.data?.size ?? 0} kept</span></h2>
        <form class="actions" aria-label="Filters" onSubmit={(e) => { e.preventDefault(); setFilters(draft) }}>
          {field('method', 'Method', <select id="filter-method" value={draft.method} onChange={set('method')}><option value="">any</option>{METHODS.map((m) => <option key={m}>{m}</option>)}</select>)}
          {field('path', 'Path', <input id="filter-path" placeholder="/api/hris/*" value={draft.path} onInput={set('path')} />)}
          {field('status', 'Status', <input id="filter-status" size={4} placeholder="4xx" value={draft.status} onInput={set('status')} />)}
          {field('account', 'Account', <input id="filter-account" placeholder="linked account id" value={draft.account} onInput={set('account')} />)}
          <button type="submit">Filter</button>
        </form>
        {journal.error !== undefined && <p role="alert" class="error">{journal.error}</p>}
        <table data-testid="journal">
          <thead><tr><th scope="col">#</th><th scope="col">At</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">ms</th><th scope="col">Account</th></tr></thead>
          <tbody>
            {journal.data?.entries.map((e) => (
              <tr key={e.id} data-request={e.id} class={selected?.id === e.id ? 'selected' : ''}>
                <td>{e.id}</td><td>{e.at}</td><td>{e.method} <code>{e.path}</code></td>
                <td><span class={`badge ${e.status >= 400 || e.status === 0 ? 'failed' : 'delivered'}`}>{e.status}</span>{e.error ?? ''}</td>
                <td>{Math.round(e.duration_ms * 10) / 10}</td><td>{e.account_id === null ? '—' : <code>{e.account_id.slice(0, 8)}</code>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  )
}
