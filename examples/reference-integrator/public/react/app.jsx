/**
 * The reference integrator's page again, as a React 18 app with the official hook (useMergeLink): the same
 * contract as ../page.js, through the same routes. Bundled by page-routes.js with esbuild, served at /react/.
 * Each click asks the backend for a fresh link token; the widget is opened once the hook is ready for that
 * token; exit and error put the button back; a success is exchanged once and the page shows the name the
 * exchange answered. An integration in error offers a reconnect (relink-integration); the connection can be
 * removed after a confirmation (delete-integration).
 */
import { useMergeLink } from '@mergeapi/react-merge-link'
import { StrictMode, useCallback, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { get, post } from '../backend.js'

const CATEGORY = 'hris'
const CONNECT_LABEL = 'Connect your HR system'
const RECONNECT_LABEL = 'Reconnect your HR system'
const BUSY_LABEL = 'Connecting…'

/**
 * The widget for one link token. App mounts it with the token as its key: the hook's isReady never goes back
 * to false when its token changes, so a component per token is what makes "ready" mean ready for this token.
 * The ref keeps StrictMode's second effect (and every re-render, after which the hook initializes again)
 * from opening it twice.
 */
function LinkWindow ({ linkToken, onSuccess, onExit, onError }) {
  const { open, isReady } = useMergeLink({ linkToken, onSuccess, onExit, onError })
  const opened = useRef(false)
  useEffect(() => {
    if (linkToken === undefined || !isReady || opened.current) return
    opened.current = true
    open()
  }, [linkToken, isReady, open])
  return null
}

function App () {
  // loading | disconnected | connected | needs-reconnect; id and name of the HR system's integration
  const [view, setView] = useState({ state: 'loading' })
  // Which button is waiting for the widget: 'connect' or 'reconnect'
  const [busy, setBusy] = useState(null)
  const [linkToken, setLinkToken] = useState(undefined)
  const [note, setNote] = useState('')
  // The widget's callbacks outlive the render that made them: what they read goes through refs.
  const exchanged = useRef(new Set())
  const listed = useRef(false)

  useEffect(() => {
    // Asked once: StrictMode runs this effect twice in development.
    if (listed.current) return
    listed.current = true
    get('/integrations').then(({ integrations }) => {
      const row = integrations.find((r) => r.category === CATEGORY && (r.status === 'active' || r.status === 'error'))
      setView(row === undefined
        ? { state: 'disconnected' }
        : { state: row.status === 'error' ? 'needs-reconnect' : 'connected', id: row.integration_id, name: row.integration_name })
    }).catch((error) => {
      setView({ state: 'disconnected' })
      setNote(`The page could not load your systems: ${error.message}`)
    })
  }, [])

  const settle = useCallback(() => {
    setLinkToken(undefined)
    setBusy(null)
  }, [])

  /** The button's click: a new token from the backend every time, never one kept from an earlier click. */
  const start = async (which, ask) => {
    setBusy(which)
    setNote('')
    try {
      setLinkToken((await ask()).link_token)
    } catch (error) {
      setNote(`The connection could not be started: ${error.message}`)
      settle()
    }
  }
  const connect = () => start('connect', () => post('/create-link-token', { category: CATEGORY }))
  // The record needs relinking: relink-integration answers a token for the same account (same origin id).
  const reconnect = () => start('reconnect', () => post('/relink-integration', { integration_id: view.id }))

  const onSuccess = useCallback(async (publicToken) => {
    if (exchanged.current.has(publicToken)) return
    exchanged.current.add(publicToken)
    try {
      const answer = await post('/exchange-public-token', { public_token: publicToken })
      // The connected state comes from the exchange's answer, not from asking the backend again.
      setView({ state: 'connected', id: answer.integration_id, name: answer.integration_name })
      setNote('')
    } catch (error) {
      setNote(`The connection could not be completed: ${error.message}`)
    }
    settle()
  }, [settle])

  const onError = useCallback(() => {
    setNote('The connection window could not be opened. Please try again.')
    settle()
  }, [settle])

  const disconnect = async () => {
    if (!window.confirm('Disconnect your HR system? Its data will no longer be brought in.')) return
    try {
      await post('/delete-integration', { integration_id: view.id })
      setView({ state: 'disconnected' })
    } catch (error) {
      setNote(`The system could not be disconnected: ${error.message}`)
    }
  }

  const button = (which, label, onClick) => (
    <button type="button" disabled={busy !== null} onClick={onClick}>{busy === which ? BUSY_LABEL : label}</button>
  )
  const needs = view.state === 'needs-reconnect'
  return (
    <main>
      <h1>Connected systems</h1>
      <p>Bring your employee directory in from the HR system your company uses.</p>
      {view.state === 'loading' && <p>Loading your systems…</p>}
      {view.state === 'disconnected' && <section>{button('connect', CONNECT_LABEL, connect)}</section>}
      {(view.state === 'connected' || needs) && (
        <section>
          <p>{needs ? view.name : `Connected to ${view.name}`}</p>
          {needs && <p>The connection stopped working: sign in to your HR system again to resume.</p>}
          {needs && button('reconnect', RECONNECT_LABEL, reconnect)}{' '}
          <button type="button" onClick={disconnect}>Disconnect</button>
        </section>
      )}
      <p className="note" role="status">{note}</p>
      <LinkWindow key={linkToken ?? 'none'} linkToken={linkToken} onSuccess={onSuccess} onExit={settle} onError={onError} />
    </main>
  )
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>)
