#!/usr/bin/env bash
# Throughput of the two peer adapters on generated composition requests.
# Usage: bash peers/bench_peers.sh [N]   (default N=1000; scratch files in $TMPDIR)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
n="${1:-1000}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/cuteref_bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen_compositions.py" --n "$n" --kind pow2  > "$tmp/pow2.txt"
python3 "$here/gen_compositions.py" --n "$n" --kind mixed > "$tmp/mixed.txt"
T() { /usr/bin/time -f "  wall %e s" "$@"; }

# Build the precompiled header once (not counted below).
echo 'size(8:1)' | python3 "$here/cute_cpp_adapter.py" --no-cache > /dev/null

echo "pycute startup (empty input):"; T python3 "$here/pycute_adapter.py" < /dev/null
for k in pow2 mixed; do
  echo "pycute $k x$n:"; T python3 "$here/pycute_adapter.py" < "$tmp/$k.txt" > "$tmp/py_$k.out"
  echo "  answers: $(cut -d' ' -f1 "$tmp/py_$k.out" | sort | uniq -c | tr -s ' \n' ' ')"
done
for k in pow2 mixed; do
  for jobs in 1 2; do
    cache="$tmp/cache_${k}_$jobs"; mkdir -p "$cache"
    cp -r "$here"/.cache/pch-* "$cache"/   # reuse the precompiled header, not the answers
    echo "cute_cpp $k x$n, cold answer cache, --jobs $jobs:"
    T python3 "$here/cute_cpp_adapter.py" --stats --jobs "$jobs" --cache-dir "$cache" \
      < "$tmp/$k.txt" > "$tmp/cpp_$k.out"
  done
  echo "  answers: $(cut -d' ' -f1-2 "$tmp/cpp_$k.out" | sed 's/^ok .*/ok/' | sort | uniq -c | tr -s ' \n' ' ')"
  echo "cute_cpp $k x$n, warm answer cache:"
  T python3 "$here/cute_cpp_adapter.py" --cache-dir "$cache" < "$tmp/$k.txt" > /dev/null
done
