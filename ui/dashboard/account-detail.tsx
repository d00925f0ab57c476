import { useState } from 'preact/hooks'
import { api } from './api.js'
import { useLive } from './live.js'
import { Timeline } from './timeline.js'
import { Message, useAction } from './use-action.js'
import type { Account, AccountSync, Clock, SyncHistory } from './types.js'

const OUTCOMES = ['DONE', 'PARTIALLY_SYNCED', 'FAILED', 'PAUSED'] as const

const when = (iso: string | null): string => iso === null ? '—' : iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z')

/** One account: its models' sync state, its failure modes (each one control API call) and its timeline. */
export function AccountDetail ({ account, onChanged }: { account: Account, onChanged: () => void }) {
  const [model, setModel] = useState('')
  const id = encodeURIComponent(account.id)
  const state = useLive<AccountSync>(['sync'], () => api.get<AccountSync>(`/linked-accounts/${id}/sync`), [id])
  const { message, act } = useAction(() => { onChanged(); state.reload() })
  const sync = state.data
  const history = useLive<SyncHistory>(['sync'], () => api.get<SyncHistory>(`/linked-accounts/${id}/sync/history`), [id])
  const clock = useLive<Clock>(['clock'], () => api.get<Clock>('/clock'))
  const models = sync?.sync_status ?? []
  return (
    <section class="detail" aria-label={`Account ${account.end_user_origin_id}`} data-testid="account-detail">
      <h3>{account.end_user_organization_name} <small>{account.id}</small></h3>
      <div class="actions" role="group" aria-label="Failure modes">
        <button type="button" onClick={() => { act('Relink needed', () => api.post(`/linked-accounts/${id}/relink-needed`)) }}>Make it need relinking</button>
        {sync?.paused === true
          ? <button type="button" onClick={() => { act('Resume', () => api.post(`/linked-accounts/${id}/resume`)) }}>Resume syncs</button>
          : <button type="button" onClick={() => { act('Pause', () => api.post(`/linked-accounts/${id}/pause`)) }}>Pause syncs</button>}
        <button type="button" onClick={() => { act('Sync now', () => api.post(`/linked-accounts/${id}/sync-now`, model === '' ? {} : { model_id: model })) }}>Sync now</button>
        <span class="preset">
          <label for="preset-model">Next sync of</label>
          <select id="preset-model" value={model} onChange={(e) => { setModel(e.currentTarget.value) }}>
            <option value="">every model</option>
            {models.map((m) => <option key={m.model_id} value={m.model_id}>{m.model_name}</option>)}
          </select>
          {OUTCOMES.map((o) => (
            <button type="button" key={o} class={`outcome ${o}`} aria-label={`Next sync ends ${o}`}
              onClick={() => { act(`Next sync ${o}`, () => api.put(`/linked-accounts/${id}/next-sync`, model === '' ? { result: o } : { result: o, model_id: model })) }}>{o}</button>
          ))}
        </span>
      </div>
      <Message message={message} />
      {clock.data !== undefined && <Timeline history={history.data} sync={sync} now={Date.parse(clock.data.now)} />}
      <table class="models" data-testid="models">
        <caption>Sync state per model</caption>
        <thead><tr><th scope="col">Model</th><th scope="col">Status</th><th scope="col">Initial</th><th scope="col">Last start</th><th scope="col">Last finish</th><th scope="col">Last result</th><th scope="col">Next start</th></tr></thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.model_id} data-model={m.model_id}>
              <th scope="row">{m.model_name}</th>
              <td><span class={`badge ${m.status}`}>{m.status}</span></td>
              <td>{m.is_initial_sync ? 'yes' : 'no'}</td>
              <td>{when(m.last_sync_start)}</td>
              <td>{when(m.last_sync_finished)}</td>
              <td>{m.last_sync_result ?? '—'}</td>
              <td>{when(m.next_sync_start)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
