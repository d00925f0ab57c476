"""HTTP calls to the unified service ({UNIMOCK_URL}/api/{category}/v1/...)."""
import http.client
import json
import socket
import urllib.error
import urllib.parse
import urllib.request

from retries import NetworkError, with_retries

TIMEOUT = 10.0


class ServiceError(Exception):
    def __init__(self, status, detail):
        super().__init__(f'service answered {status}: {detail}')
        self.status = status
        self.detail = detail


class AuthError(ServiceError):
    """401 or 403 on a call with an account token: the account needs relinking."""


class Service:
    def __init__(self, base_url, api_key, log=None):
        self.base_url = base_url.rstrip('/')
        self.api_key = api_key
        self.log = log or (lambda msg: None)

    def url(self, category, path, query=None):
        url = f'{self.base_url}/api/{category}/v1{path}'
        if query:
            url += '?' + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        return url

    def _attempt(self, method, url, headers, data):
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as res:
                return res.status, res.headers, res.read()
        except urllib.error.HTTPError as err:
            try:
                body = err.read()
            except (OSError, http.client.HTTPException):
                body = b''
            return err.code, err.headers, body
        except (urllib.error.URLError, OSError, socket.timeout, http.client.HTTPException) as err:
            raise NetworkError(getattr(err, 'reason', None) or err) from err

    def call(self, method, category, path, token=None, query=None, body=None, retry=True):
        """One logical call, retried per retries.py. Returns the parsed JSON (None when empty).

        Raises AuthError (401/403 with an account token), ServiceError (any other failure).
        """
        headers = {'Authorization': f'Bearer {self.api_key}', 'Accept': 'application/json'}
        if token:
            headers['X-Account-Token'] = token
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers['Content-Type'] = 'application/json'
        url = self.url(category, path, query)
        try:
            status, _, raw = with_retries(lambda: self._attempt(method, url, headers, data),
                                          retry=retry, log=lambda m: self.log(f'{method} {path}: {m}'))
        except NetworkError as err:
            raise ServiceError(0, f'no answer: {err}') from err
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        if 200 <= status < 300:
            return parsed
        detail = parsed.get('detail') if isinstance(parsed, dict) else None
        detail = detail or (raw[:200].decode('utf-8', 'replace') if raw else '')
        if token and status in (401, 403):
            raise AuthError(status, detail)
        raise ServiceError(status, detail)
