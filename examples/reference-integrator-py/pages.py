"""The browser side: the settings page (page/), its login form and logout.

handle_page(method, path, headers, raw) answers (status, headers, body bytes) for the page's paths, and None
for everything else (the JSON routes under /api/merge). The page reads and changes the connection through the
JSON routes only, logged in by the session cookie (sessions.py)."""
import html
import os
import urllib.parse

from broken import active_page_variant
from sessions import COOKIE, ORGANISATION_NAMES, USERS, close_session, open_session, who

PAGE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'page')
STATIC = {
    '/settings/settings.js': ('settings.js', 'text/javascript; charset=utf-8'),
    '/settings/settings.css': ('settings.css', 'text/css; charset=utf-8'),
}
HTML = 'text/html; charset=utf-8'


def _read(name):
    with open(os.path.join(PAGE_DIR, name), 'rb') as f:
        return f.read()


def _redirect(location, cookie=None):
    headers = {'Location': location, 'Cache-Control': 'no-store'}
    if cookie:
        headers['Set-Cookie'] = cookie
    return 303, headers, b''


def _login_page(status=200, message=''):
    body = _read('login.html').decode().replace('{{message}}', html.escape(message))
    return status, {'Content-Type': HTML, 'Cache-Control': 'no-store'}, body.encode()


def _settings_page(user):
    body = _read('settings.html').decode()
    for key, value in (('user', user.name), ('organisation', ORGANISATION_NAMES.get(user.org, user.org)),
                       ('variant', active_page_variant())):
        body = body.replace('{{' + key + '}}', html.escape(value))
    return 200, {'Content-Type': HTML, 'Cache-Control': 'no-store'}, body.encode()


def handle_page(method, path, headers, raw):
    path = path.split('?', 1)[0]
    if method == 'GET' and path in ('/', '/settings/'):
        return _redirect('/settings')
    if method == 'GET' and path == '/settings':
        user = who(headers)
        return _settings_page(user) if user and user.by_cookie else _redirect('/login')
    if method == 'GET' and path in STATIC:
        name, content_type = STATIC[path]
        return 200, {'Content-Type': content_type, 'Cache-Control': 'no-store'}, _read(name)
    if method == 'GET' and path == '/favicon.ico':
        return 204, {}, b''
    if path == '/login' and method == 'GET':
        return _login_page()
    if path == '/login' and method == 'POST':
        fields = urllib.parse.parse_qs(raw.decode('utf-8', 'replace'))
        username = (fields.get('username') or [''])[0].strip().lower()
        sid = open_session(username)
        if sid is None:
            return _login_page(401, f'No user {username!r} here. Known users: {", ".join(USERS)}.')
        return _redirect('/settings', f'{COOKIE}={sid}; Path=/; HttpOnly; SameSite=Lax')
    if path == '/logout' and method == 'POST':
        close_session(headers)
        return _redirect('/login', f'{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax')
    return None
