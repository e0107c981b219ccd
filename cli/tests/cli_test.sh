#!/usr/bin/env bash
# CLI tests of `cuteref` (spec/expressions.md, spec/protocol.md): the batch
# answer text, exit statuses, help, and that every error code of the notation
# and the evaluator is produced by some line of the batch.
set -u
cuteref="$1"
dir="$(dirname "$0")"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*" >&2; }

# 1. `eval -` answers every line, in order, with exactly the expected text.
"$cuteref" eval - <"$dir/eval_batch.in" >"${TEST_TMPDIR:-/tmp}/batch.out"
status=$?
if diff -u "$dir/eval_batch.out" "${TEST_TMPDIR:-/tmp}/batch.out"; then ok; else bad "eval - output differs"; fi
[ "$status" = 1 ] && ok || bad "eval - with rejected lines exits $status, want 1"
lines_in=$(wc -l <"$dir/eval_batch.in")
lines_out=$(wc -l <"${TEST_TMPDIR:-/tmp}/batch.out")
[ "$lines_in" = "$lines_out" ] && ok || bad "$lines_in input lines but $lines_out answers"

# 2. A last line without a newline is still answered; all-ok input exits 0.
out=$(printf 'size((4,2))\n8:2(3)' | "$cuteref" eval -)
status=$?
[ "$out" = "$(printf 'ok 8\nok 6')" ] && ok || bad "unterminated last line: got '$out'"
[ "$status" = 0 ] && ok || bad "all-ok batch exits $status"

# 3. One expression: result on stdout, exit 0; a rejected input: exit 1 and
#    the code on stderr with a caret under the byte it names.
out=$("$cuteref" eval 'cosize(((2,4),(3,5)):((3,6),(1,24)))')
[ "$out" = 120 ] && ok || bad "cosize gave '$out'"
err=$("$cuteref" eval '(4,8):(1,4) x' 2>&1 >/dev/null)
status=$?
[ "$status" = 1 ] && ok || bad "rejected input exits $status"
case "$err" in *"error PARSE_TRAILING"*) ok ;; *) bad "stderr lacks the code: $err" ;; esac
case "$err" in *"              ^"*) ok ;; *) bad "no caret at byte 12: $err" ;; esac

# 4. Usage errors exit 2; --help exits 0 for the tool and each command.
"$cuteref" >/dev/null 2>&1; [ $? = 2 ] && ok || bad "no command should exit 2"
"$cuteref" frobnicate >/dev/null 2>&1; [ $? = 2 ] && ok || bad "unknown command should exit 2"
"$cuteref" eval >/dev/null 2>&1; [ $? = 2 ] && ok || bad "eval without argument should exit 2"
"$cuteref" eval a b >/dev/null 2>&1; [ $? = 2 ] && ok || bad "eval with two arguments should exit 2"
for c in "--help" "help" "eval --help" "show --help" "help eval" "help show" "eval --list" "eval --codes"; do
  # shellcheck disable=SC2086
  "$cuteref" $c >/dev/null 2>&1 && ok || bad "cuteref $c should exit 0"
done
"$cuteref" --help | grep -q '^usage: cuteref' && ok || bad "--help prints usage"

# 5. show: properties and the offset table (seed 001: ((2,2),2):((4,1),2)).
show=$("$cuteref" show '((2,2),2):((4,1),2)')
echo "$show" | grep -q '^size    8$' && ok || bad "show size"
echo "$show" | grep -q '^cosize  8$' && ok || bad "show cosize"
echo "$show" | grep -q '^  1 | 4 | 6 |$' && ok || bad "show row 1: $show"
"$cuteref" show '(4,8' >/dev/null 2>&1; [ $? = 1 ] && ok || bad "show of bad text exits 1"

# 6. dot: a shape is a grid; an IntTuple that is no shape (a 0, a basis
#    element: L(i) of a layout with basis strides) is a tree, not an error.
"$cuteref" dot '(4,2)' | grep -q 'BGCOLOR' && ok || bad "dot of a shape draws a grid"
for t in '(4,8):(2@0@1,_1@1@1)(5)' '(_1@0,(2@1,_3@0@2))' '(3,0)'; do
  d=$("$cuteref" dot "$t") && echo "$d" | grep -q -- '->' && ok || bad "dot '$t' should draw a tree: $d"
done

# dot of an atom colors shared-memory chunks by the atom's own element width
# (issue 39: a 16-bit GMMA atom was captioned "8-bit elements"); a bare
# composed layout says the width is assumed.
"$cuteref" dot 'gmma_atom(K, 128, 16)' | grep -q '16-bit elements)' && ok || bad "dot of a 16-bit atom: its width"
"$cuteref" dot 'umma_atom_32b(32)' | grep -q '32-bit elements)' && ok || bad "dot of a 32-bit UMMA atom: its width"
"$cuteref" dot 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)' | grep -q '8-bit elements assumed' && ok ||
  bad "dot of a composed layout: the width is said to be assumed"

# show of a composed layout (issue 39: refused before): its table is C(r, c)
out=$("$cuteref" show 'Sw<1,0,1> o _0 o (4,2):(2,1)')
echo "$out" | grep -q '^composed  Sw<1,0,1> o _0 o (4,2):(2,1)$' && echo "$out" | grep -q '^  1 | 3 | 2 |$' && ok ||
  bad "show of a composed layout: $out"
"$cuteref" show 'Sw<3,4,3>' 2>&1 | grep -q "a swizzle has no shape" && ok || bad "show of a bare swizzle says why not"

# conform from another folder finds the vectors beside the tool (issue 39):
# here Bazel's runfiles of //:cuteref; a folder with no spec/ of its own.
away=$(mktemp -d "${TEST_TMPDIR:-/tmp}/away.XXXXXX")
cref="$(cd "$(dirname "$cuteref")" && pwd)/$(basename "$cuteref")"
out=$(cd "$away" && env -u CUTEREF_VECTORS "$cref" conform --impl "$cref eval -" --quiet 2>&1)
echo "$out" | grep -q "conforms ([0-9]* cases)" && ok || bad "conform from another folder: $out"
out=$(cd "$away" && CUTEREF_VECTORS="$away/none" "$cref" conform --impl "$cref eval -" --quiet 2>&1)
echo "$out" | grep -q "none' does not exist" && ok || bad "conform with CUTEREF_VECTORS naming no folder: $out"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
