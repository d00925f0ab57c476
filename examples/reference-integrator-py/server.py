"""HTTP: the request handler, login, dispatch under /api/merge; the settings page (pages.py)."""
import json
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from broken import broken
from pages import handle_page
from routes import GET_ROUTES, OPEN_IN_VARIANT, ROUTES
from service import ServiceError
from sessions import same_origin, who
from webhooks import handle_webhook

PREFIX = '/api/merge'
MAX_BODY = 1 << 20


def organisation(headers):
    """The organisation of the logged-in user (sessions.py), or None."""
    user = who(headers)
    return user.org if user else None


def dispatch(app, method, path, headers, raw):
    """Returns (status, answer) for one request."""
    path = path.split('?', 1)[0].rstrip('/')
    if not path.startswith(PREFIX + '/'):
        return 404, {'success': False, 'error': 'not found'}
    parts = path[len(PREFIX) + 1:].split('/')
    if method == 'POST' and len(parts) == 2 and parts[0] == 'webhooks':
        return handle_webhook(app, parts[1], headers, raw)
    name = parts[0] if len(parts) == 1 else None
    if name not in ROUTES and name not in GET_ROUTES:
        return 404, {'success': False, 'error': 'not found'}
    route = (GET_ROUTES if method == 'GET' else ROUTES if method == 'POST' else {}).get(name)
    if route is None:
        return 405, {'success': False, 'error': 'use GET' if name in GET_ROUTES else 'use POST'}
    user = who(headers)
    if user is None:
        variant = OPEN_IN_VARIANT.get(name)
        if not (variant and broken(variant)):
            return 401, {'success': False, 'error': 'log in first'}
        org = 'org1'
    elif user.by_cookie and not same_origin(headers):
        return 403, {'success': False, 'error': 'a cookie login is accepted from this site\'s own pages only'}
    else:
        org = user.org
    try:
        body = json.loads(raw) if raw.strip() else {}
    except ValueError:
        return 400, {'success': False, 'error': 'the body is not JSON'}
    if not isinstance(body, dict):
        return 400, {'success': False, 'error': 'the body is not a JSON object'}
    try:
        return route(app, org, body)
    except ServiceError as err:
        app.log(f'{parts[0]}: {err}')
        return 500, {'success': False, 'error': f'the service call failed ({err.status or "no answer"})'}


def make_server(app, port):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'
        server_version = 'reference-integrator-py'

        def _serve(self):
            length = int(self.headers.get('Content-Length') or 0)
            if length > MAX_BODY:
                status, answer = 413, {'success': False, 'error': 'body too large'}
                self.close_connection = True
            else:
                raw = self.rfile.read(length) if length else b''
                try:
                    page = handle_page(self.command, self.path, self.headers, raw)
                    if page is not None:
                        self._send(*page)
                        return
                    status, answer = dispatch(app, self.command, self.path, self.headers, raw)
                except Exception:
                    app.log('unexpected error:\n' + traceback.format_exc())
                    status, answer = 500, {'success': False, 'error': 'internal error'}
            self._send(status, {'Content-Type': 'application/json', 'Cache-Control': 'no-store'},
                       json.dumps(answer).encode())

        def _send(self, status, headers, data):
            self.send_response(status)
            for name, value in headers.items():
                for one in (value if isinstance(value, list) else [value]):
                    self.send_header(name, one)
            self.send_header('Content-Length', str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

        def log_message(self, fmt, *args):
            app.log('http ' + (fmt % args))

    server = ThreadingHTTPServer(('127.0.0.1', port), Handler)
    server.daemon_threads = True
    return server
