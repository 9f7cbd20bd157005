#!/usr/bin/env bash
# Every collection entry's proof, written by fogbound and checked apart from
# it by tools/proof-check.py: one line per entry (the checker's summary),
# then the totals. The figures in PROOFS.md come from here.
#
#   tools/proof-check-collection.sh [OUT_DIR]
#   SET=static/puzzles/generated.json tools/proof-check-collection.sh [OUT_DIR]
#
# SET names the entries (default the collection). An entry's recorded key
# (and cooks, for a twin-key entry) must be the proven key: a proof of
# another first move is counted as rejected.
# FOGBOUND_BIN (default target/checked/fogbound, built by
# `cargo build -p fogbound-cli --profile checked`); PYTHON (default
# tools/.venv/bin/python when it exists, else python3).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${FOGBOUND_BIN:-target/checked/fogbound}
PY=${PYTHON:-$( [ -x tools/.venv/bin/python ] && echo tools/.venv/bin/python || echo python3 )}
SET=${SET:-crates/puzzles/src/collection.json}
OUT=${1:-$(mktemp -d)}
mkdir -p "$OUT"
: >"$OUT/summary.jsonl"
# The entries of $SET: a list, or an object with a list "entries".
ENTRIES='
import json, sys
data = json.load(open(sys.argv[1]))
entries = data["entries"] if isinstance(data, dict) else data
'
ids=$("$PY" -c "$ENTRIES"'
print("\n".join(e["id"] for e in entries))' "$SET")
failed=0
# One entry's line, from the checker's JSON summary.
ROW='
import json, sys
s = json.load(open(sys.argv[1]))
if s["ok"]:
    print("OK  %-6s %-8s %3d placements %9d lines %6d positions %7.3f s %s" % (
        s["key"], s["preset"], s["placements"], s["lines"], s["positions"], s["seconds"], s["rules"] or ""))
else:
    print("REJECTED: %s -- %s" % (s["why"], " ".join(s["line"])))
'
for id in $ids; do
    puzzle=$("$PY" -c "$ENTRIES"'
print(json.dumps(next(e["puzzle"] for e in entries if e["id"] == sys.argv[2])))' "$SET" "$id")
    recorded=$("$PY" -c "$ENTRIES"'
e = next(e for e in entries if e["id"] == sys.argv[2])
print(" ".join([e["key"]] + e.get("cooks", [])) if "key" in e else "")' "$SET" "$id")
    start=$EPOCHREALTIME
    "$BIN" puzzle solve "$puzzle" --no-cooks --threads 1 --proof "$OUT/$id.proof.json" >/dev/null
    solved=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')
    printf '%-28s solve %6.2f s  ' "$id" "$solved"
    if ! "$PY" tools/proof-check.py "$OUT/$id.proof.json" --puzzle "$SET" \
        --id "$id" --json >"$OUT/$id.check.json"; then
        failed=1
    fi
    # A set that records its key: the proof must be of that key.
    if [ -n "$recorded" ] && ! "$PY" -c 'import json, sys; s = json.load(open(sys.argv[1])); sys.exit(0 if not s["ok"] or s["key"] in sys.argv[2].split() else 1)' "$OUT/$id.check.json" "$recorded"; then
        echo "{\"ok\": false, \"why\": \"the proof is of another key than the recorded ($recorded)\", \"line\": []}" >"$OUT/$id.check.json"
        failed=1
    fi
    cat "$OUT/$id.check.json" >>"$OUT/summary.jsonl"
    "$PY" -c "$ROW" "$OUT/$id.check.json"
done
"$PY" - "$OUT/summary.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ok = [r for r in rows if r["ok"]]
print(f"{len(rows)} entries, {len(ok)} proofs confirmed, {len(rows) - len(ok)} rejected; "
      f"{sum(r['lines'] for r in ok)} lines, {sum(r['positions'] for r in ok)} positions, "
      f"{sum(r['seconds'] for r in ok):.2f} s of checking")
PY
exit $failed
