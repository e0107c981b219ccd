#!/bin/sh
# A hostile implementation of the line protocol (spec/protocol.md), for the
# tests of `cuteref conform` (hostile_test.py): each MODE misbehaves in one
# way. The runner must finish within its timeouts, report what the
# implementation did, exit 1, keep its memory bounded and leave no process
# behind.
#
#   hostile.sh MODE CUTEREF
#
#   exit_at_once   exits before reading anything
#   crash_signal   killed by SIGSEGV before answering
#   never_answer   reads nothing, answers nothing, never exits
#   garbage        answers every line with bytes that are no answer (NUL,
#                  0xff, an escape sequence)
#   garbage_text   answers every line with printable text that is no answer
#   nul_error      answers every line `error ...` with a NUL byte inside
#   twice          answers every line twice (the reference's answer)
#   stream_lines   writes `ok 8` lines endlessly, whatever it is asked
#   stream_bytes   writes bytes endlessly, never a newline
#   huge_line      answers the first request with a 100 MB line, then the
#                  rest correctly
#   close_stdout   closes its standard output and keeps running
#   orphan         leaves a child that holds standard output open, and exits
#   slow           answers correctly, 3 s after each request
#   slow_ok        answers correctly, 0.1 s after each request (in time:
#                  this one conforms)
mode=$1
cuteref=$2
case $mode in
exit_at_once) exit 0 ;;
crash_signal) kill -SEGV $$ ; sleep 1 ;;
never_answer) exec sleep 3600 ;;
garbage)
  while IFS= read -r _; do printf '\377\000garbage \033[31mred\033[0m\n'; done ;;
garbage_text)
  while IFS= read -r _; do printf 'what?\n'; done ;;
nul_error)
  while IFS= read -r _; do printf 'error PARSE_EXPECTED a NUL\000byte\n'; done ;;
twice) "$cuteref" eval - | sed -u p ;;
stream_lines) exec yes 'ok 8' ;;
stream_bytes) exec tr '\000' 7 </dev/zero ;;
huge_line)
  IFS= read -r _
  printf 'ok ('
  head -c 100000000 /dev/zero | tr '\000' 1
  printf ')\n'
  exec "$cuteref" eval - ;;
close_stdout) exec 1>&-; exec sleep 3600 ;;
orphan) sleep 3600 & exit 3 ;;
slow)
  while IFS= read -r line; do sleep 3; printf '%s\n' "$line" | "$cuteref" eval -; done ;;
slow_ok)
  while IFS= read -r line; do sleep 0.1; printf '%s\n' "$line" | "$cuteref" eval -; done ;;
*) echo "hostile.sh: unknown mode '$mode'" >&2; exit 2 ;;
esac
