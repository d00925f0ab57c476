/**
 * GET /link/demo: a sample product's settings page that runs the whole link flow in a browser. The top of
 * the page is what an end user sees (business wording only); the panel below shows what the integrator's
 * backend sees (tokens, account status), for developers trying the flow.
 */
export interface DemoSettings {
  readonly api_key: string
  readonly category: string
  readonly end_user_origin_id: string
  readonly integration: string | null
  readonly link_token: string | null
  readonly system_label: string
}

/** JSON inside a <script> element: `<` is escaped so no value can close the element. */
function scriptJson (value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

function escapeHtml (text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function demoPage (settings: DemoSettings): string {
  const label = escapeHtml(settings.system_label)
  return head + String.raw`
<header class="top"><span class="brand"><span class="mark"></span>Northwind</span><nav>Dashboard<span>Team</span><b>Settings</b></nav></header>
<main>
  <h1>Integrations</h1>
  <p class="lead">Connect the tools your company already uses.</p>
  <section class="card">
    <div class="tile" aria-hidden="true"></div>
    <div class="what">
      <h2>` + capitalised(label) + String.raw`</h2>
      <p>Connect your ` + label + String.raw` to keep your information up to date automatically.</p>
      <p id="status" class="status" data-state="idle">Not connected</p>
    </div>
    <button id="connect" type="button">Connect your ` + label + String.raw`</button>
  </section>
  <section class="dev" aria-label="Developer view">
    <h3>Developer view <small>what your backend sees; not shown to end users</small></h3>
    <dl>
      <dt>link token</dt><dd id="link-token">&ndash;</dd>
      <dt>public token</dt><dd id="public-token">&ndash;</dd>
      <dt>integration</dt><dd id="integration-name">&ndash;</dd>
      <dt>linked account</dt><dd id="account-id">&ndash;</dd>
      <dt>account status</dt><dd id="account-status">&ndash;</dd>
    </dl>
    <ol id="log"></ol>
  </section>
</main>
<script id="demo-config" type="application/json">` + scriptJson(settings) + String.raw`</script>
<script src="initialize.js"></script>
<script src="demo.js"></script>
</body>
</html>
`
}

function capitalised (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const head = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Integrations · Northwind</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='4' fill='%236366f1'/%3E%3C/svg%3E">
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; background: #f1f5f9; }
  .top { display: flex; align-items: center; gap: 32px; padding: 14px 32px; background: #fff; border-bottom: 1px solid #e2e8f0; }
  .brand { display: flex; align-items: center; gap: 8px; font-weight: 700; }
  .mark { width: 22px; height: 22px; border-radius: 6px; background: linear-gradient(135deg, #0ea5e9, #6366f1); }
  nav { display: flex; gap: 20px; color: #64748b; }
  nav b { color: #0f172a; font-weight: 600; }
  main { max-width: 760px; margin: 32px auto; padding: 0 24px; }
  h1 { margin: 0; font-size: 26px; letter-spacing: -0.01em; }
  .lead { margin: 4px 0 20px; color: #64748b; }
  .card { display: flex; align-items: center; gap: 16px; padding: 20px; background: #fff; border: 1px solid #e2e8f0; border-radius: 14px; }
  .tile { width: 44px; height: 44px; border-radius: 10px; background: #e0e7ff; flex: none; }
  .what { flex: 1; }
  .what h2 { margin: 0; font-size: 17px; }
  .what p { margin: 2px 0 0; color: #64748b; }
  .status { font-weight: 600; }
  .status[data-state="ok"] { color: #15803d; }
  .status[data-state="error"] { color: #b91c1c; }
  #connect { padding: 10px 16px; border: 0; border-radius: 10px; background: #4f46e5; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  #connect[disabled] { opacity: 0.6; cursor: progress; }
  .dev { margin-top: 28px; padding: 16px 20px; border: 1px dashed #94a3b8; border-radius: 14px; background: #f8fafc; font-size: 13px; }
  .dev h3 { margin: 0 0 10px; font-size: 14px; }
  .dev small { color: #64748b; font-weight: 400; margin-left: 6px; }
  .dev dl { display: grid; grid-template-columns: 130px 1fr; gap: 4px 12px; margin: 0 0 10px; }
  .dev dt { color: #64748b; }
  .dev dd { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
  .dev ol { margin: 0; padding-left: 20px; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: #334155; }
</style>
</head>
<body>`

/** GET /link/demo.js: the demo page's behaviour, playing both the product's page and its backend calls. */
export const demoScript = String.raw`(function () {
  'use strict'
  var settings = JSON.parse(document.getElementById('demo-config').textContent)
  var button = document.getElementById('connect')
  var status = document.getElementById('status')
  var presetLinkToken = settings.link_token
  // What the card said once connected, restored when a reconnect is cancelled.
  var connected = null

  function show (id, text) { document.getElementById(id).textContent = text }
  function log (text) { document.getElementById('log').appendChild(document.createElement('li')).textContent = text }
  function setStatus (text, state) { status.textContent = text; status.setAttribute('data-state', state) }
  function ready (text) { button.disabled = false; button.textContent = text }

  // The integrator's backend holds the API key; here a small same-origin helper plays it.
  function backend (route, body) {
    body.api_key = settings.api_key
    body.category = settings.category
    return fetch('demo/api/' + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) {
        return res.json().then(function (answer) {
          if (!res.ok || answer.success !== true) throw new Error(route + ' failed (' + res.status + '): ' + (answer.error || 'no detail'))
          return answer
        })
      })
  }

  function linkToken () {
    if (presetLinkToken) {
      var given = presetLinkToken
      presetLinkToken = null
      return Promise.resolve(given)
    }
    var request = { end_user_origin_id: settings.end_user_origin_id }
    if (settings.integration) request.integration = settings.integration
    return backend('create-link-token', request).then(function (answer) { return answer.link_token })
  }

  function failed (error) {
    log('error: ' + (error && error.detail ? error.code + ': ' + error.detail : String(error && error.message || error)))
    setStatus('Something went wrong. Please try again.', 'error')
  }

  function exchange (publicToken) {
    setStatus('Finishing setup\u2026', 'busy')
    return backend('exchange-public-token', { public_token: publicToken }).then(function (answer) {
      show('integration-name', answer.integration_name)
      show('account-id', answer.account.id)
      show('account-status', answer.account.status)
      log('exchanged the public token; account ' + answer.account.id + ' is ' + answer.account.status)
      connected = 'Connected to ' + answer.integration_name
      setStatus(connected, 'ok')
      ready('Reconnect')
    })
  }

  button.addEventListener('click', function () {
    button.disabled = true
    setStatus('Opening\u2026', 'busy')
    linkToken().then(function (token) {
      show('link-token', token)
      log('link token ready')
      window.MergeLink.initialize({
        linkToken: token,
        onReady: function () { log('onReady'); window.MergeLink.openLink() },
        onSuccess: function (publicToken) {
          show('public-token', publicToken)
          log('onSuccess')
          exchange(publicToken).catch(function (error) { failed(error); ready('Try again') })
        },
        onValidationError: function (errors) {
          log('onValidationError: ' + errors.map(function (e) { return e.problem_type }).join(', '))
        },
        onExit: function () {
          log('onExit')
          if (connected) setStatus(connected, 'ok')
          else setStatus('Not connected', 'idle')
          ready(connected ? 'Reconnect' : button.getAttribute('data-label'))
        },
        onError: function (error) { failed(error); ready('Try again') }
      })
    }).catch(function (error) { failed(error); ready('Try again') })
  })
  button.setAttribute('data-label', button.textContent)
})()
`
