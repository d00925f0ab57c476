import { useState } from 'preact/hooks'
import { api, takePreloaded } from './api.js'
import { useLive } from './live.js'
import { AccountDetail } from './account-detail.js'
import type { Accounts, AccountSyncSummary, SyncSummary } from './types.js'

/**
 * "16 models DONE", "16 models: 1 SYNCING · 15 DONE": how many models of the account are in each sync status,
 * the statuses with none left out. It said "DONE 16", which did not say 16 of what.
 */
export function syncSummary (sync: AccountSyncSummary | undefined): string {
  const counts = Object.entries(sync?.status_counts ?? {}).filter(([, n]) => n > 0)
  if (counts.length === 0) return '—'
  const total = counts.reduce((sum, [, n]) => sum + n, 0)
  const models = `${total} model${total === 1 ? '' : 's'}`
  return counts.length === 1 ? `${models} ${counts[0]![0]}` : `${models}: ${counts.map(([status, n]) => `${n} ${status}`).join(' · ')}`
}

/** Every linked account of the tenant with its status and per-model sync state; one opens below. */
export function AccountsView () {
  // Both reads in one: the table renders (and lays out) once, with every account's sync state. The summary
  // (counts per status) is what the table shows; the open account reads its models' full state itself.
  const both = useLive<[Accounts, SyncSummary]>(['accounts', 'sync'], () => Promise.all([api.get<Accounts>('/linked-accounts'), api.get<SyncSummary>('/sync/summary')]), [], () => {
    const accounts = takePreloaded<Accounts>('/linked-accounts')
    const sync = takePreloaded<SyncSummary>('/sync/summary')
    return accounts === undefined || sync === undefined ? undefined : [accounts, sync]
  })
  const [open, setOpen] = useState<string | null>(null)
  const byId = new Map(both.data?.[1].results.map((s) => [s.linked_account_id, s]) ?? [])
  const list = both.data?.[0].results ?? []
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Linked accounts <span class="count">{list.length}</span></h2>
      {both.error !== undefined && <p role="alert" class="error">{both.error}</p>}
      <table class="accounts" data-testid="accounts">
        <thead>
          <tr><th scope="col">Origin id</th><th scope="col">Organization</th><th scope="col">Integration</th><th scope="col">Category</th><th scope="col">Status</th><th scope="col">Sync</th><th scope="col"><span class="sr-only">Open</span></th></tr>
        </thead>
        <tbody>
          {list.map((a) => (
            <tr key={a.id} data-account={a.id} class={open === a.id ? 'selected' : ''}>
              <td data-label="Origin id">{a.end_user_origin_id}</td>
              <td data-label="Organization">{a.end_user_organization_name}</td>
              <td data-label="Integration">{a.integration ?? '—'}</td>
              <td data-label="Category">{a.category}</td>
              <td data-label="Status"><span class={`badge ${a.status}`} data-testid="status">{a.status}</span>{byId.get(a.id)?.paused === true && <span class="badge PAUSED">paused</span>}</td>
              <td data-label="Sync" data-testid="sync-summary">{syncSummary(byId.get(a.id))}</td>
              <td class="open"><button type="button" aria-expanded={open === a.id} aria-label={`Details of ${a.end_user_origin_id}`} onClick={() => { setOpen(open === a.id ? null : a.id) }}>{open === a.id ? 'Close' : 'Open'}</button></td>
            </tr>
          ))}
          {list.length === 0 && <tr><td colSpan={7} class="empty">No linked accounts yet.</td></tr>}
        </tbody>
      </table>
      {open !== null && (() => {
        const account = list.find((a) => a.id === open)
        return account === undefined ? null : <AccountDetail account={account} onChanged={both.reload} />
      })()}
    </section>
  )
}
