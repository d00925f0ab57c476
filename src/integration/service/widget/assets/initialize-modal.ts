/**
 * The part of GET /link/initialize.js (initialize-script.ts) that shows the widget: the iframe in a modal, or
 * in the page's container, the messages it posts back (success, validation errors, error, close), and what
 * closing it settles. It runs inside that script's function and uses its state (config, link, open,
 * openings) and helpers (call, apiUrl, takeOverDeferred). Plain ES2017 without template literals, like it.
 */
export const MODAL = String.raw`  function lockScroll () {
    var saved = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return function () { document.body.style.overflow = saved }
  }

  function show () {
    var target = link
    var channel = 'link-' + (++openings)
    var url = new URL('widget', target.base)
    url.searchParams.set('link_token', target.token)
    url.searchParams.set('parent_origin', window.location.origin)
    url.searchParams.set('channel', channel)

    var iframe = document.createElement('iframe')
    iframe.src = url.href
    iframe.title = 'Connect your ' + ((target.session && target.session.system_label) || 'account')
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
    open = {
      root: root, iframe: iframe, unlock: unlock, channel: channel, token: target.token, base: target.base,
      origin: new URL(target.base).origin, outcome: null, publicToken: null, sent: false
    }
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
      takeOverDeferred()
      return
    }
    if (closing.outcome === 'error') { call('onExit'); takeOverDeferred(); return }
    fetch(apiUrl(closing.base, 'exit', closing.token), { method: 'POST', credentials: 'omit', keepalive: true })
      .then(function () {}, function () {})
      .then(function () { call('onExit'); takeOverDeferred() })
  }

  window.addEventListener('message', function (event) {
    if (!open || event.source !== open.iframe.contentWindow || event.origin !== open.origin) return
    var data = event.data
    if (!data || typeof data !== 'object' || data.channel !== open.channel) return
    switch (data.type) {
      case 'success':
        if (open.outcome !== null) return
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
        if (open.outcome !== null) return
        open.outcome = 'error'
        call('onError', data.error)
        break
      case 'close':
        close()
        break
    }
  })
`
