import { useEffect, useState } from 'preact/hooks'
import { apiKey, listen } from './api.js'
import { publish } from './live.js'
import { AccountsView } from './accounts.js'
import { ClockBar } from './clock.js'
import { ConformanceView } from './conformance.js'
import { FaultsView } from './faults.js'
import { RequestsView } from './requests.js'
import { WebhooksView } from './webhooks.js'

const TABS = [['accounts', 'Accounts'], ['webhooks', 'Webhooks'], ['requests', 'Requests'], ['faults', 'Failure modes'], ['conformance', 'Conformance']] as const
type Tab = typeof TABS[number][0]

interface KnownKeys { readonly listed: boolean, readonly keys: ReadonlyArray<{ readonly key: string, readonly linked_accounts: number }> }

/**
 * Asks for the API key once per browser session. A server without --api-key lists the keys that have a
 * world (GET /_unimock/keys): the only one opens at once, several are offered. A link may carry the key in
 * its fragment (#key=..., read by the page's shell, never sent to the server).
 */
function KeyForm ({ onKey }: { onKey: (key: string) => void }) {
  const [value, setValue] = useState('')
  const [known, setKnown] = useState<KnownKeys | null>(null)
  useEffect(() => {
    let live = true
    fetch('/_unimock/keys').then((r) => r.ok ? r.json() as Promise<KnownKeys> : null).then((k) => {
      if (!live || k === null) return
      if (k.keys.length === 1) onKey(k.keys[0]!.key)
      else setKnown(k)
    }).catch(() => undefined)
    return () => { live = false }
  }, [])
  const offered = known?.keys ?? []
  return (
    <main class="key-form">
      <h1>unimock dashboard</h1>
      <p>
        An API key is the <code>Authorization: Bearer</code> key your tests or app send to unimock. Each key is a
        world of its own: its linked accounts, its clock, its webhooks and its requests.
      </p>
      {offered.length > 0 && (
        <section aria-label="Keys with a world">
          <h2>Keys used on this server</h2>
          <ul class="key-list">
            {offered.map((k) => (
              <li key={k.key}>
                <button type="button" class="link" onClick={() => { onKey(k.key) }}>{k.key}</button>
                <span class="hint"> {k.linked_accounts} linked account{k.linked_accounts === 1 ? '' : 's'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {known !== null && known.keys.length === 0 && (
        <p class="hint" data-testid="no-keys">
          {known.listed
            ? 'No key has been used yet: link an account with one (or type any key to start a world of its own).'
            : 'This server accepts only the keys given with --api-key.'}
        </p>
      )}
      <form onSubmit={(e) => { e.preventDefault(); if (value.trim() !== '') onKey(value.trim()) }}>
        <label for="api-key">API key</label>
        <input id="api-key" type="password" autocomplete="off" value={value} onInput={(e) => { setValue(e.currentTarget.value) }} />
        <button type="submit">Open</button>
      </form>
      <p class="hint">Kept in this tab's session storage only. A link can carry it as <code>/_unimock/ui#key=KEY</code>.</p>
    </main>
  )
}

export function App () {
  const [key, setKey] = useState(apiKey.get())
  const [tab, setTab] = useState<Tab>('accounts')
  const [connected, setConnected] = useState(false)
  useEffect(() => key === null ? undefined : listen(publish, setConnected), [key])
  if (key === null) return <KeyForm onKey={(k) => { apiKey.set(k); setKey(k) }} />
  return (
    <div class="shell">
      <header>
        <h1>unimock</h1>
        <ClockBar />
        <span class={`live ${connected ? 'on' : 'off'}`} role="status" aria-live="polite">{connected ? 'live' : 'reconnecting'}</span>
        <button type="button" class="link" onClick={() => { apiKey.clear(); setKey(null) }}>Change key</button>
      </header>
      <nav aria-label="Views">
        {TABS.map(([id, label]) => (
          <button type="button" key={id} aria-pressed={tab === id} onClick={() => { setTab(id) }}>{label}</button>
        ))}
      </nav>
      <main>
        {tab === 'accounts' && <AccountsView />}
        {tab === 'webhooks' && <WebhooksView />}
        {tab === 'requests' && <RequestsView />}
        {tab === 'faults' && <FaultsView />}
        {tab === 'conformance' && <ConformanceView />}
      </main>
    </div>
  )
}
