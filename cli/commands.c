/* commands.c -- the table of subcommands. */
#include "commands.h"
#include "suggest.h"

#include <string.h>

static const ct_command ct_commands[] = {
    {"eval", ct_cmd_eval, ct_help_eval},
    {"show", ct_cmd_show, ct_help_show},
    {"examples", ct_cmd_examples, ct_help_examples},
    {"check", ct_cmd_check, ct_help_check},
    {"mutants", ct_cmd_mutants, ct_help_mutants},
    {"conform", ct_cmd_conform, ct_help_conform},
    {"vectors", ct_cmd_vectors, ct_help_vectors},
    {"dot", ct_cmd_dot, ct_help_dot},
    {"ops", ct_cmd_ops, ct_help_ops},
};

const ct_command *ct_find_command(const char *name) {
  size_t k;
  for (k = 0; k < sizeof ct_commands / sizeof ct_commands[0]; ++k)
    if (strcmp(ct_commands[k].name, name) == 0) return &ct_commands[k];
  return 0;
}

int ct_suggest_command(const char *name, char *buf, int cap) {
  const char *names[sizeof ct_commands / sizeof ct_commands[0] + 1];
  int k, n = 0;
  for (k = 0; k < (int)(sizeof ct_commands / sizeof ct_commands[0]); ++k) names[n++] = ct_commands[k].name;
  names[n++] = "help";
  return ct_did_you_mean(name, names, n, 0, buf, cap);
}
