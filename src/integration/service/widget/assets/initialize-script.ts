import { MODAL } from './initialize-modal.js'

/** Where unimock served the script from, as the request reached it. */
export interface ServedAt {
  /** `http://127.0.0.1:4010`; null when the request named no usable host. */
  readonly origin: string | null
  /** The widget's path prefix with a trailing slash, normally `/link/`. */
  readonly path: string
}

/**
 * GET /link/initialize.js: the stand-in for the real widget's script. It defines the same global,
 * `window.MergeLink`, with initialize / openLink / update / closeLink, so an integrator's page (or the
 * react-merge-link hook, once its CDN request is answered with this script) works unchanged.
 *
 * The official front-end libraries always load the script from Merge's CDN URL, so this one cannot rely on
 * its own URL to find unimock: the server writes in the origin it was reached at. The widget itself runs
 * in an iframe served by unimock; the two talk only by postMessage, and each side checks the other's origin.
 * Kept in plain ES2017 without template literals so it can live in a TypeScript string.
 */
export function initializeScript (served: ServedAt): string {
  return SCRIPT.replace('__SERVED__', () => JSON.stringify(served))
}

const SCRIPT = String.raw`(function () {
  'use strict'
  // A second copy (a preload and the CDN's answer, say) keeps the first: the page may have initialized it.
  if (window.MergeLink && window.MergeLink.__linkWidget === true) return

  var SERVED = __SERVED__
  var SCRIPT_NAME = 'initialize.js'
  // The URLs react-merge-link 2.4.2 loads the widget from (its BASE_URL_TO_CDN_MAP), and the hosts of Merge's
  // own APIs, which tenantConfig.apiBaseURL may name without meaning unimock.
  var CDN_URLS = [
    'https://cdn.merge.dev/initialize.js',
    'https://cdn.openaimerge.com/initialize.js',
    'https://develop-cdn.merge.dev/initialize.js',
    'https://mu-develop-cdn.merge.dev/initialize.js',
    'https://mu-staging-cdn.merge.dev/initialize.js',
    'https://cdn.dropboxmerge.com/initialize.js'
  ]
  var MERGE_HOSTS = /(^|\.)(merge\.dev|openaimerge\.com|dropboxmerge\.com)$/i

  function loadedFrom () {
    var current = document.currentScript
    if (current && current.src) return current.src
    var scripts = document.querySelectorAll('script[src]:not([data-link-widget-claim])')
    for (var i = scripts.length - 1; i >= 0; i--) {
      if (/\/initialize\.js(\?|#|$)/.test(scripts[i].src)) return scripts[i].src
    }
    return null
  }

  // Loaded from a URL that ends in unimock's own path (directly, or through a dev-server proxy), that URL
  // is known to reach unimock from this page. Loaded from the CDN's URL (its request answered with this
  // script, or redirected here), only the origin the server saw is left.
  var ownUrl = loadedFrom()
  var ownPath = ownUrl ? new URL(ownUrl, window.location.href).pathname : ''
  var servedHere = ownPath.slice(-(SERVED.path.length + SCRIPT_NAME.length)) === SERVED.path + SCRIPT_NAME
  var defaultBase = servedHere
    ? new URL('./', ownUrl).href
    : SERVED.origin ? SERVED.origin + SERVED.path : new URL('./', ownUrl || window.location.href).href

  // tenantConfig.apiBaseURL is the real widget's setting for "the service to talk to": naming unimock
  // there (any host but Merge's own) overrides everything above, per initialize.
  function baseFor (cfg) {
    var api = cfg.tenantConfig && cfg.tenantConfig.apiBaseURL
    if (typeof api !== 'string' || api === '') return defaultBase
    var url
    try { url = new URL(api, window.location.href) } catch (error) { return defaultBase }
    if (MERGE_HOSTS.test(url.hostname)) return defaultBase
    return new URL(SERVED.path.slice(1), url.href.replace(/\/?$/, '/')).href
  }

  // Preloaded from unimock, the script stands in for the CDN's: an inert tag with each CDN URL (a script of
  // type text/plain is never fetched) tells the official hook and Vue component, which look for a tag with
  // that src before adding one, that the widget is already on the page.
  if (servedHere) {
    CDN_URLS.forEach(function (url) {
      if (document.querySelector('script[src="' + url + '"]')) return
      var claim = document.createElement('script')
      claim.type = 'text/plain'
      claim.setAttribute('data-link-widget-claim', '')
      claim.setAttribute('src', url)
      document.head.appendChild(claim)
    })
  }

  var config = null       // the latest initialize/update config; its callbacks serve the open modal too
  var link = null         // the link token openLink shows next: { token, base, session, request, readyQueued }
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

  function apiUrl (base, path, linkToken) {
    return base + 'api/' + path + '?link_token=' + encodeURIComponent(linkToken)
  }

  // Learns what the link token may show; once known the widget can open, so onReady fires. A token that is
  // used, expired or unknown still opens, into an error state, as the real widget does.
  function prepare (target) {
    target.session = null
    var request = fetch(apiUrl(target.base, 'session', target.token), { credentials: 'omit' })
      .then(function (res) {
        if (res.ok) return res.json()
        if (res.status === 404) return { state: 'UNKNOWN' }
        return { state: 'UNAVAILABLE' }
      })
      .then(function (state) { settle(target, request, state, null) },
        function (error) { settle(target, request, { state: 'UNAVAILABLE' }, error) })
    target.request = request
  }

  function settle (target, request, session, error) {
    if (link !== target || target.request !== request) return
    target.session = session
    if (session.state === 'UNAVAILABLE') {
      call('onError', { code: 'service_unavailable', detail: 'The link service could not be reached at ' + target.base + (error ? ': ' + String(error) : '.') })
      return
    }
    if (open) return
    call('onReady')
    if (pendingOpen) { pendingOpen = false; show() }
  }

  // initialize again with a link that is already prepared: the page may be a new component instance that
  // has not heard onReady yet. Calls in one turn of the event loop (StrictMode's double effects) get one.
  function queueReady (target) {
    if (target.readyQueued) return
    target.readyQueued = true
    Promise.resolve().then(function () {
      target.readyQueued = false
      if (link === target && !open && target.session && target.session.state !== 'UNAVAILABLE') call('onReady')
    })
  }

  // Points the widget at a link token. An open modal keeps its own token to the end; a new one waits for it
  // to close. Answers whether anything changed.
  function retarget (token, base) {
    if (link && link.token === token && link.base === base) return false
    link = { token: token, base: base, session: null, request: null, readyQueued: false }
    pendingOpen = false
    if (!open) prepare(link)
    return true
  }

  // A link token that arrived while the modal was open takes over once the modal's outcome is delivered.
  function takeOverDeferred () {
    if (link && link.request === null && !open) prepare(link)
  }

` + /* the iframe, its messages, and closing it: initialize-modal.ts */ MODAL + String.raw`
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

  var MergeLink = {
    __linkWidget: true,
    // The React hook calls this after every render of its component: the same link token again keeps the
    // open modal and its state, and only the callbacks change.
    initialize: function (cfg) {
      requireToken(cfg, 'initialize')
      config = merge({ shouldSendTokenOnSuccessfulLink: true }, cfg)
      if (retarget(config.linkToken, baseFor(config)) || open) return
      if (link.session === null) return
      if (link.session.state === 'UNAVAILABLE') prepare(link)
      else queueReady(link)
    },
    openLink: function (cfg) {
      if (!config) throw new Error('MergeLink.openLink: call MergeLink.initialize({ linkToken, onSuccess, ... }) first')
      if (cfg && typeof cfg === 'object') MergeLink.update(cfg)
      if (open) return
      if (link.session && link.session.state !== 'UNAVAILABLE') { show(); return }
      pendingOpen = true
      // Not asked yet (a token that waited for a modal), or unreachable when initialize ran: ask now.
      if (link.request === null || link.session) prepare(link)
    },
    update: function (cfg) {
      if (!config) throw new Error('MergeLink.update: call MergeLink.initialize({ linkToken, onSuccess, ... }) first')
      if (!cfg || typeof cfg !== 'object') return
      if (cfg.linkToken !== undefined) requireToken(cfg, 'update')
      merge(config, cfg)
      retarget(config.linkToken, baseFor(config))
    },
    closeLink: function () {
      close()
    }
  }
  window.MergeLink = MergeLink
})()
`
