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
<link rel="stylesheet" href="/_unimock/ui/dashboard.css">
<script type="module" src="/_unimock/ui/dashboard.js"></script>
</head>
<body>
<div id="app"><noscript>The dashboard needs JavaScript.</noscript></div>
</body>
</html>
`
