"""HTTP: the request handler, login, dispatch under /api/merge."""
import json
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from broken import broken
from routes import OPEN_IN_VARIANT, ROUTES
from service import ServiceError
from webhooks import handle_webhook

PREFIX = '/api/merge'
# one demo user: the session header names the organisation it belongs to
SESSIONS = {'Bearer demo-session-1': 'org1'}
MAX_BODY = 1 << 20


def organisation(headers):
    return SESSIONS.get((headers.get('Authorization') or '').strip())


def dispatch(app, method, path, headers, raw):
    """Returns (status, answer) for one request."""
    path = path.split('?', 1)[0].rstrip('/')
    if not path.startswith(PREFIX + '/'):
        return 404, {'success': False, 'error': 'not found'}
    parts = path[len(PREFIX) + 1:].split('/')
    if method == 'POST' and len(parts) == 2 and parts[0] == 'webhooks':
        return handle_webhook(app, parts[1], headers, raw)
    route = ROUTES.get(parts[0]) if len(parts) == 1 else None
    if route is None:
        return 404, {'success': False, 'error': 'not found'}
    if method != 'POST':
        return 405, {'success': False, 'error': 'use POST'}
    org = organisation(headers)
    if org is None:
        variant = OPEN_IN_VARIANT.get(parts[0])
        if not (variant and broken(variant)):
            return 401, {'success': False, 'error': 'log in first'}
        org = 'org1'
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
                    status, answer = dispatch(app, self.command, self.path, self.headers, raw)
                except Exception:
                    app.log('unexpected error:\n' + traceback.format_exc())
                    status, answer = 500, {'success': False, 'error': 'internal error'}
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header('Content-Type', 'application/json')
            self.send_header('Content-Length', str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

        def log_message(self, fmt, *args):
            app.log('http ' + (fmt % args))

    server = ThreadingHTTPServer(('127.0.0.1', port), Handler)
    server.daemon_threads = True
    return server
