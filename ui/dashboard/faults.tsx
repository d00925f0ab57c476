import { useState } from 'preact/hooks'
import { api } from './api.js'
import { useLive } from './live.js'
import { Message, useAction } from './use-action.js'
import type { ScenarioRun, Scenarios, ServiceFaults, WebhookFaults } from './types.js'

const STATUSES = [500, 503, 429, 502, 401, 403, 404] as const

/** Webhook delivery faults: drop or delay the next N deliveries. */
function WebhookFaultsPanel () {
  const faults = useLive<WebhookFaults>(['webhooks'], () => api.get<WebhookFaults>('/webhooks/faults'))
  const { message, act } = useAction(faults.reload)
  const [count, setCount] = useState(1)
  const [delay, setDelay] = useState('10m')
  return (
    <section aria-labelledby="wh-faults">
      <h2 id="wh-faults">Webhook deliveries</h2>
      <div class="actions">
        <label for="wh-count">Next</label>
        <input id="wh-count" type="number" min={1} size={4} value={count} onInput={(e) => { setCount(Math.max(1, Number(e.currentTarget.value))) }} />
        <span>webhooks:</span>
        <button type="button" onClick={() => { act(`Drop next ${count}`, () => api.post('/webhooks/faults', { kind: 'drop', count })) }}>Drop them</button>
        <button type="button" onClick={() => { act(`Delay next ${count}`, () => api.post('/webhooks/faults', { kind: 'delay', count, delay })) }}>Delay them</button>
        <label for="wh-delay">by</label>
        <input id="wh-delay" size={6} value={delay} onInput={(e) => { setDelay(e.currentTarget.value) }} />
      </div>
      <Message message={message} />
      <table data-testid="webhook-faults">
        <caption>Delivery faults in force</caption>
        <thead><tr><th scope="col">Kind</th><th scope="col">Remaining</th><th scope="col">Delay</th><th scope="col"><span class="sr-only">Remove</span></th></tr></thead>
        <tbody>
          {faults.data?.results.map((f) => (
            <tr key={f.id} data-fault={f.id}>
              <td>{f.kind}</td><td>{f.remaining ?? 'every one'}</td><td>{f.delay_ms === null ? '—' : `${f.delay_ms / 1000}s`}</td>
              <td><button type="button" aria-label={`Remove delivery fault ${f.id}`} onClick={() => { act('Remove', () => api.del(`/webhooks/faults/${f.id}`)) }}>Remove</button></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** Service faults: the unified API answers an error status to the next N requests. */
function ServiceFaultsPanel () {
  const faults = useLive<ServiceFaults>(['requests'], () => api.get<ServiceFaults>('/faults'))
  const { message, act } = useAction(faults.reload)
  const [status, setStatus] = useState<number>(500)
  const [count, setCount] = useState(1)
  return (
    <section aria-labelledby="svc-faults">
      <h2 id="svc-faults">Service faults</h2>
      <div class="actions">
        <label for="svc-status">Answer</label>
        <select id="svc-status" value={status} onChange={(e) => { setStatus(Number(e.currentTarget.value)) }}>
          {STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <label for="svc-count">to the next</label>
        <input id="svc-count" type="number" min={1} size={4} value={count} onInput={(e) => { setCount(Math.max(1, Number(e.currentTarget.value))) }} />
        <span>requests</span>
        <button type="button" onClick={() => { act(`Inject ${status}`, () => api.post('/faults', { kind: 'status', status, count })) }}>Inject fault</button>
      </div>
      <Message message={message} />
      <table data-testid="service-faults">
        <caption>Service faults</caption>
        <thead><tr><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Remaining</th><th scope="col">Hits</th><th scope="col"><span class="sr-only">Remove</span></th></tr></thead>
        <tbody>
          {faults.data?.results.map((f) => (
            <tr key={f.id} data-fault={f.id}>
              <td>{f.kind}</td><td>{f.status ?? '—'}</td><td>{f.remaining ?? 'every one'}</td><td>{f.hits}</td>
              <td><button type="button" aria-label={`Remove service fault ${f.id}`} onClick={() => { act('Remove', () => api.del(`/faults/${f.id}`)) }}>Remove</button></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** Ready-made scenarios: start one (the clock left to the user on a virtual clock) and watch its steps. */
function ScenariosPanel () {
  const list = useLive<Scenarios>(['requests', 'accounts', 'sync'], () => api.get<Scenarios>('/scenarios'))
  const [file, setFile] = useState('')
  const [watching, setWatching] = useState<string | null>(null)
  const run = useLive<ScenarioRun | null>(['requests', 'accounts', 'sync', 'webhooks'], () => watching === null ? Promise.resolve(null) : api.get<ScenarioRun>(`/scenarios/${encodeURIComponent(watching)}`), [watching])
  const { message, act } = useAction(list.reload)
  const files = list.data?.files.filter((f) => f.error === null) ?? []
  const chosen = file === '' ? files[0]?.file ?? '' : file
  return (
    <section aria-labelledby="scenarios">
      <h2 id="scenarios">Scenarios</h2>
      <div class="actions">
        <label for="scenario-file">Scenario</label>
        <select id="scenario-file" value={chosen} onChange={(e) => { setFile(e.currentTarget.value) }}>
          {files.map((f) => <option key={f.file} value={f.file}>{f.name ?? f.file}</option>)}
        </select>
        <button type="button" onClick={() => {
          act(`Run ${chosen}`, async () => { const r = await api.post<ScenarioRun>('/scenarios/run', { file: chosen, drive: false }); setWatching(r.id) })
        }}>Run scenario</button>
      </div>
      <p class="hint">{files.find((f) => f.file === chosen)?.description}</p>
      <Message message={message} />
      {run.data !== undefined && run.data !== null && (
        <div data-testid="scenario-run">
          <h3>{run.data.name}: <span class={`badge ${run.data.state}`} data-testid="run-state">{run.data.state}</span> <small>{run.data.progress.ran} of {run.data.progress.steps} steps, ends {run.data.ends_at}</small></h3>
          <table>
            <thead><tr><th scope="col">Step</th><th scope="col">At</th><th scope="col">Action</th><th scope="col">State</th><th scope="col">Detail</th></tr></thead>
            <tbody>
              {run.data.steps.map((s) => (
                <tr key={s.step}><td>{s.step}</td><td>{s.at}</td><td>{s.action ?? s.note ?? '—'}</td><td><span class={`badge ${s.state}`}>{s.state}</span></td><td>{s.detail ?? ''}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(list.data?.runs.length ?? 0) > 0 && (
        <ul class="runs">
          {list.data?.runs.map((r) => (
            <li key={r.id}><button type="button" class="link" onClick={() => { setWatching(r.id) }}>{r.name}</button> {r.state}, started {r.started_at}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function FaultsView () {
  return (
    <>
      <WebhookFaultsPanel />
      <ServiceFaultsPanel />
      <ScenariosPanel />
    </>
  )
}
