// An integrator's React page using the official hook exactly as its README shows, against unimock. Built by
// react-hook.test.ts with esbuild. ?strict=1 wraps it in StrictMode; ?rerender=1 makes every callback
// re-render the component that owns the hook (as a page showing a log of events does).
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { useMergeLink } from '@mergeapi/react-merge-link'

const params = new URLSearchParams(window.location.search)
const strict = params.get('strict') === '1'
const rerender = params.get('rerender') === '1'
const originId = params.get('origin_id')

// Every callback lands here whatever the page renders, so the test sees each call exactly once.
window.events = []

async function backend (path, body) {
  const res = await fetch(`/backend/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = await res.json()
  if (!res.ok) throw new Error(answer.error)
  return answer
}

function ConnectButton ({ linkToken, onLinked, onClosed }) {
  const [log, setLog] = useState([])
  const renders = useRef(0)
  renders.current += 1
  const note = (event) => {
    window.events.push(event)
    if (rerender) setLog((entries) => [...entries, event.type])
  }
  const { open, isReady, error } = useMergeLink({
    linkToken,
    onSuccess: (publicToken) => { note({ type: 'success', publicToken }); onLinked(publicToken) },
    onExit: () => { note({ type: 'exit' }); onClosed() },
    onValidationError: (errors) => note({ type: 'validation', errors })
  })
  return (
    <section className="card">
      <button id="connect" type="button" disabled={!isReady || linkToken === undefined} onClick={open}>Connect your HR system</button>
      {error !== null && <p id="script-error">The connection window could not load.</p>}
      <p className="meta">Rendered <span id="renders">{renders.current}</span> times</p>
      {/* biome-ignore lint/suspicious/noArrayIndexKey: the log only grows, so an entry's index is its identity */}
      {rerender && <ol id="log">{log.map((type, i) => <li key={i}>{type}</li>)}</ol>}
    </section>
  )
}

function App () {
  const [attempt, setAttempt] = useState(0)
  const [linkToken, setLinkToken] = useState(undefined)
  const [status, setStatus] = useState('Not connected')

  // A fresh link token for every opening, from the integrator's backend.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what asks for a new token
  useEffect(() => {
    let live = true
    setLinkToken(undefined)
    void backend('link-token', { origin_id: originId }).then((answer) => { if (live) setLinkToken(answer.link_token) })
    return () => { live = false }
  }, [attempt])

  const onLinked = (publicToken) => {
    setStatus('Linking…')
    void backend('exchange', { public_token: publicToken }).then((account) => setStatus(`Connected to ${account.integration}: ${account.status}`))
  }
  const onClosed = () => {
    setStatus('Closed without connecting')
    setAttempt((n) => n + 1)
  }

  return (
    <main>
      <h1>Acme People</h1>
      <p>Settings · Integrations{strict ? ' · StrictMode' : ''}{rerender ? ' · re-renders on every callback' : ''}</p>
      <p id="status">{status}</p>
      <ConnectButton linkToken={linkToken} onLinked={onLinked} onClosed={onClosed} />
    </main>
  )
}

const root = createRoot(document.getElementById('root'))
root.render(strict ? <StrictMode><App /></StrictMode> : <App />)
