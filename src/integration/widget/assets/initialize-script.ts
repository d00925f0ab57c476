/**
 * GET /link/initialize.js: the stand-in for the real widget's script. It defines the same global,
 * `window.MergeLink`, with initialize / openLink / update / closeLink, so an integrator's page (or the
 * react-merge-link hook, once its CDN request is pointed here) works unchanged.
 *
 * The script finds unimock from its own URL, so it works from any page origin. The widget itself runs in an
 * iframe served by unimock; the two talk only by postMessage, and each side checks the other's origin.
 * Kept in plain ES2017 without template literals so it can live in a TypeScript string.
 */
export const initializeScript = String.raw`(function () {
  'use strict'
  if (window.MergeLink && window.MergeLink.__linkWidget === true) return

  function ownUrl () {
    var current = document.currentScript
    if (current && current.src) return current.src
    var scripts = document.getElementsByTagName('script')
    for (var i = scripts.length - 1; i >= 0; i--) {
      if (/\/initialize\.js(\?|#|$)/.test(scripts[i].src)) return scripts[i].src
    }
    return window.location.href
  }

  var base = new URL('./', ownUrl()).href
  var widgetOrigin = new URL(base).origin
  var config = null
  var session = null
  var preparing = null
  var pendingOpen = false
  var open = null
  var openings = 0

  function call (name) {
    var fn = config && config[name]
    if (typeof fn !== 'function') return
    try {
      fn.apply(null, Array.prototype.slice.call(arguments, 1))
    } catch (error) {
      console.error('MergeLink: the ' + name + ' callback threw', error)
    }
  }

  function apiUrl (path, linkToken) {
    return base + 'api/' + path + '?link_token=' + encodeURIComponent(linkToken)
  }

  // Learns what the link token may show; once known the widget can open, so onReady fires. A token that is
  // used, expired or unknown still opens, into an error state, as the real widget does.
  function prepare () {
    session = null
    var linkToken = config.linkToken
    var request = fetch(apiUrl('session', linkToken), { credentials: 'omit' })
      .then(function (res) {
        if (res.ok) return res.json()
        if (res.status === 404) return { state: 'UNKNOWN' }
        return { state: 'UNAVAILABLE' }
      })
      .then(function (state) {
        if (preparing !== request) return
        session = state
        if (state.state === 'UNAVAILABLE') {
          call('onError', { code: 'service_unavailable', detail: 'The link service could not be reached at ' + base + '.' })
          return
        }
        call('onReady')
        if (pendingOpen) { pendingOpen = false; show() }
      }, function (error) {
        if (preparing !== request) return
        session = { state: 'UNAVAILABLE' }
        call('onError', { code: 'service_unavailable', detail: 'The link service could not be reached at ' + base + ': ' + String(error) })
      })
    preparing = request
  }

  function lockScroll () {
    var saved = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return function () { document.body.style.overflow = saved }
  }

  function show () {
    var channel = 'link-' + (++openings)
    var url = new URL('widget', base)
    url.searchParams.set('link_token', config.linkToken)
    url.searchParams.set('parent_origin', window.location.origin)
    url.searchParams.set('channel', channel)

    var iframe = document.createElement('iframe')
    iframe.src = url.href
    iframe.title = 'Connect your ' + ((session && session.system_label) || 'account')
    iframe.setAttribute('data-link-widget', '')

    var container = null
    if (config.parentContainerID) {
      container = document.getElementById(config.parentContainerID)
      if (!container) console.error('MergeLink: no element has the id "' + config.parentContainerID + '"; opening as a modal instead')
    }

    var root
    var unlock = function () {}
    if (container) {
      iframe.style.cssText = 'display:block;width:100%;height:100%;min-height:560px;border:0;border-radius:12px;background:#fff'
      container.appendChild(iframe)
      root = iframe
    } else {
      root = document.createElement('div')
      root.setAttribute('role', 'dialog')
      root.setAttribute('aria-modal', 'true')
      root.setAttribute('aria-label', iframe.title)
      root.setAttribute('data-link-widget-overlay', '')
      root.style.cssText = 'position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;' +
        'background:rgba(15,23,42,0.55);backdrop-filter:blur(2px)'
      iframe.style.cssText = 'display:block;width:min(420px,calc(100vw - 24px));height:min(640px,calc(100vh - 24px));border:0;' +
        'border-radius:16px;background:#fff;box-shadow:0 24px 64px rgba(15,23,42,0.35)'
      root.appendChild(iframe)
      document.body.appendChild(root)
      unlock = lockScroll()
    }
    open = { root: root, iframe: iframe, unlock: unlock, channel: channel, linkToken: config.linkToken, outcome: null, publicToken: null, sent: false }
    iframe.focus()
  }

  // Closing settles the flow: a delayed onSuccess, or onExit. An abandoned flow spends the link token first,
  // so onExit runs once the service knows.
  function close () {
    var closing = open
    if (!closing) return
    open = null
    closing.root.remove()
    closing.unlock()
    if (closing.outcome === 'success') {
      if (!closing.sent) call('onSuccess', closing.publicToken)
      return
    }
    if (closing.outcome === 'error') { call('onExit'); return }
    fetch(apiUrl('exit', closing.linkToken), { method: 'POST', credentials: 'omit', keepalive: true })
      .then(function () {}, function () {})
      .then(function () { call('onExit') })
  }

  window.addEventListener('message', function (event) {
    if (!open || event.source !== open.iframe.contentWindow || event.origin !== widgetOrigin) return
    var data = event.data
    if (!data || typeof data !== 'object' || data.channel !== open.channel) return
    switch (data.type) {
      case 'success':
        open.outcome = 'success'
        open.publicToken = data.public_token
        if (config.shouldSendTokenOnSuccessfulLink !== false) {
          open.sent = true
          call('onSuccess', data.public_token)
        }
        break
      case 'validation_error':
        call('onValidationError', data.errors)
        break
      case 'error':
        open.outcome = 'error'
        call('onError', data.error)
        break
      case 'close':
        close()
        break
    }
  })

  function merge (target, source) {
    for (var key in source) {
      if (Object.prototype.hasOwnProperty.call(source, key)) target[key] = source[key]
    }
    return target
  }

  function requireToken (cfg, method) {
    if (!cfg || typeof cfg.linkToken !== 'string' || cfg.linkToken === '') {
      throw new TypeError('MergeLink.' + method + ': linkToken is required; create one with POST /api/{category}/v1/link-token')
    }
  }

  window.MergeLink = {
    __linkWidget: true,
    initialize: function (cfg) {
      requireToken(cfg, 'initialize')
      close()
      config = merge({ shouldSendTokenOnSuccessfulLink: true }, cfg)
      pendingOpen = false
      prepare()
    },
    openLink: function (cfg) {
      if (!config) throw new Error('MergeLink.openLink: call MergeLink.initialize({ linkToken, onSuccess, ... }) first')
      if (cfg && typeof cfg === 'object') this.update(cfg)
      if (open) return
      if (session && session.state !== 'UNAVAILABLE') { show(); return }
      pendingOpen = true
      // The service was unreachable when initialize ran: ask again rather than wait forever.
      if (session && session.state === 'UNAVAILABLE') prepare()
    },
    update: function (cfg) {
      if (!config) throw new Error('MergeLink.update: call MergeLink.initialize({ linkToken, onSuccess, ... }) first')
      if (!cfg || typeof cfg !== 'object') return
      var changedToken = typeof cfg.linkToken === 'string' && cfg.linkToken !== config.linkToken
      if (changedToken) requireToken(cfg, 'update')
      merge(config, cfg)
      if (changedToken) prepare()
    },
    closeLink: function () {
      close()
    }
  }
})()
`
