/**
 * Runs in the page before its own scripts (an init script of the browser context): wraps `window.MergeLink`
 * as the widget's script defines it, so the kit reads what the page did, in the order it did it: each
 * initialize with its link token, each openLink, and each callback the widget fired. The page and the widget
 * behave exactly as without it (every call goes through; a callback the page did not give stays a no-op).
 * Only in the top frame: the widget's own frame is the service's, not the page's.
 */
export interface ProbeEvent {
  readonly n: number
  readonly event: 'initialize' | 'update' | 'openLink' | 'onReady' | 'onSuccess' | 'onExit' | 'onError'
  /** The link token initialize or update named; for a callback, the latest one. */
  readonly token: string | null
  /** onSuccess's public token; onError's error, as JSON. */
  readonly arg: string | null
}

export const PROBE_GLOBAL = '__unimockConformProbe'

export const PROBE = String.raw`(function () {
  if (window.top !== window) return
  var log = []
  var current = null
  window.__unimockConformProbe = log
  function note (event, token, arg) { log.push({ n: log.length + 1, event: event, token: token, arg: arg === undefined ? null : arg }) }
  function wrapConfig (cfg, all) {
    if (!cfg || typeof cfg !== 'object') return cfg
    if (typeof cfg.linkToken === 'string') current = cfg.linkToken
    var out = {}
    for (var key in cfg) out[key] = cfg[key]
    ;['onReady', 'onSuccess', 'onExit', 'onError'].forEach(function (name) {
      // initialize replaces every callback (a missing one is a no-op either way); update merges only those it names
      if (!all && !(name in cfg)) return
      var fn = cfg[name]
      out[name] = function () {
        var a = arguments[0]
        note(name, current, name === 'onSuccess' ? String(a) : name === 'onError' ? JSON.stringify(a === undefined ? null : a) : undefined)
        if (typeof fn === 'function') return fn.apply(this, arguments)
      }
    })
    return out
  }
  function wrap (real) {
    if (!real || typeof real !== 'object' || real.__probed) return real
    var probed = {}
    for (var key in real) probed[key] = real[key]
    probed.__probed = true
    probed.initialize = function (cfg) { note('initialize', cfg && cfg.linkToken); return real.initialize(wrapConfig(cfg, true)) }
    probed.update = function (cfg) { note('update', cfg && cfg.linkToken); return real.update(wrapConfig(cfg, false)) }
    probed.openLink = function (cfg) { note('openLink', current); return real.openLink(cfg && typeof cfg === 'object' ? wrapConfig(cfg, false) : cfg) }
    return probed
  }
  var held
  Object.defineProperty(window, 'MergeLink', {
    configurable: true,
    get: function () { return held },
    set: function (value) { held = wrap(value) }
  })
})()
`
