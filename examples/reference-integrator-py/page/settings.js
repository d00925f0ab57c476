// The settings page's "Data sources" section: connect the organisation's accounting software, sign in to it
// again when it stopped accepting us, stop syncing. Plain browser JavaScript, no build step.
//
// Everything the section shows is computed from one state object by render(); actions change the state with
// set(). The connection itself lives in the backend: GET /api/merge/connections on load, and afterwards what the
// backend's answers say (the exchange's answer names the connected software; nothing is asked again).
// The page never sees a secret: the backend keeps the service's key and the account's credentials.
(() => {
  'use strict'

  const API = '/api/merge'
  const section = document.querySelector('[data-category]')
  const CATEGORY = section.dataset.category
  const MISTAKE = document.querySelector('meta[name="page-variant"]')?.content ?? ''
  /** A deliberate mistake of the page (BROKEN=<variant>, examples/reference-integrator-py/broken.py). */
  const broken = (name) => MISTAKE === name

  const $ = (id) => document.getElementById(id)
  const el = {
    badge: $('badge'), summary: $('summary'), detail: $('detail'), notice: $('notice'),
    start: $('start'), resume: $('resume'), retryLoad: $('retry-load'), remove: $('remove-connection'),
    layer: $('confirm-layer'), box: $('confirm-box'), no: $('confirm-no'), yes: $('confirm-yes')
  }

  // phase: loading | unavailable | none | connected | needs-relink
  // busy: null | opening | finishing | removing (one action at a time); busyControl: the control it started from
  const state = {
    phase: 'loading', connection: null, busy: null, busyControl: null, sync: null, justLinked: false, notice: ''
  }

  function set (patch) {
    Object.assign(state, patch)
    render()
  }

  const LABELS = { start: 'Add accounting software', resume: 'Sign in again', remove: 'Stop syncing' }

  function render () {
    const { phase, connection, busy, busyControl } = state
    const name = connection?.name || 'Your accounting software'
    const badges = {
      loading: ['Checking…', 'idle'], unavailable: ['Unavailable', 'bad'], none: ['Not connected', 'idle'],
      connected: ['Syncing', 'good'], 'needs-relink': ['Action needed', 'warn']
    }
    el.badge.textContent = badges[phase][0]
    el.badge.dataset.tone = badges[phase][1]
    el.summary.textContent = {
      loading: 'One moment…',
      unavailable: 'We could not load this section.',
      none: 'No accounting software is connected yet.',
      connected: `Connected to ${name}.`,
      'needs-relink': `${name} no longer accepts Ledgerline's sign-in. Sign in again to resume syncing.`
    }[phase]

    let detail = ''
    if (phase === 'connected' && state.justLinked) detail = 'Your first import has started. It can take from a few minutes to a few hours.'
    else if (phase === 'connected' && state.sync) {
      detail = state.sync.complete
        ? `Your data is up to date${state.sync.lastTime ? ` (last updated ${new Date(state.sync.lastTime).toLocaleString()})` : ''}.`
        : 'An import is running. Your reports update when it ends.'
    }
    el.detail.textContent = detail
    el.detail.hidden = detail === ''

    const label = (control) => {
      if (busyControl !== control) return LABELS[control]
      return { opening: 'Opening…', finishing: 'Finishing…', removing: 'Stopping…' }[busy] ?? LABELS[control]
    }
    el.start.hidden = phase !== 'none'
    el.resume.hidden = phase !== 'needs-relink'
    el.retryLoad.hidden = phase !== 'unavailable'
    el.remove.hidden = phase !== 'connected' && phase !== 'needs-relink'
    for (const control of ['start', 'resume', 'remove']) {
      el[control].textContent = label(control)
      el[control].disabled = busy !== null
    }
    section.setAttribute('aria-busy', String(busy !== null || phase === 'loading'))
    el.notice.textContent = state.notice
  }

  /** One call to the backend: {ok, status, data}; never throws (a network failure is status 0). */
  async function api (method, route, body) {
    try {
      const res = await fetch(`${API}/${route}`, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
      let data = {}
      try { data = await res.json() } catch { data = {} }
      if (res.status === 401) window.location.assign('/login')
      return { ok: res.ok && data.success === true, status: res.status, data }
    } catch {
      return { ok: false, status: 0, data: {} }
    }
  }

  // --- what the backend holds -------------------------------------------------------------------------------

  async function load () {
    set({ phase: 'loading', notice: '' })
    const r = await api('GET', 'connections')
    if (!r.ok || !Array.isArray(r.data.connections)) {
      set({ phase: 'unavailable' })
      return
    }
    const found = r.data.connections.find((c) => c.category === CATEGORY)
    if (found === undefined) {
      set({ phase: 'none', connection: null, sync: null, justLinked: false })
      if (broken('page-token-on-load')) void preloadedToken()
      return
    }
    const connection = { linkedAccountId: found.linked_account_id, name: found.integration_name }
    set({ phase: found.state === 'connected' ? 'connected' : 'needs-relink', connection, sync: null, justLinked: false })
    if (state.phase === 'connected') void refreshSync(connection)
  }

  /** The import's progress, once per load; an account that stopped accepting us turns to needs-relink. */
  async function refreshSync (connection) {
    const r = await api('POST', 'check-sync-status', { linked_account_id: connection.linkedAccountId })
    if (state.connection !== connection || state.phase !== 'connected') return
    if (r.ok) set({ sync: { complete: r.data.sync_complete === true, lastTime: r.data.last_sync_time } })
    else if (r.data.status === 'error') set({ phase: 'needs-relink', sync: null })
  }

  // --- the sign-in window (the provider's widget) -------------------------------------------------------------

  let current = null // the attempt in flight: its callbacks act only while it is the current one
  let preloaded = null

  function preloadedToken () {
    preloaded ??= api('POST', 'create-link-token', { category: CATEGORY })
    return preloaded
  }

  async function begin (control) {
    if (state.busy !== null) return
    const attempt = { control, opened: false, sent: false, settled: false }
    current = attempt
    set({ busy: 'opening', busyControl: control, notice: '' })

    let r
    if (control === 'start' && broken('page-token-on-load')) r = await preloadedToken()
    else if (control === 'resume' && !broken('page-reconnect-fresh-link')) {
      r = await api('POST', 'relink-integration', { linked_account_id: state.connection.linkedAccountId })
    } else r = await api('POST', 'create-link-token', { category: CATEGORY })
    if (current !== attempt) return

    if (!r.ok || typeof r.data.link_token !== 'string') {
      const already = control === 'start' && r.status === 400
      settle(attempt, already ? 'Your accounting software is already connected.' : 'We could not start the sign-in. Please try again.')
      if (already) void load()
      return
    }
    if (typeof window.MergeLink?.initialize !== 'function') {
      settle(attempt, 'The sign-in window is not available right now. Please try again later.')
      return
    }
    openWindow(attempt, r.data.link_token)
  }

  function openWindow (attempt, token) {
    window.MergeLink.initialize({
      linkToken: token,
      shouldSendTokenOnSuccessfulLink: true,
      onReady: () => {
        if (current !== attempt || attempt.opened || broken('page-open-at-once')) return
        attempt.opened = true
        window.MergeLink.openLink()
      },
      onSuccess: (publicToken) => { void finish(attempt, publicToken) },
      onExit: () => {
        if (!broken('page-exit-keeps-busy')) settle(attempt, 'Nothing was changed.')
      },
      onError: () => {
        if (!broken('page-error-keeps-busy')) settle(attempt, 'The sign-in window could not open. Please try again in a moment.')
      }
    })
    if (broken('page-open-at-once')) {
      attempt.opened = true
      window.MergeLink.openLink()
    }
    if (broken('page-console-words')) console.info('link token ready, opening the widget')
  }

  /** The attempt ends without a connection: the control is as it was before the click. */
  function settle (attempt, notice) {
    if (current !== attempt || attempt.sent || attempt.settled) return
    attempt.settled = true
    current = null
    set({ busy: null, busyControl: null, notice })
  }

  /** The end user finished: the one-time code goes to the backend once; its answer names the software. */
  async function finish (attempt, publicToken) {
    if (current !== attempt || attempt.sent || attempt.settled) return
    attempt.sent = true
    set({ busy: 'finishing' })
    const exchange = () => api('POST', 'exchange-public-token', { public_token: publicToken, category: CATEGORY })
    let r
    if (broken('page-double-send')) {
      const both = await Promise.all([exchange(), exchange()])
      r = both.find((x) => x.ok) ?? both[0]
    } else r = await exchange()
    current = null
    if (!r.ok) {
      set({ busy: null, busyControl: null, notice: 'We could not finish connecting. Please try again.' })
      return
    }
    const named = typeof r.data.integration_name === 'string' && r.data.integration_name !== ''
    let name = broken('page-category-name') || !named ? 'your accounting software' : r.data.integration_name
    if (broken('page-name-from-listing')) {
      const listed = await api('GET', 'connections')
      name = listed.data.connections?.find((c) => c.category === CATEGORY)?.integration_name ?? name
    }
    set({
      phase: 'connected',
      connection: { linkedAccountId: r.data.linked_account_id, name },
      busy: null, busyControl: null, sync: null, justLinked: true,
      notice: attempt.control === 'resume' ? 'Syncing resumed.' : 'Connected.'
    })
  }

  // --- stopping: asked in a dialog of the page's own -----------------------------------------------------------

  function ask () {
    return new Promise((resolve) => {
      const before = document.activeElement
      const close = (answer) => {
        el.layer.hidden = true
        document.removeEventListener('keydown', keys, true)
        el.no.onclick = el.yes.onclick = el.layer.onclick = null
        if (before instanceof HTMLElement && !before.hidden && !before.disabled) before.focus()
        resolve(answer)
      }
      const keys = (e) => {
        if (e.key === 'Escape') { e.preventDefault(); close(false) }
        if (e.key === 'Tab') { // focus stays in the dialog
          e.preventDefault()
          ;(document.activeElement === el.no ? el.yes : el.no).focus()
        }
      }
      el.no.onclick = () => close(false)
      el.yes.onclick = () => close(true)
      el.layer.onclick = (e) => { if (e.target === el.layer) close(false) }
      document.addEventListener('keydown', keys, true)
      el.layer.hidden = false
      el.no.focus()
    })
  }

  async function stop () {
    if (state.busy !== null || state.connection === null) return
    const connection = state.connection
    if (!broken('page-remove-at-once') && !(await ask())) {
      set({ notice: 'Nothing was changed.' })
      return
    }
    set({ busy: 'removing', busyControl: 'remove', notice: '' })
    const r = await api('POST', 'delete-integration', { linked_account_id: connection.linkedAccountId })
    if (r.ok || r.status === 404) {
      set({ phase: 'none', connection: null, sync: null, justLinked: false, busy: null, busyControl: null, notice: 'Syncing stopped.' })
    } else {
      set({ busy: null, busyControl: null, notice: 'We could not stop syncing right now; nothing was changed. Please try again.' })
    }
  }

  el.start.addEventListener('click', () => { void begin('start') })
  el.resume.addEventListener('click', () => { void begin('resume') })
  el.remove.addEventListener('click', () => { void stop() })
  el.retryLoad.addEventListener('click', () => { void load() })
  render()
  void load()
})()
