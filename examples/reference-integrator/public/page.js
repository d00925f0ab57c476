/**
 * The reference integrator's page: one connect button for the HR system (spec: Link widget, client side).
 * Every click asks the backend for a fresh link token, initializes the widget with it and opens it in onReady;
 * exit and error put the button back; a success is exchanged once and the page shows the name the exchange
 * answered. window.PAGE_CONFIG.broken names a deliberate mistake (broken.js PAGE_VARIANTS), off by default.
 */
const broken = (name) => window.PAGE_CONFIG?.broken === name
const PREFIX = '/api/integrations'
const CATEGORY = 'hris'
const LABEL = broken('page-service-name') ? 'Connect with Merge' : 'Connect your HR system'

const $ = (id) => document.getElementById(id)
const connect = $('connect')
const note = (text) => { $('note').textContent = text }
let integrationId = null
let cachedToken = null // page-cached-token only

async function post (path, body) {
  const res = await fetch(PREFIX + path, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) })
  const answer = await res.json().catch(() => ({}))
  if (!res.ok || answer.success !== true) throw new Error(answer.error || `the server answered ${res.status}`)
  return answer
}

function resetButton () {
  connect.disabled = false
  connect.textContent = LABEL
}

function showConnected (name, id) {
  integrationId = id
  $('connected-name').textContent = `Connected to ${name}`
  $('connected').hidden = false
  $('disconnected').hidden = true
}

function showDisconnected () {
  integrationId = null
  $('connected').hidden = true
  $('disconnected').hidden = false
  resetButton()
}

async function exchange (publicToken) {
  try {
    const answer = await post('/exchange-public-token', { public_token: publicToken })
    // The connected state comes from the exchange's answer, not from asking the backend again.
    showConnected(broken('page-connected-without-name') ? 'your HR system' : answer.integration_name, answer.integration_id)
    note('')
  } catch (error) {
    note(`The connection could not be completed: ${error.message}`)
    resetButton()
  }
}

function openWidget (linkToken) {
  window.MergeLink.initialize({
    linkToken,
    onReady: () => { if (!broken('page-open-before-ready')) window.MergeLink.openLink() },
    onSuccess: (publicToken) => { exchange(publicToken) },
    onExit: () => { if (!broken('page-no-reset-on-exit')) resetButton() },
    onError: () => {
      note('The connection window could not be opened. Please try again.')
      if (!broken('page-no-reset-on-error')) resetButton()
    }
  })
  if (broken('page-open-before-ready')) window.MergeLink.openLink()
}

connect.addEventListener('click', async () => {
  connect.disabled = true
  connect.textContent = 'Connecting…'
  note('')
  try {
    const token = broken('page-cached-token') && cachedToken !== null
      ? cachedToken
      : (await post('/create-link-token', { category: CATEGORY })).link_token
    cachedToken = token
    openWidget(token)
  } catch (error) {
    note(`The connection could not be started: ${error.message}`)
    resetButton()
  }
})

$('disconnect').addEventListener('click', async () => {
  if (!window.confirm('Disconnect your HR system? Its data will no longer be brought in.')) return
  try {
    await post('/delete-integration', { integration_id: integrationId })
    showDisconnected()
  } catch (error) {
    note(`The system could not be disconnected: ${error.message}`)
  }
})

async function start () {
  const res = await fetch(`${PREFIX}/integrations`, { credentials: 'same-origin' })
  const rows = res.ok ? (await res.json()).integrations : []
  const active = rows.find((r) => r.category === CATEGORY && r.status === 'active')
  if (active) showConnected(active.integration_name, active.integration_id)
  else showDisconnected()
}

resetButton()
start().catch((error) => { note(`The page could not load your systems: ${error.message}`) })
