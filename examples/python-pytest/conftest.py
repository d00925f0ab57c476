"""A pytest fixture that runs unimock for the session: on a free port, on the virtual clock.

unimock is started as a process (`node dist/src/launcher.js` in a clone, else `npx unimock` where the npm
package is installed; UNIMOCK_COMMAND overrides both), asked for port 0 so the system picks a free one, and
read from its one stdout line `unimock listening on http://127.0.0.1:PORT ...`. The fixture then waits for
GET /_unimock/health, hands the tests the base URL and an API key, and stops the server at the end.
"""
import os
import pathlib
import queue
import re
import shlex
import subprocess
import threading
import time

import httpx
import pytest

API_KEY = "test_pytest"  # a test_ key: linked accounts are TEST accounts
START_TIMEOUT_S = 30


def unimock_command():
    if os.environ.get("UNIMOCK_COMMAND"):
        return shlex.split(os.environ["UNIMOCK_COMMAND"])
    # In a clone of unimock (this file in examples/python-pytest/), its built CLI.
    launcher = pathlib.Path(__file__).resolve().parents[2] / "dist" / "src" / "launcher.js"
    if launcher.exists():
        return ["node", str(launcher)]
    return ["npx", "--no-install", "unimock"]


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
        proc.terminate()  # SIGTERM: unimock finishes in-flight requests and closes its database
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
