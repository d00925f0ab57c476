/**
 * The dashboard's HTML shell: the bundle does the rest. Everything it loads is served here, under
 * /_unimock/ui, so it works with no network; the colour scheme follows the user's preference.
 */
export const dashboardPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>unimock dashboard</title>
<script>
// The first view's reads start now, while the bundle loads (before the stylesheet, which would hold this
// script until it has loaded), instead of after it has run (about 250 ms on a 2-core machine); api.ts's
// preload waits for them before the first render. Only with a key already in session storage.
(function () {
  var key = sessionStorage.getItem('unimock.apiKey')
  if (!key) return
  var early = {}
  ;['/linked-accounts', '/sync', '/clock'].forEach(function (path) {
    early[path] = fetch('/_unimock' + path, { headers: { authorization: 'Bearer ' + key } })
  })
  window.unimockEarly = early
})()
</script>
<link rel="stylesheet" href="/_unimock/ui/dashboard.css">
<script type="module" src="/_unimock/ui/dashboard.js"></script>
</head>
<body>
<div id="app"><noscript>The dashboard needs JavaScript.</noscript></div>
</body>
</html>
`
