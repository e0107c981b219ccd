/* cmd_ops.c -- `cuteref ops`: the registry of operations (cli/registry.c) as
 * text, for the tools that keep no list of their own: tools/peers.sh,
 * device/run_gpu.sh, docs/gen_site.py and the registry's test. */
#include "commands.h"
#include "registry.h"
#include "suggest.h"

#include <stdio.h>
#include <string.h>

const char ct_help_ops[] =
    "usage: cuteref ops [--tsv | --names | --exhaustive-props]\n"
    "\n"
    "The registry of operations (cli/registry.c):\n"
    "  --tsv               (default) a header, then one tab-separated line per row: name,\n"
    "                      builtin (1 callable from expressions, 0 a request group), spec page,\n"
    "                      post-condition IDs, properties (`check --only` prefixes),\n"
    "                      generators, judge (`judge` or the reason there is none),\n"
    "                      drawing, exhaustive (1 or 0), synopsis\n"
    "  --names             the operations callable from expressions, one a line\n"
    "  --exhaustive-props  the property prefixes of device/'s exhaustive step, comma-separated\n";

static const char *const ct_draw_names[] = {"result", "composition", "divide", "product", "complement", "unary"};

static void ct_ops_tsv(void) {
  int k, g;
  char props[256];
  printf("name\tbuiltin\tpage\tids\tprops\tgenerators\tjudge\tdraw\texhaustive\tsynopsis\n");
  for (k = 0; k < ct_num_ops; ++k) {
    const ct_op *op = &ct_ops[k];
    ct_op_props(op, props, sizeof props);
    printf("%s\t%d\t%s\t%s\t%s\t", op->name, op->fn != 0, op->page, op->ids, props);
    for (g = 0; g < CT_OP_GENS && op->gens[g].name; ++g) printf("%s%s", g ? "," : "", op->gens[g].name);
    printf("\t%s\t%s\t%d\t%s\n", op->judge ? "judge" : op->no_judge, ct_draw_names[op->draw], op->exhaustive,
           op->synopsis);
  }
}

int ct_cmd_ops(int argc, char **argv) {
  int k;
  const char *how = argc > 0 ? argv[0] : "--tsv";
  if (argc > 1) return ct_usage_error("%s", "ops takes one option: --tsv, --names or --exhaustive-props");
  if (strcmp(how, "--tsv") == 0) {
    ct_ops_tsv();
  } else if (strcmp(how, "--names") == 0) {
    for (k = 0; k < ct_num_ops; ++k)
      if (ct_ops[k].fn) printf("%s\n", ct_ops[k].name);
  } else if (strcmp(how, "--exhaustive-props") == 0) {
    char props[256];
    int n = 0;
    for (k = 0; k < ct_num_ops; ++k)
      if (ct_ops[k].exhaustive) {
        ct_op_props(&ct_ops[k], props, sizeof props);
        printf("%s%s", n++ ? "," : "", props);
      }
    printf("\n");
  } else {
    return ct_unknown_option("ops", ct_help_ops, how);
  }
  return 0;
}
