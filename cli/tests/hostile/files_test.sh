#!/usr/bin/env bash
# Files that are not regular files, and files read only in part (issue 44).
#
# usage: files_test.sh CUTEREF
#
# Every command that reads files (examples, vectors --check/--write,
# conform --vectors) refuses at once, exit status 2, what is not a regular
# file where one is expected: /dev/zero, a link to it, a FIFO, a directory
# (conform --cases too);
# the message names the path and what it is. `examples` fails a run with no
# example and a block left open; `vectors --check` says what is wrong with
# VERSION and with a line conform would not read; more than 512 vectors
# files are all read (--check) or an error (conform), never partly dropped.
# Each case ends within 10 s (a FIFO hung, /dev/zero was read for ever) and,
# outside the sanitizer builds, in 4 GB of address space.
set -u
cuteref="$1"
case "$cuteref" in /*) ;; *) cuteref="$PWD/$cuteref" ;; esac
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# expect STATUS TEXT -- ARGS...: cuteref ARGS exits STATUS within 10 s and
# its output (stdout and stderr) holds TEXT.
expect() {
  local want="$1" text="$2" out status
  shift 3
  out=$( (if [ -z "${ASAN_OPTIONS:-}${MSAN_OPTIONS:-}${TSAN_OPTIONS:-}${UBSAN_OPTIONS:-}" ]; then ulimit -v 4000000; fi
          exec timeout 10 "$cuteref" "$@" </dev/null) 2>&1)
  status=$?
  if [ "$status" = "$want" ] && case "$out" in *"$text"*) true ;; *) false ;; esac; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAILED: cuteref $* exits $status (want $want), output lacks or has '$text':"
    printf '%s\n' "$out" | tail -5 | sed 's/^/    /'
  fi
}

# ---- examples ----------------------------------------------------------------
printf '# page\n\n```cuteref\nsize((4,2)) = 8\n```\n' >good.md
mkdir adir
mkfifo fifo.md
ln -s /dev/zero zero.md
: >empty.md
printf '# page\n\n```cuteref\nsize((4,2)) = 8\n' >unclosed.md
printf '# page\n\n```cuteref\n```\n\ntext\n' >noexample.md
expect 0 "1 passed, 0 failed" -- examples good.md
expect 2 "/dev/zero is a character device, not a regular file" -- examples /dev/zero
expect 2 "zero.md is a character device, not a regular file" -- examples zero.md
expect 2 "fifo.md is a FIFO, not a regular file" -- examples fifo.md
expect 2 "adir is a directory, not a regular file" -- examples adir
expect 2 "fifo.md is a FIFO" -- examples good.md fifo.md
expect 1 "no example in the file" -- examples empty.md
expect 1 "no example in the file" -- examples noexample.md
expect 1 "unclosed.md:3: the \`\`\`cuteref block opened here is never closed" -- examples unclosed.md
expect 0 "noexample.md: no example" -- examples good.md noexample.md

# ---- vectors: a small spec (one page) and its vectors ------------------------------
mkdir -p spec/vectors
cp good.md spec/x.md
"$cuteref" vectors --write spec/vectors --per-generator 1 >/dev/null || { echo "FAILED: vectors --write"; exit 1; }
fresh() { rm -rf t && cp -R spec t; }
V=(--per-generator 1)
fresh
expect 0 "up to date" -- vectors --check t/vectors "${V[@]}"
fresh && ln -s /dev/zero t/vectors/zz.txt
expect 2 "t/vectors/zz.txt is a character device, not a regular file" -- vectors --check t/vectors "${V[@]}"
fresh && mkfifo t/vectors/zz.txt
expect 2 "t/vectors/zz.txt is a FIFO, not a regular file" -- vectors --check t/vectors "${V[@]}"
fresh && mkfifo t/vectors/zz.txt
expect 2 "t/vectors/zz.txt is a FIFO, not a regular file" -- vectors --write t/vectors "${V[@]}"
fresh && rm t/vectors/size.txt && mkdir t/vectors/size.txt
expect 2 "t/vectors/size.txt is a directory, not a regular file" -- vectors --check t/vectors "${V[@]}"
fresh && rm t/vectors/VERSION && mkfifo t/vectors/VERSION
expect 2 "t/vectors/VERSION is a FIFO, not a regular file" -- vectors --check t/vectors "${V[@]}"
fresh && rm t/vectors/VERSION && mkdir t/vectors/VERSION
expect 2 "t/vectors/VERSION is a directory, not a regular file" -- vectors --check t/vectors "${V[@]}"
fresh && mkfifo t/y.md
expect 2 "t/vectors/../y.md is a FIFO, not a regular file" -- vectors --check t/vectors "${V[@]}"
fresh && { printf '#%0300d\n' 0; cat spec/vectors/VERSION; } >t/vectors/VERSION
expect 1 "t/vectors/VERSION:1: the line is longer than 255 bytes" -- vectors --check t/vectors "${V[@]}"
fresh && grep -v '^digest' spec/vectors/VERSION >t/vectors/VERSION
expect 1 "t/vectors/VERSION has no line \`digest HEX\`" -- vectors --check t/vectors "${V[@]}"
fresh && printf 'size\tlong\tsize(%09000d)\tok 0\n' 0 >>t/vectors/size.txt
expect 1 "t/vectors/size.txt:$(($(wc -l <spec/vectors/size.txt) + 1)): the line is 9021 bytes long" -- vectors --check t/vectors "${V[@]}"
# 600 more files than the operations': every one read, so every one named
fresh && for i in $(seq 1 600); do printf '# nothing\n' >t/vectors/zz$i.txt; done
expect 1 "0 passed, 600 failed" -- vectors --check t/vectors "${V[@]}"

# ---- conform --vectors -------------------------------------------------------------
C=(--impl "$cuteref eval -" --quiet)
fresh
expect 0 "conforms" -- conform "${C[@]}" --vectors t/vectors
fresh && mkfifo t/vectors/zz.txt
expect 2 "t/vectors/zz.txt is a FIFO, not a regular file" -- conform "${C[@]}" --vectors t/vectors
fresh && ln -s /dev/zero t/vectors/zz.txt
expect 2 "t/vectors/zz.txt is a character device, not a regular file" -- conform "${C[@]}" --vectors t/vectors
fresh && rm t/vectors/size.txt && mkdir t/vectors/size.txt
expect 2 "t/vectors/size.txt is a directory, not a regular file" -- conform "${C[@]}" --vectors t/vectors
fresh && rm t/vectors/VERSION && mkfifo t/vectors/VERSION
expect 2 "t/vectors/VERSION is a FIFO, not a regular file" -- conform "${C[@]}" --vectors t/vectors
expect 2 "'good.md' is a regular file, not a directory of vectors" -- conform "${C[@]}" --vectors good.md
fresh && for i in $(seq 1 600); do printf '# nothing\n' >t/vectors/zz$i.txt; done
expect 2 "more than the 512 this command reads" -- conform "${C[@]}" --vectors t/vectors

# ---- conform --cases: a regular file or `-` ------------------------------------------
printf 'size((4,2))\n' >cases.txt
fresh
expect 0 "conforms" -- conform "${C[@]}" --vectors t/vectors --cases cases.txt
expect 2 "the cases file '/dev/zero' is a character device, not a regular file" -- conform "${C[@]}" --cases /dev/zero
mkfifo cases.fifo
expect 2 "the cases file 'cases.fifo' is a FIFO, not a regular file" -- conform "${C[@]}" --cases cases.fifo
expect 2 "the cases file 't' is a directory, not a regular file" -- conform "${C[@]}" --cases t
expect 2 "the cases file 'nowhere.txt' does not exist" -- conform "${C[@]}" --cases nowhere.txt

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
