#!/usr/bin/env bash
# The shell steps of the unimock GitHub Action (action.yml at the repository's root), one subcommand each:
# install, start, test, check, stop. The action's steps share what they need through $UNIMOCK_REPORT_DIR, the
# folder the action uploads as an artifact:
#   unimock.out, unimock.log   the server's stdout and stderr
#   check.txt                  what `unimock check` printed: one line per scenario run and a total
#   integrator-report.json     GET /_unimock/report for the API key the tests used
#   requests.json              the newest 1000 entries of that key's request journal
# Outside GitHub (test/any-language/github-action.test.ts) GITHUB_ENV, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY may be
# unset: what would be written there is skipped.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cli=(node "$root/dist/src/launcher.js")
dir=${UNIMOCK_REPORT_DIR:-}
[ "${1:-}" = install ] || [ -n "$dir" ] || { echo "github-action.sh: UNIMOCK_REPORT_DIR names the report folder" >&2; exit 2; }
key=${UNIMOCK_API_KEY:-test_ci}
put () { local file=$1; shift; if [ -n "$file" ]; then printf '%s\n' "$@" >>"$file"; fi; }

case "${1:-}" in
  install)
    # The action's own checkout holds the sources; `npm ci` builds them (its prepare step).
    if [ -f "$root/dist/src/launcher.js" ]; then echo "unimock is built in $root"
    else (cd "$root" && npm ci --no-audit --no-fund); fi
    ;;
  start)
    mkdir -p "$dir"
    # UNIMOCK_ACTION_ARGS is a list of flags: split on spaces on purpose.
    # shellcheck disable=SC2086
    nohup "${cli[@]}" --clock virtual --host 127.0.0.1 --port "${UNIMOCK_ACTION_PORT:-4010}" ${UNIMOCK_ACTION_ARGS:-} \
      >"$dir/unimock.out" 2>"$dir/unimock.log" </dev/null &
    echo $! >"$dir/unimock.pid"
    url=''
    for _ in $(seq 300); do # 60 s at most: the URL line, then the health route
      url=$(grep -oE 'listening on http://[^ ]+' "$dir/unimock.out" | head -n 1 | cut -d' ' -f3 || true)
      [ -n "$url" ] && curl -sf --max-time 2 "$url/_unimock/health" >/dev/null && break
      kill -0 "$(cat "$dir/unimock.pid")" 2>/dev/null || { echo "unimock exited before listening:" >&2; tail -n 20 "$dir/unimock.log" >&2; exit 1; }
      url=''
      sleep 0.2
    done
    [ -n "$url" ] || { echo "unimock did not answer /_unimock/health within 60 s" >&2; tail -n 20 "$dir/unimock.log" >&2; exit 1; }
    echo "$url" >"$dir/unimock.url"
    echo "unimock is up at $url (virtual clock)"
    put "${GITHUB_OUTPUT:-}" "url=$url"
    put "${GITHUB_ENV:-}" "UNIMOCK_URL=$url" "UNIMOCK_API_KEY=$key"
    ;;
  test)
    UNIMOCK_URL=$(cat "$dir/unimock.url") UNIMOCK_API_KEY=$key bash -eo pipefail -c "${UNIMOCK_ACTION_COMMAND:?}"
    ;;
  check)
    mkdir -p "$dir"
    # Scenario files or names, separated by spaces: split on purpose.
    # shellcheck disable=SC2086
    set +e; "${cli[@]}" check ${UNIMOCK_ACTION_SCENARIOS:?} 2>&1 | tee "$dir/check.txt"; code=${PIPESTATUS[0]}; set -e
    put "${GITHUB_STEP_SUMMARY:-}" '### unimock check' '```' "$(cat "$dir/check.txt")" '```'
    exit "$code"
    ;;
  stop)
    [ -f "$dir/unimock.pid" ] || { echo "unimock was not started"; exit 0; }
    pid=$(cat "$dir/unimock.pid")
    if [ -f "$dir/unimock.url" ] && kill -0 "$pid" 2>/dev/null; then
      url=$(cat "$dir/unimock.url")
      curl -sf --max-time 30 -H "authorization: Bearer $key" "$url/_unimock/report" -o "$dir/integrator-report.json" \
        || echo "could not read the integrator report" >&2
      curl -sf --max-time 30 -H "authorization: Bearer $key" "$url/_unimock/requests?limit=1000" -o "$dir/requests.json" \
        || echo "could not read the request journal" >&2
      if [ -f "$dir/integrator-report.json" ]; then
        codes=$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r.findings.map((f) => `${f.code} (${f.count})`).join(", ") || "none")' "$dir/integrator-report.json")
        echo "integrator report for $key: $codes"
        put "${GITHUB_STEP_SUMMARY:-}" '### unimock integrator report' "findings: $codes"
      fi
    fi
    # SIGTERM: in-flight requests finish and the database closes; 20 s at most.
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; echo "unimock did not stop within 20 s" >&2; exit 1; fi
    rm -f "$dir/unimock.pid" "$dir/unimock.url"
    echo "unimock stopped; reports in $dir"
    ;;
  *)
    echo "usage: github-action.sh install|start|test|check|stop" >&2; exit 2
    ;;
esac
