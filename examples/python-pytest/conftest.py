"""A pytest fixture that runs unimock for the session: on a free port, on the virtual clock.

unimock is started as a process of its own, by its own entry: `node .../dist/src/launcher.js`, in a clone or in
the node_modules/unimock where the npm package is installed (UNIMOCK_COMMAND overrides both). It is asked for
port 0 so the system picks a free one, and read from its one stdout line `unimock listening on
http://127.0.0.1:PORT ...`. The fixture then waits for GET /_unimock/health, hands the tests the base URL and
an API key, and stops the server at the end.

Not through `npx unimock`: npx does not pass SIGTERM on, so stopping npx left the server running after pytest,
one process per CI job. The server also starts in a process group of its own, and the fixture stops the whole
group and fails the session if anything of it outlives the stop, whatever UNIMOCK_COMMAND starts.
"""
import os
import pathlib
import queue
import re
import shlex
import signal
import subprocess
import threading
import time

import httpx
import pytest

API_KEY = "test_pytest"  # a test_ key: linked accounts are TEST accounts
START_TIMEOUT_S = 30
STOP_TIMEOUT_S = 10


def unimock_command():
    if os.environ.get("UNIMOCK_COMMAND"):
        return shlex.split(os.environ["UNIMOCK_COMMAND"])
    here = pathlib.Path(__file__).resolve()
    # In a clone of unimock (this file in examples/python-pytest/), its built CLI.
    candidates = [here.parents[2] / "dist" / "src" / "launcher.js"]
    # Where the package is installed: node_modules/unimock of this folder, the working directory, or above.
    for start in (here.parent, pathlib.Path.cwd().resolve()):
        candidates += [folder / "node_modules" / "unimock" / "dist" / "src" / "launcher.js" for folder in (start, *start.parents)]
    for launcher in candidates:
        if launcher.exists():
            return ["node", str(launcher)]
    raise RuntimeError("unimock's launcher is neither in a clone nor in a node_modules/unimock here: install it as its "
                       "README says, or set UNIMOCK_COMMAND")


def _group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:  # a process of the group is someone else's now: still alive
        return True


def _stop(proc):
    """SIGTERM to the whole group (in-flight requests finish, the database closes), SIGKILL after 10 s."""
    if os.name != "posix":
        proc.terminate()
        try:
            proc.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return
    pgid = proc.pid  # start_new_session: the group's id is the leader's pid
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + STOP_TIMEOUT_S
        while time.monotonic() < deadline:
            proc.poll()  # reaps the leader once it has exited, so it no longer counts as the group's
            if not _group_alive(pgid):
                return
            time.sleep(0.05)
    raise RuntimeError(f"unimock's process group {pgid} outlived SIGKILL")


class Unimock:
    def __init__(self, base_url, api_key):
        self.base_url = base_url
        self.api_key = api_key
        # One client for the service and the control API: both take the API key as a bearer token.
        self.http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {api_key}"}, timeout=30)

    def advance(self, by):
        """Moves this API key's virtual clock; everything due inside the window has run when it answers."""
        r = self.http.post("/_unimock/clock/advance", json={"by": by})
        r.raise_for_status()
        return r.json()["now"]


def _read_lines(stream, lines):
    for line in stream:
        lines.put(line)
    lines.put(None)


@pytest.fixture(scope="session")
def unimock():
    proc = subprocess.Popen(
        unimock_command() + ["--clock", "virtual", "--port", "0", "--log-level", "error"],
        stdout=subprocess.PIPE, text=True,
        start_new_session=True,  # a process group of its own, stopped as one (POSIX)
    )
    lines = queue.Queue()
    threading.Thread(target=_read_lines, args=(proc.stdout, lines), daemon=True).start()
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        base_url = None
        while base_url is None:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise RuntimeError(f"unimock did not print its URL within {START_TIMEOUT_S} s")
            if line is None:
                raise RuntimeError(f"unimock exited ({proc.wait()}) before listening")
            match = re.search(r"listening on (http://\S+)", line)
            if match:
                base_url = match.group(1)
        while True:  # listening already; health says the app is ready to answer
            try:
                if httpx.get(f"{base_url}/_unimock/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{base_url}/_unimock/health did not answer 200 within {START_TIMEOUT_S} s")
            time.sleep(0.1)
        server = Unimock(base_url, API_KEY)
        yield server
        server.http.close()
    finally:
        _stop(proc)
        # Nothing the fixture started outlives the session: fail it here rather than leak a server per CI job.
        assert os.name != "posix" or not _group_alive(proc.pid), "unimock outlived the pytest session"
