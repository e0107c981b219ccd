#!/usr/bin/env bash
# The command line never runs on input it did not understand (issue 15):
# every numeric option is parsed strictly (garbage, trailing junk, overflow,
# a sign where none is allowed: exit 2 and a message naming the option and
# the value); `check --only` with an unknown ID is an error naming the
# nearest IDs; mistyped commands, operations and options get "did you mean".
set -u
cuteref="$1"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*" >&2; }

# usage_error "what stderr must contain" ARGS...: exit 2, that text on stderr,
# nothing on stdout (no run happened).
usage_error() {
  local want="$1" out err status
  shift
  err=$("$cuteref" "$@" 2>&1 >/dev/null </dev/null)
  status=$?
  out=$("$cuteref" "$@" 2>/dev/null </dev/null)
  [ "$status" = 2 ] && ok || bad "cuteref $* exits $status, want 2"
  case "$err" in *"$want"*) ok ;; *) bad "cuteref $*: stderr lacks '$want': $err" ;; esac
  [ -z "$out" ] && ok || bad "cuteref $* printed on stdout: $out"
}

# 1. Numbers: garbage, trailing junk, overflow, sign, empty.
usage_error "--cases: 'abc'" check --cases abc
usage_error "--cases: '10x'" check --cases 10x
usage_error "--cases: '-5'" check --cases -5
usage_error "--cases: '99999999999999999999'" check --cases 99999999999999999999
usage_error "--cases: ''" check --cases ''
usage_error "--seed: 'xyz'" check --seed xyz
usage_error "--seed: '0x'" check --seed 0x
usage_error "--seed: '-1'" check --seed -1
usage_error "--seed: '0x1g'" check --seed 0x1g
usage_error "--seed: '0x10000000000000000'" check --seed 0x10000000000000000
usage_error "bad --bounds '3,4,-4,8x'" check --bounds 3,4,-4,8x
usage_error "bad --shard '1/2x'" check --shard 1/2x
usage_error "--replay's INDEX: 'x'" check --replay COMP-2:0xc0ffee:x
usage_error "--replay's SEED: 'zz'" check --replay COMP-2:zz:1
usage_error "--random: '1e3'" conform --impl true --random 1e3
usage_error "--timeout: 'nan'" conform --impl true --timeout nan
usage_error "--timeout: 'inf'" conform --impl true --timeout inf
usage_error "--timeout: '-1'" conform --impl true --timeout -1
usage_error "--window: '0'" conform --impl true --window 0
usage_error "--max-starts: '3000000000'" conform --impl true --max-starts 3000000000
usage_error "--seed: '12abc'" conform --impl true --seed 12abc
usage_error "--per-generator: '4x'" vectors --check spec/vectors --per-generator 4x
usage_error "option '--cases' needs a value" check --cases
usage_error "option '--impl' needs a value" conform --impl

# 2. --only: an ID that selects nothing names the nearest IDs.
usage_error "no property ID starts with 'COMPX' (did you mean 'COMP-'?)" check --only COMPX
usage_error "no property ID starts with 'CPL-9'" check --only COMP-2,CPL-9
usage_error "no property 'COMPX-2' (did you mean 'COMP-2'?)" check --replay COMPX-2:0xc0ffee:17
out=$("$cuteref" check --only COMP-2,CPL- --cases 5)
[ $? = 0 ] && ok || bad "check --only COMP-2,CPL- should pass"
echo "$out" | grep -q '^COMP-2 ' && echo "$out" | grep -q '^CPL-1 ' && ok || bad "--only COMP-2,CPL- runs COMP-2 and CPL-*: $out"

# 3. Did you mean: commands, operations (also inside expressions), options.
usage_error "unknown command 'evl' (did you mean 'eval'?)" evl 'size(4)'
usage_error "no command named 'chek' (did you mean 'check'?)" help chek
usage_error "unknown command 'frobnicate'" frobnicate
err=$("$cuteref" eval 'compositon((6,2):(8,2), (4,3):(3,1))' 2>&1 >/dev/null)
[ $? = 1 ] && ok || bad "an unknown operation exits 1"
case "$err" in *"error UNKNOWN_FUNCTION: no operation named 'compositon' (did you mean 'composition'?)"*) ok ;;
  *) bad "eval compositon: $err" ;; esac
out=$(echo 'logical_divde(8:1, 2:1)' | "$cuteref" eval -)
case "$out" in "error UNKNOWN_FUNCTION no operation named 'logical_divde' (did you mean 'logical_divide'?)"*) ok ;;
  *) bad "eval - logical_divde: $out" ;; esac
usage_error "--op: no operation named 'complemnt' (did you mean 'complement'?)" check --op complemnt
usage_error "--ops: no operation named 'coalsce' (did you mean 'coalesce'?)" conform --impl true --ops coalsce
usage_error "check: unknown option '--seeed' (did you mean '--seed'?)" check --seeed 3
usage_error "conform: unknown option '--windw' (did you mean '--window'?)" conform --impl true --windw 4
usage_error "dot: unknown option '--tre' (did you mean '--tree'?)" dot --tre '4:1'
usage_error "ops: unknown option '--nmes' (did you mean '--names'?)" ops --nmes
usage_error "vectors: unknown option '--chek' (did you mean '--check'?)" vectors --chek spec/vectors
usage_error "eval: unknown option '--lst' (did you mean '--list'?)" eval --lst
usage_error "show: unknown option '--foo'" show --foo
usage_error "examples: unknown option '--vv'" examples --vv spec/layout.md
usage_error "--only: '' names no property" check --only ''
out=$("$cuteref" eval '-4')
[ "$out" = -4 ] && ok || bad "eval '-4' (an expression, not an option) gives '$out'"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
