import { Fragment } from 'preact'
import { useState } from 'preact/hooks'
import { api } from './api.js'
import { useLive } from './live.js'
import { Message, useAction } from './use-action.js'
import type { Deliveries, Delivery } from './types.js'

const STATES = ['pending', 'delivered', 'failed', 'dropped'] as const

function attempts (d: Delivery): string {
  if (d.attempts.length === 0) return d.next_attempt_at === null ? 'none' : `next ${d.next_attempt_at}`
  return d.attempts.map((a) => `${a.status_code ?? a.error ?? '—'} in ${a.duration_ms} ms`).join(', ')
}

/** The delivery journal, newest first: each delivery's attempts, its payload and signature, and redelivery. */
export function WebhooksView () {
  const [state, setState] = useState('')
  const deliveries = useLive<Deliveries>(['webhooks', 'sync', 'accounts'], () => api.get<Deliveries>(`/webhooks/deliveries?limit=1000${state === '' ? '' : `&state=${state}`}`), [state])
  const [open, setOpen] = useState<string | null>(null)
  const { message, act } = useAction(deliveries.reload)
  const list = [...(deliveries.data?.results ?? [])].reverse()
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Webhook deliveries <span class="count">{list.length}</span></h2>
      <div class="actions">
        <label for="delivery-state">State</label>
        <select id="delivery-state" value={state} onChange={(e) => { setState(e.currentTarget.value) }}>
          <option value="">any</option>
          {STATES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <Message message={message} />
      <table data-testid="deliveries">
        <thead><tr><th scope="col">Event</th><th scope="col">Account</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Details</span></th></tr></thead>
        <tbody>
          {list.map((d) => (
            <Fragment key={d.id}>
              <tr data-delivery={d.id}>
                <td>{d.event}</td>
                <td><code>{d.linked_account_id.slice(0, 8)}</code></td>
                <td><span class={`badge ${d.state}`} data-testid="delivery-state">{d.state}</span>{d.faults.map((f) => <span key={f} class="badge">{f}</span>)}</td>
                <td data-testid="attempts">{attempts(d)}</td>
                <td>{d.created_at}</td>
                <td><button type="button" aria-expanded={open === d.id} aria-label={`Details of delivery ${d.event} ${d.id.slice(0, 8)}`} onClick={() => { setOpen(open === d.id ? null : d.id) }}>{open === d.id ? 'Hide' : 'Show'}</button></td>
              </tr>
              {open === d.id && (
                <tr class="delivery-detail">
                  <td colSpan={6} data-testid="delivery-detail">
                    <p>To <code>{d.url}</code>{d.redelivery_of !== null && <> (redelivery of <code>{d.redelivery_of.slice(0, 8)}</code>)</>}</p>
                    <p>Signature <code data-testid="signature">{d.signature}</code></p>
                    <pre data-testid="payload">{JSON.stringify(d.payload, null, 2)}</pre>
                    <button type="button" onClick={() => { act('Redeliver', () => api.post(`/webhooks/deliveries/${encodeURIComponent(d.id)}/redeliver`)) }}>Redeliver</button>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
          {list.length === 0 && <tr><td colSpan={6} class="empty">No deliveries{state === '' ? '' : ` ${state}`}. Add a webhook target (POST /_unimock/webhooks/targets) to receive events.</td></tr>}
        </tbody>
      </table>
    </section>
  )
}
