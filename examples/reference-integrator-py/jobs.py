"""Background work, serialised per integration.

Each integration has its own FIFO of work (webhook work and polls alike); a
few worker threads take integrations that have work and drain them one at a
time under the integration's lock, so one integration is never fetched twice
at once and a slow integration never holds up the others."""
import collections
import queue
import threading
import traceback

from service import ServiceError

WORKERS = 4
POLL = 'poll'


class Jobs:
    def __init__(self, store, syncer, log):
        self.store = store
        self.syncer = syncer
        self.log = log
        self.ready = queue.Queue()            # integration ids with work waiting
        self._work = collections.defaultdict(collections.deque)
        self._scheduled = set()
        self._locks = {}
        self._guard = threading.Lock()
        self._threads = []

    def lock_for(self, integration_id):
        with self._guard:
            return self._locks.setdefault(integration_id, threading.Lock())

    def start(self, workers=WORKERS):
        for i in range(workers):
            t = threading.Thread(target=self._serve, name=f'worker-{i}', daemon=True)
            t.start()
            self._threads.append(t)

    def stop(self):
        for _ in self._threads:
            self.ready.put(None)

    def _add(self, integration_id, work):
        with self._guard:
            todo = self._work[integration_id]
            if work is POLL and POLL in todo:
                return                        # one poll waiting is enough
            todo.append(work)
            if integration_id in self._scheduled:
                return
            self._scheduled.add(integration_id)
        self.ready.put(integration_id)

    def submit(self, integration_id, work):
        """Queue webhook work: work(rec) runs later on the record as it is then."""
        self._add(integration_id, work)

    def submit_poll(self, integration_id):
        self._add(integration_id, POLL)

    def _serve(self):
        while True:
            integration_id = self.ready.get()
            if integration_id is None:
                return
            while True:
                with self._guard:
                    todo = self._work[integration_id]
                    if not todo:
                        self._scheduled.discard(integration_id)
                        del self._work[integration_id]
                        break
                    work = todo.popleft()
                self.run_locked(integration_id, self.syncer.poll if work is POLL else work)

    def run_locked(self, integration_id, work):
        """work(rec) under the integration's lock; only an active record with a token is worked on."""
        with self.lock_for(integration_id):
            rec = self.store.get(integration_id)
            if not (rec and rec['status'] == 'active' and rec['account_token']):
                return
            try:
                work(rec)
            except ServiceError as err:
                self.log(f'integration {integration_id}: background work stopped: {err}')
            except Exception:  # a worker never dies of one piece of work
                self.log(f'integration {integration_id}: background work failed:\n' + traceback.format_exc())

    def start_poller(self, interval, stop_event):
        def loop():
            while not stop_event.wait(interval):
                for integration_id in self.store.active_ids():
                    self.submit_poll(integration_id)
        t = threading.Thread(target=loop, name='poller', daemon=True)
        t.start()
        return t
