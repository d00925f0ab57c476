import { useEffect, useState } from 'preact/hooks'
import { apiKey, keyHint, listen, type StreamState } from './api.js'
import { publish } from './live.js'
import { AccountsView } from './accounts.js'
import { ClockBar } from './clock.js'
import { ConformanceView } from './conformance.js'
import { FaultsView } from './faults.js'
import { KeyForm } from './key-form.js'
import { RequestsView } from './requests.js'
import { WebhooksView } from './webhooks.js'

const TABS = [['accounts', 'Accounts'], ['webhooks', 'Webhooks'], ['requests', 'Requests'], ['faults', 'Failure modes'], ['conformance', 'Conformance']] as const
type Tab = typeof TABS[number][0]

export function App () {
  const [key, setKey] = useState(apiKey.get())
  const [tab, setTab] = useState<Tab>('accounts')
  const [stream, setStream] = useState<StreamState>('reconnecting')
  useEffect(() => key === null ? undefined : listen(publish, setStream), [key])
  if (key === null) return <KeyForm onKey={(k) => { apiKey.set(k); setKey(k) }} />
  return (
    <div class="shell">
      <header>
        <h1>unimock</h1>
        <ClockBar />
        <span class={`live ${stream === 'live' ? 'on' : 'off'}`} role="status" aria-live="polite">{stream}</span>
        {/* Whose world is on screen: the key by its first characters, as the key list shows it, never in full. */}
        <span class="world" data-testid="world" title="The API key this page reads and acts with, by its first characters: each key is a world of its own">
          world of key <code>{keyHint(key)}</code>
        </span>
        <button type="button" class="link" onClick={() => { apiKey.clear(); setKey(null) }}>Change key</button>
      </header>
      {stream === 'evicted' && (
        <p class="error" role="alert" data-testid="evicted">
          This key's world was evicted: a new key came beyond the server's --max-tenants while this one had been idle
          the longest, and its accounts and data were deleted. The page stopped listening (to come back would evict
          another key); reload it to start this key's world anew, or start unimock with a larger --max-tenants.
        </p>
      )}
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
