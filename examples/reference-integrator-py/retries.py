"""The one retry policy of every call to the service.

- 429: wait Retry-After seconds, then retry (counts as a retry).
- 5xx and network errors (refused, reset, timeout): full jitter,
  sleep uniform(0, BASE * 2**attempt).
- At most MAX_RETRIES retries; never 401/403 or any other 4xx.
- Callers pass retry=False where a second attempt would be wrong (the
  single-use public-token exchange).
"""
import email.utils
import random
import time

from broken import broken

BASE = 0.2
MAX_RETRIES = 3


class NetworkError(Exception):
    """No HTTP answer at all: connection refused or reset, timeout."""


def max_retries():
    return 5 if broken('retry-without-limit') else MAX_RETRIES


def jitter_delay(attempt):
    return random.uniform(0, BASE * 2 ** attempt)


def retry_after_seconds(value):
    """Retry-After as seconds (a number or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
        return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def with_retries(attempt_fn, retry=True, log=None, sleep=time.sleep):
    """Run attempt_fn() -> (status, headers, body) under the policy.

    Returns the last (status, headers, body); raises NetworkError when the
    last attempt had no answer.
    """
    attempt = 0
    while True:
        try:
            status, headers, body = attempt_fn()
        except NetworkError as err:
            if not retry or attempt >= max_retries():
                raise
            delay = jitter_delay(attempt)
            if log:
                log(f'network error ({err}); retry {attempt + 1} in {delay:.3f}s')
            sleep(delay)
            attempt += 1
            continue
        if not retry or attempt >= max_retries():
            return status, headers, body
        if status == 429:
            wait = retry_after_seconds(headers.get('Retry-After'))
            if wait is None or broken('ignore-retry-after'):
                wait = jitter_delay(attempt)
        elif status >= 500:
            wait = jitter_delay(attempt)
        else:
            return status, headers, body
        if log:
            log(f'status {status}; retry {attempt + 1} in {wait:.3f}s')
        sleep(wait)
        attempt += 1
