"""ISO 8601 instants compared to the microsecond (and beyond) without datetime.

The service's strings are stored and sent back exactly as they came; they are
parsed here only to be compared, as integer nanoseconds since the epoch.
"""
import calendar
import re
import time

_ISO = re.compile(r'^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?'
                  r'(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$')


def instant_ns(text):
    """Integer nanoseconds since the epoch, or None when absent or unreadable.
    A string without an offset is read as UTC."""
    if not isinstance(text, str):
        return None
    m = _ISO.match(text.strip())
    if not m:
        return None
    y, mo, d, h, mi, s, frac, _z, sign, oh, om = m.groups()
    seconds = calendar.timegm((int(y), int(mo), int(d), int(h), int(mi), int(s), 0, 0, 0))
    if sign:
        offset = int(oh) * 3600 + int(om) * 60
        seconds -= offset if sign == '+' else -offset
    nanos = int((frac or '0')[:9].ljust(9, '0'))
    return seconds * 1_000_000_000 + nanos


def compare(a, b):
    """1 when a is later than b, 0 equal, -1 earlier; None when either is unreadable."""
    na, nb = instant_ns(a), instant_ns(b)
    if na is None or nb is None:
        return None
    return (na > nb) - (na < nb)


def latest(texts):
    """The latest of the strings by instant, returned unchanged (None when none is readable)."""
    best, best_ns = None, None
    for t in texts:
        n = instant_ns(t)
        if n is not None and (best_ns is None or n > best_ns):
            best, best_ns = t, n
    return best


def now_iso():
    """Our own clock, UTC, with microseconds: 2026-01-01T00:00:00.123456Z."""
    micros = time.time_ns() // 1000
    seconds, us = divmod(micros, 1_000_000)
    return time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(seconds)) + f'.{us:06d}Z'
