"""Reference integrator (Python, standard library only): entry point.

Settings from the environment: UNIMOCK_URL, UNIMOCK_API_KEY, UNIMOCK_WEBHOOK_KEY,
PORT, POLL_INTERVAL (seconds, default 1; 0 = no poller), BROKEN (one variant),
DB_PATH (default :memory:). `python3 app.py --variants` lists the backend's variants,
`--page-variants` the settings page's."""
import json
import os
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import broken  # noqa: E402
from jobs import Jobs  # noqa: E402
from server import make_server  # noqa: E402
from service import Service  # noqa: E402
from store import Store  # noqa: E402
from sync import Syncer  # noqa: E402


def log(msg):
    sys.stderr.write(f'{time.strftime("%H:%M:%S")} {msg}\n')
    sys.stderr.flush()


class App:
    """What the routes and workers share."""

    def __init__(self, env):
        self.webhook_key = env.get('UNIMOCK_WEBHOOK_KEY', '')
        self.log = log
        self.store = Store(env.get('DB_PATH') or ':memory:')
        self.service = Service(env['UNIMOCK_URL'], env['UNIMOCK_API_KEY'], log)
        self.syncer = Syncer(self.store, self.service, log)
        self.jobs = Jobs(self.store, self.syncer, log)


def main(argv, env):
    if '--variants' in argv:
        print(json.dumps(broken.descriptions(), indent=2))
        return 0
    if '--page-variants' in argv:
        print(json.dumps(broken.page_descriptions(), indent=2))
        return 0
    try:
        broken.configure(env.get('BROKEN', '').strip())
    except ValueError as err:
        sys.stderr.write(f'{err}\n')
        return 2
    missing = [k for k in ('UNIMOCK_URL', 'UNIMOCK_API_KEY', 'PORT') if not env.get(k)]
    if missing:
        sys.stderr.write(f'missing settings: {", ".join(missing)}\n')
        return 2
    try:
        interval = float(env.get('POLL_INTERVAL', '1') or 0)
    except ValueError:
        sys.stderr.write(f'POLL_INTERVAL must be a number of seconds, not {env.get("POLL_INTERVAL")!r}\n')
        return 2
    app = App(env)
    try:
        server = make_server(app, int(env['PORT']))
    except (OSError, ValueError) as err:
        sys.stderr.write(f'cannot listen on 127.0.0.1:{env["PORT"]}: {err}\n')
        return 2
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    app.jobs.start()
    if interval > 0:
        app.jobs.start_poller(interval, stop)
    threading.Thread(target=server.serve_forever, kwargs={'poll_interval': 0.2}, name='http', daemon=True).start()
    log(f'listening on http://127.0.0.1:{env["PORT"]}/api/merge (settings page: /settings); poll every {interval or "never"}s; '
        f'variant: {broken.active() or "none"}')
    while not stop.wait(0.2):
        pass
    log('stopping')
    server.shutdown()
    server.server_close()
    app.jobs.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:], dict(os.environ)))
