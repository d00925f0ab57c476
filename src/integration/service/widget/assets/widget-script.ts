/**
 * GET /link/widget.js: the widget's screens (choose a system, sign in, connected, error) and the messages
 * it posts to the page that opened it. All text is business wording; all data goes in through textContent.
 * Kept in plain ES2017 without template literals so it can live in a TypeScript string.
 */
export const widgetScript = String.raw`(function () {
  'use strict'
  var params = new URLSearchParams(window.location.search)
  var linkToken = params.get('link_token') || ''
  var parentOrigin = params.get('parent_origin') || ''
  var channel = params.get('channel') || ''
  var framed = window.parent !== window && parentOrigin !== ''
  var app = document.getElementById('app')
  // Opened as a Magic Link (a tab of its own): there is no page to tell, so no close button either.
  if (!framed) document.body.classList.add('standalone')
  var session = null

  var SVG = 'http://www.w3.org/2000/svg'
  var ICONS = {
    link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7 M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
    check: 'M20 6 9 17l-5-5',
    alert: 'M12 8v5 M12 16.5v.01 M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
    lock: 'M7 11V7a5 5 0 0 1 10 0v4 M5 11h14v10H5z'
  }

  // The page that opened the widget learns what happened; the widget never learns anything back.
  function post (message) {
    if (!framed) return
    message.channel = channel
    try {
      window.parent.postMessage(message, parentOrigin)
    } catch (error) {
      console.error('link widget: cannot reach the opening page', error)
    }
  }

  function el (tag, attrs, children) {
    var node = document.createElement(tag)
    var keys = Object.keys(attrs || {})
    for (var i = 0; i < keys.length; i++) {
      var key = keys[i]
      var value = attrs[key]
      if (value === undefined || value === null || value === false) continue
      if (key === 'class') node.className = value
      else if (key === 'text') node.textContent = value
      else if (key.slice(0, 2) === 'on') node.addEventListener(key.slice(2), value)
      else node.setAttribute(key, value === true ? '' : value)
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
    })
    return node
  }

  function icon (name) {
    var svg = document.createElementNS(SVG, 'svg')
    svg.setAttribute('viewBox', '0 0 24 24')
    svg.setAttribute('fill', 'none')
    svg.setAttribute('stroke', 'currentColor')
    svg.setAttribute('stroke-width', '2')
    svg.setAttribute('stroke-linecap', 'round')
    svg.setAttribute('stroke-linejoin', 'round')
    svg.setAttribute('aria-hidden', 'true')
    var path = document.createElementNS(SVG, 'path')
    path.setAttribute('d', ICONS[name])
    svg.appendChild(path)
    return svg
  }

  // unimock draws each integration's mark (mark.svg, beside this page): the real service's logo files are
  // off the machine. The brand colour shows while it loads.
  function logo (integration, size) {
    var src = 'mark.svg?name=' + encodeURIComponent(integration.name) + '&color=' + encodeURIComponent(integration.color)
    var img = el('img', { class: 'logo' + (size > 40 ? ' large' : ''), alt: '', 'aria-hidden': 'true', src: src, width: size, height: size })
    img.style.background = integration.color
    return img
  }

  function bar (onBack) {
    return el('div', { class: 'bar' }, [
      onBack ? el('button', { class: 'icon-button', type: 'button', 'aria-label': 'Back', onclick: onBack, text: '\u2190' }) : el('span'),
      framed ? el('button', { class: 'icon-button', type: 'button', 'aria-label': 'Close', 'data-action': 'close', onclick: requestClose, text: '\u00d7' }) : el('span')
    ])
  }

  function footer () {
    return el('div', { class: 'footer' }, [icon('lock'), 'Your credentials are sent securely and used only to connect your account.'])
  }

  function render (nodes) {
    app.replaceChildren.apply(app, nodes)
  }

  function requestClose () {
    post({ type: 'close' })
  }

  function label () {
    return (session && session.system_label) || 'account'
  }

  function showPicker () {
    var list = el('ul', { class: 'list', role: 'list' })
    var empty = el('p', { class: 'empty', text: 'No matching systems.', hidden: true })
    function fill (filter) {
      var needle = filter.trim().toLowerCase()
      var shown = session.integrations.filter(function (integration) {
        return needle === '' || integration.name.toLowerCase().indexOf(needle) !== -1
      })
      list.replaceChildren.apply(list, shown.map(function (integration) {
        return el('li', {}, [el('button', {
          class: 'row', type: 'button', 'data-integration': integration.slug,
          onclick: function () { showCredentials(integration, true) }
        }, [logo(integration, 36), el('span', { class: 'name', text: integration.name }), el('span', { class: 'chevron', 'aria-hidden': 'true', text: '\u203a' })])])
      }))
      empty.hidden = shown.length !== 0
    }
    var search = el('input', { class: 'search', type: 'search', placeholder: 'Search', 'aria-label': 'Search systems', autocomplete: 'off' })
    search.addEventListener('input', function () { fill(search.value) })
    fill('')
    var who = session.organization_name ? session.organization_name + ' uses' : 'your company uses'
    render([
      bar(null),
      el('div', { class: 'body' }, [
        el('div', { class: 'hero' }, [
          el('div', { class: 'badge' }, [icon('link')]),
          el('h1', { text: 'Connect your ' + label() }),
          el('p', { text: 'Choose the ' + label() + ' ' + who + '.' })
        ]),
        session.integrations.length > 6 ? search : null,
        list,
        empty
      ]),
      footer()
    ])
    if (session.integrations.length > 6) search.focus()
  }

  function showCredentials (integration, canGoBack) {
    var username = el('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, spellcheck: 'false' })
    var password = el('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true })
    var alert = el('div', { class: 'alert', role: 'alert', hidden: true })
    var submit = el('button', { class: 'primary', type: 'submit', text: 'Connect' })
    submit.style.background = integration.color || ''
    var form = el('form', {}, [
      el('div', { class: 'field' }, [el('label', { for: 'username', text: 'Username or email' }), username]),
      el('div', { class: 'field' }, [el('label', { for: 'password', text: 'Password' }), password]),
      alert,
      submit
    ])
    form.addEventListener('submit', function (event) {
      event.preventDefault()
      connect(integration, username, password, alert, submit)
    })
    render([
      bar(canGoBack && session.integrations.length > 1 ? showPicker : null),
      el('div', { class: 'body' }, [
        el('div', { class: 'hero' }, [
          logo(integration, 56),
          el('h1', { text: 'Sign in to ' + integration.name }),
          el('p', { text: 'Enter the username and password you use for ' + integration.name + '.' })
        ]),
        form
      ]),
      footer()
    ])
    username.focus()
  }

  function connect (integration, username, password, alert, submit) {
    submit.disabled = true
    submit.textContent = 'Connecting\u2026'
    alert.hidden = true
    password.removeAttribute('aria-invalid')
    fetch('api/connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link_token: linkToken, integration: integration.slug, username: username.value, password: password.value })
    }).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, status: res.status, body: body } })
    }).then(function (answer) {
      if (answer.ok && answer.body.outcome === 'success') {
        post({ type: 'success', public_token: answer.body.public_token })
        showConnected(answer.body.integration)
        return
      }
      if (answer.ok && answer.body.outcome === 'validation_error') {
        var errors = answer.body.errors
        alert.replaceChildren.apply(alert, errors.map(function (problem) { return el('p', { text: problem.detail }) }))
        alert.hidden = false
        password.setAttribute('aria-invalid', 'true')
        password.value = ''
        submit.disabled = false
        submit.textContent = 'Connect'
        password.focus()
        post({ type: 'validation_error', errors: errors })
        return
      }
      // The link stopped being usable while the form was open (expired, or used elsewhere): say which.
      return loadSession().then(function (state) {
        showProblem(state === 'READY' ? 'UNAVAILABLE' : state, answer.body && answer.body.detail)
      })
    }).catch(function (error) {
      showProblem('UNAVAILABLE', String(error))
    })
  }

  function showConnected (integration) {
    render([
      bar(null),
      el('div', { class: 'body outcome' }, [
        el('div', { class: 'hero' }, [
          el('div', { class: 'badge ok' }, [icon('check')]),
          el('h1', { text: 'You\u2019re all set' }),
          el('p', { text: 'Your ' + integration.name + ' account is connected. Your data will start syncing shortly.' })
        ])
      ]),
      el('div', { class: 'actions' }, [
        framed
          ? el('button', { class: 'primary', type: 'button', 'data-action': 'finish', onclick: requestClose, text: 'Finish' })
          : el('p', { class: 'note', text: 'You can close this window.' })
      ])
    ])
  }

  var PROBLEMS = {
    EXPIRED: {
      title: 'This link has expired',
      text: 'For your security, connection links work for a limited time. Close this window and start again from the app.',
      code: 'link_token_expired',
      detail: 'The link token has expired; create a fresh link token for every opening of the widget.'
    },
    USED: {
      title: 'This link has already been used',
      text: 'Each connection link works only once. Close this window and start again from the app.',
      code: 'link_token_used',
      detail: 'The link token was already used; link tokens are single use.'
    },
    UNKNOWN: {
      title: 'This link is not valid',
      text: 'Close this window and start again from the app.',
      code: 'link_token_invalid',
      detail: 'No link session matches this link token.'
    },
    UNAVAILABLE: {
      title: 'We can\u2019t connect right now',
      text: 'Something went wrong on our side. Close this window and try again in a few minutes.',
      code: 'service_unavailable',
      detail: 'The link service did not answer as expected.'
    }
  }

  function showProblem (state, detail) {
    var problem = PROBLEMS[state] || PROBLEMS.UNAVAILABLE
    post({ type: 'error', error: { code: problem.code, detail: detail || problem.detail } })
    render([
      bar(null),
      el('div', { class: 'body outcome' }, [
        el('div', { class: 'hero' }, [
          el('div', { class: 'badge bad' }, [icon('alert')]),
          el('h1', { text: problem.title }),
          el('p', { text: problem.text })
        ])
      ]),
      el('div', { class: 'actions' }, [
        framed ? el('button', { class: 'primary', type: 'button', 'data-action': 'close', onclick: requestClose, text: 'Close' }) : null
      ])
    ])
  }

  function loadSession () {
    if (linkToken === '') return Promise.resolve('UNKNOWN')
    return fetch('api/session?link_token=' + encodeURIComponent(linkToken)).then(function (res) {
      if (res.status === 404) return 'UNKNOWN'
      if (!res.ok) return 'UNAVAILABLE'
      return res.json().then(function (body) {
        session = body
        document.title = 'Connect your ' + label()
        return body.state
      })
    }, function () { return 'UNAVAILABLE' })
  }

  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') requestClose()
  })

  loadSession().then(function (state) {
    if (state !== 'READY') { showProblem(state); return }
    if (session.integrations.length === 1) showCredentials(session.integrations[0], false)
    else if (session.integrations.length === 0) showProblem('UNAVAILABLE', 'The link offers no integration for the category ' + session.category + '.')
    else showPicker()
  })
})()
`
