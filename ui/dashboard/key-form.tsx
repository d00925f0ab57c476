import { useEffect, useState } from 'preact/hooks'

interface KnownKey { readonly key?: string, readonly hint: string, readonly linked_accounts: number, readonly last_used_at: string }
interface KnownKeys { readonly listed: boolean, readonly keys_shown: 'masked' | 'list', readonly keys: readonly KnownKey[] }

/** "just now", "5 min ago", "3 h ago", else the day: enough to tell the key used a minute ago from yesterday's. */
function usedAgo (at: string): string {
  const minutes = Math.floor((Date.now() - Date.parse(at)) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`
  return `on ${at.slice(0, 10)}`
}

const accounts = (n: number): string => `${n} linked account${n === 1 ? '' : 's'}`

/**
 * Asks for the API key once per browser session. A server without --api-key lists the keys that have a
 * world (GET /_unimock/keys): by default each by its first characters only, since anyone who reaches the
 * server can read that list and a key opens its world, so the owner types theirs (#48); started with
 * --dashboard-keys list, the keys themselves: the only one opens at once, several are offered. A link may
 * carry the key in its fragment (#key=..., read by the page's shell, never sent to the server).
 */
export function KeyForm ({ onKey }: { onKey: (key: string) => void }) {
  const [value, setValue] = useState('')
  const [known, setKnown] = useState<KnownKeys | null>(null)
  useEffect(() => {
    let live = true
    fetch('/_unimock/keys').then((r) => r.ok ? r.json() as Promise<KnownKeys> : null).then((k) => {
      if (!live || k === null) return
      const only = k.keys.length === 1 ? k.keys[0]!.key : undefined
      if (only !== undefined) onKey(only)
      else setKnown(k)
    }).catch(() => undefined)
    return () => { live = false }
  }, [])
  const offered = known?.keys ?? []
  const masked = known?.keys_shown !== 'list'
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
            {offered.map((k, i) => (
              <li key={k.key ?? i}>
                {/* A masked key is text, not a button: nothing but the key itself opens it. */}
                {k.key === undefined
                  ? <code>{k.hint}</code>
                  : <button type="button" class="link" onClick={() => { onKey(k.key!) }}>{k.key}</button>}
                <span class="hint"> {accounts(k.linked_accounts)}, used {usedAgo(k.last_used_at)}</span>
              </li>
            ))}
          </ul>
          {masked && (
            <p class="hint" data-testid="keys-masked">
              Each key is shown by its first characters only, so that no one who reaches this server learns
              another's key: type yours below to open it. On a server only you use, start unimock
              with <code>--dashboard-keys list</code> to list the keys in full.
            </p>
          )}
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
