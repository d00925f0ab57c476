/**
 * GET /link/widget: the page inside the widget's iframe. A static shell: widget.js reads the link token
 * from the URL and fetches everything else from /link/api, so nothing from the request is echoed into HTML.
 */
export const widgetPage = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Connect your account</title>
<style>
  :root {
    --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --soft: #f8fafc; --accent: #4f46e5;
    --danger: #b91c1c; --danger-soft: #fef2f2; --ok: #15803d; --ok-soft: #f0fdf4;
  }
  * { box-sizing: border-box; }
  html, body { height: 100%; margin: 0; }
  body {
    font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    color: var(--ink); background: #fff; -webkit-font-smoothing: antialiased;
  }
  #app { height: 100%; display: flex; flex-direction: column; }
  .bar { display: flex; align-items: center; justify-content: space-between; padding: 14px 14px 0; min-height: 46px; }
  .icon-button {
    width: 32px; height: 32px; border: 0; border-radius: 8px; background: transparent; color: var(--muted);
    font-size: 20px; line-height: 1; cursor: pointer; display: inline-flex; align-items: center; justify-content: center;
  }
  .icon-button:hover { background: var(--soft); color: var(--ink); }
  .icon-button:focus-visible, .row:focus-visible, .primary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
  .body { flex: 1; overflow-y: auto; padding: 4px 28px 16px; display: flex; flex-direction: column; }
  .hero { text-align: center; margin: 4px 0 20px; }
  .hero h1 { font-size: 21px; line-height: 1.25; margin: 14px 0 6px; font-weight: 650; letter-spacing: -0.01em; }
  .hero p { margin: 0; color: var(--muted); }
  .badge {
    width: 56px; height: 56px; border-radius: 14px; margin: 0 auto; display: flex; align-items: center; justify-content: center;
    background: #eef2ff; color: var(--accent);
  }
  .badge svg { width: 28px; height: 28px; }
  .badge.ok { background: var(--ok-soft); color: var(--ok); border-radius: 50%; }
  .badge.bad { background: var(--danger-soft); color: var(--danger); border-radius: 50%; }
  .search {
    width: 100%; padding: 10px 12px 10px 36px; border: 1px solid var(--line); border-radius: 10px; font: inherit; color: inherit;
    background: #fff url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%2394a3b8' stroke-width='2' viewBox='0 0 24 24'%3E%3Ccircle cx='11' cy='11' r='7'/%3E%3Cpath d='m20 20-3.5-3.5'/%3E%3C/svg%3E") no-repeat 12px center;
  }
  .search:focus, .field input:focus { outline: none; border-color: var(--accent); box-shadow: 0 0 0 3px rgba(79,70,229,0.15); }
  .list { list-style: none; margin: 12px 0 0; padding: 0; }
  .row {
    width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 10px; margin: 0 0 6px;
    border: 1px solid var(--line); border-radius: 12px; background: #fff; font: inherit; color: inherit; text-align: left; cursor: pointer;
  }
  .row:hover { background: var(--soft); border-color: #cbd5e1; }
  .row .name { flex: 1; font-weight: 550; }
  .row .chevron { color: #94a3b8; font-size: 18px; }
  .empty { color: var(--muted); text-align: center; padding: 18px 0; }
  .logo { flex: none; display: block; border-radius: 10px; }
  .logo.large { margin: 0 auto; }
  form { display: flex; flex-direction: column; gap: 14px; }
  .field label { display: block; font-size: 13px; font-weight: 600; margin: 0 0 6px; }
  .field input {
    width: 100%; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; font: inherit; color: inherit; background: #fff;
  }
  .field input[aria-invalid="true"] { border-color: var(--danger); }
  .alert { border-radius: 10px; padding: 10px 12px; background: var(--danger-soft); color: var(--danger); font-size: 14px; }
  .alert p { margin: 0; }
  .alert p + p { margin-top: 4px; }
  .primary {
    width: 100%; padding: 12px 16px; border: 0; border-radius: 10px; font: inherit; font-weight: 600; color: #fff;
    background: var(--accent); cursor: pointer; margin-top: 4px;
  }
  .primary[disabled] { opacity: 0.65; cursor: progress; }
  .outcome { justify-content: center; padding-bottom: 40px; }
  .outcome .hero { margin: 0; }
  .actions { padding: 0 28px 24px; }
  .actions:empty { display: none; }
  .footer {
    display: flex; gap: 8px; align-items: center; justify-content: center; padding: 12px 20px 16px; color: var(--muted);
    font-size: 12px; border-top: 1px solid var(--line);
  }
  .footer svg { width: 14px; height: 14px; flex: none; }
  .loading { flex: 1; display: flex; align-items: center; justify-content: center; color: var(--muted); }
  .spinner { width: 28px; height: 28px; border-radius: 50%; border: 3px solid var(--line); border-top-color: var(--accent); animation: spin 0.8s linear infinite; }
  body.standalone { background: #f1f5f9; }
  body.standalone #app {
    max-width: 420px; height: min(640px, calc(100vh - 48px)); margin: 24px auto; background: #fff; border-radius: 16px;
    box-shadow: 0 12px 40px rgba(15,23,42,0.12);
  }
  .note { color: var(--muted); text-align: center; font-size: 14px; margin: 0; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
</style>
</head>
<body>
<main id="app" aria-live="polite"><div class="loading"><div class="spinner" role="status" aria-label="Loading"></div></div></main>
<script src="widget.js"></script>
</body>
</html>
`
