"""Who is logged in.

Two kinds of login reach the same routes:
- `Authorization: Bearer demo-session-1`: the one API user of organisation `org1` (the kit's backend checks);
- the settings page's session cookie `sid`, opened by the login form (`POST /login`, username `dana`) or the
  session opened in advance, `sid=page-session-dana`, for tests and the kit (`--page-login 'cookie:sid=...'`).
  Dana belongs to organisation `northwind`, of her own: her connections never meet org1's.
"""
import secrets
import threading
from collections import namedtuple

COOKIE = 'sid'
BEARER = {'Bearer demo-session-1': 'org1'}
# the settings page's users: username -> (display name, organisation)
USERS = {'dana': ('Dana', 'northwind')}
ORGANISATION_NAMES = {'org1': 'Demo organisation', 'northwind': 'Northwind Books'}

User = namedtuple('User', 'name org by_cookie')

_lock = threading.Lock()
_sessions = {'page-session-dana': 'dana'}   # session id -> username


def cookie_value(headers, name=COOKIE):
    """The value of one cookie of the Cookie header (None when absent)."""
    for part in (headers.get('Cookie') or '').split(';'):
        key, sep, value = part.strip().partition('=')
        if sep and key == name:
            return value.strip().strip('"')
    return None


def who(headers):
    """The logged-in user of a request, or None. The bearer session wins over a cookie."""
    org = BEARER.get((headers.get('Authorization') or '').strip())
    if org is not None:
        return User('API user', org, False)
    sid = cookie_value(headers)
    with _lock:
        username = _sessions.get(sid) if sid else None
    if username is None:
        return None
    name, org = USERS[username]
    return User(name, org, True)


def open_session(username):
    """A new session id for a known user (None for anyone else)."""
    if username not in USERS:
        return None
    sid = secrets.token_urlsafe(24)
    with _lock:
        _sessions[sid] = username
    return sid


def close_session(headers):
    sid = cookie_value(headers)
    with _lock:
        _sessions.pop(sid, None)


def same_origin(headers):
    """A browser's request carries Origin on POST: a cookie login is honoured only from our own pages."""
    origin = headers.get('Origin')
    return origin is None or origin == f"http://{headers.get('Host', '')}"
