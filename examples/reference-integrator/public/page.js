/**
 * The reference integrator's page: one connect button for the HR system (spec: Link widget, client side).
 * Every click asks the backend for a fresh link token, initializes the widget with it and opens it in onReady;
 * exit and error put the button back; a success is exchanged once and the page shows the name the exchange
 * answered. window.PAGE_CONFIG.broken names a deliberate mistake (broken.js PAGE_VARIANTS), off by default.
 */
import { get, post } from './backend.js'

const broken = (name) => window.PAGE_CONFIG?.broken === name
const CATEGORY = 'hris'
const LABEL = broken('page-service-name') ? 'Connect with Merge' : 'Connect your HR system'

const RECONNECT_LABEL = 'Reconnect your HR system'

const $ = (id) => document.getElementById(id)
const connect = $('connect')
const reconnect = $('reconnect')
const note = (text) => { $('note').textContent = text }
let integrationId = null
let cachedToken = null // page-cached-token only

function resetButton () {
  connect.disabled = false
  connect.textContent = LABEL
}

function resetReconnect () {
  reconnect.disabled = false
  reconnect.textContent = RECONNECT_LABEL
}

function busy (button) {
  button.disabled = true
  button.textContent = 'Connecting…'
  note('')
}

/** The connected state; needsReconnect: the backend marked the record in error (the service answered 401). */
function showConnected (name, id, needsReconnect = false) {
  integrationId = id
  $('connected-name').textContent = needsReconnect ? name : `Connected to ${name}`
  $('needs-reconnect').hidden = !needsReconnect
  reconnect.hidden = !needsReconnect
  resetReconnect()
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
    const name = broken('page-name-refetched')
      ? (await get('/integrations')).integrations.find((r) => r.integration_id === answer.integration_id)?.integration_name
      : answer.integration_name
    showConnected(broken('page-connected-without-name') ? 'your HR system' : name, answer.integration_id)
    note('')
  } catch (error) {
    note(`The connection could not be completed: ${error.message}`)
    resetButton()
    resetReconnect()
  }
}

/** The widget for one click, with the token that click obtained; `reset` puts the clicked button back. */
function openWidget (linkToken, reset = resetButton) {
  window.MergeLink.initialize({
    linkToken,
    onReady: () => { if (!broken('page-open-before-ready')) window.MergeLink.openLink() },
    onSuccess: (publicToken) => { exchange(publicToken) },
    onExit: () => { if (!broken('page-no-reset-on-exit')) reset() },
    onError: () => {
      note('The connection window could not be opened. Please try again.')
      if (!broken('page-no-reset-on-error')) reset()
    }
  })
  if (broken('page-open-before-ready')) window.MergeLink.openLink()
}

connect.addEventListener('click', async () => {
  busy(connect)
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

// The record needs relinking: relink-integration answers a token for the same account (same origin id).
reconnect.addEventListener('click', async () => {
  busy(reconnect)
  try {
    const answer = broken('page-reconnect-creates')
      ? await post('/create-link-token', { category: CATEGORY })
      : await post('/relink-integration', { integration_id: integrationId })
    openWidget(answer.link_token, resetReconnect)
  } catch (error) {
    note(`The connection could not be started: ${error.message}`)
    resetReconnect()
  }
})

/** The end user's yes or no: the browser's confirm, or with ?confirm=dialog a dialog of the page's own. */
function confirmed () {
  if (new URLSearchParams(window.location.search).get('confirm') !== 'dialog') return Promise.resolve(window.confirm($('confirm-text').textContent))
  const dialog = $('confirm-dialog')
  return new Promise((resolve) => {
    const answer = (yes) => () => { dialog.close(); resolve(yes) }
    $('confirm-yes').onclick = answer(true)
    $('confirm-cancel').onclick = answer(false)
    dialog.showModal()
  })
}

$('disconnect').addEventListener('click', async () => {
  if (!broken('page-delete-without-confirm') && !await confirmed()) return
  try {
    await post('/delete-integration', { integration_id: integrationId })
    showDisconnected()
  } catch (error) {
    note(`The system could not be disconnected: ${error.message}`)
  }
})

async function start () {
  const rows = (await get('/integrations')).integrations
  const row = rows.find((r) => r.category === CATEGORY && (r.status === 'active' || r.status === 'error'))
  if (row) showConnected(row.integration_name, row.integration_id, row.status === 'error')
  else showDisconnected()
}

resetButton()
start().catch((error) => { note(`The page could not load your systems: ${error.message}`) })
