/**
 * The dashboard's HTML shell with its styles: the bundle does the rest. Everything it loads is served here,
 * under /_unimock/ui, so it works with no network; the colour scheme follows the user's preference. The icon
 * is inline: without one the browser asks for /favicon.ico on every load, a 404 that competed with the
 * first reads for the server (260 ms of a fresh browser's first load, in a resource timing). The styles
 * (5 KB) are inline too: in headless Chromium on one core each request a page starts costs its renderer
 * 10-40 ms (the dashboard bench: 14 ms less over the static yardstick, four alternating pairs). The script
 * stays a file: inlined, the 74 KB module loaded slower (no streamed compile).
 */
export const dashboardPage = (css: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>unimock dashboard</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%232f6fde'/%3E%3Cpath d='M4 4v5a4 4 0 0 0 8 0V4h-2v5a2 2 0 0 1-4 0V4z' fill='%23fff'/%3E%3C/svg%3E">
<script>
// The first view's read (/overview: the clock, the accounts, their sync summary) starts now, while the
// bundle loads, instead of after it has run (about 250 ms on a 2-core machine); api.ts's preload waits for
// it before the first render. Only with a key already in session storage, or in the URL's fragment
// (#key=...: a shared link; a fragment never reaches the server or its logs), which is kept for the session
// and taken out of the address bar.
(function () {
  var given = /^#(?:.*&)?key=([^&]*)/.exec(location.hash)
  if (given && given[1]) {
    try { sessionStorage.setItem('unimock.apiKey', decodeURIComponent(given[1])) } catch (e) {}
    history.replaceState(null, '', location.pathname + location.search)
  }
  var key = sessionStorage.getItem('unimock.apiKey')
  if (key) window.unimockEarly = fetch('/_unimock/overview', { headers: { authorization: 'Bearer ' + key } }).then(function (r) { return r.ok ? r.json() : undefined })
})()
</script>
<style>${css}</style>
<script type="module" src="/_unimock/ui/dashboard.js"></script>
</head>
<body>
<div id="app"><noscript>The dashboard needs JavaScript.</noscript></div>
</body>
</html>
`
