/* cmd_ops.c -- `cuteref ops`: the registry of operations (cli/registry.c) as
 * text, for the tools that keep no list of their own: tools/peers.sh,
 * device/run_gpu.sh, docs/gen_site.py and the registry's test. */
#include "commands.h"
#include "props/engine.h"
#include "props/principle.h"
#include "registry.h"
#include "suggest.h"

#include <stdio.h>
#include <string.h>

const char ct_help_ops[] =
    "usage: cuteref ops [--tsv | --names | --exhaustive-props | --principle]\n"
    "\n"
    "The registry of operations (cli/registry.c):\n"
    "  --tsv               (default) a header, then one tab-separated line per row: name,\n"
    "                      builtin (1 callable from expressions, 0 a request group), spec page,\n"
    "                      post-condition IDs, properties (`check --only` prefixes),\n"
    "                      generators, judge (`judge` or the reason there is none),\n"
    "                      drawing, exhaustive (1 or 0), synopsis, its rule on a composed\n"
    "                      layout (undefined, query, on_inner, plain), contract (1: CuTe's\n"
    "                      contract is judged where an answer differs), atom_bits (the\n"
    "                      argument giving an atom's element width, 0 none), args (its\n"
    "                      argument kinds, or `builtin`), aka (other implementations' names\n"
    "                      for it), known (its page's Differences headings, '|'-separated)\n"
    "  --names             the operations callable from expressions, one a line\n"
    "  --exhaustive-props  the property prefixes of device/'s exhaustive step, comma-separated\n"
    "  --principle         per request generator: its PRIN-1 property and the rewrites it\n"
    "                      applies, or why the principle exempts it (spec/principle.md); exit\n"
    "                      status 1 when a generator is neither, or an entry names none\n";

static const char *const ct_draw_names[] = {"result", "composition", "divide", "product", "complement", "unary", "linear"};

static void ct_ops_tsv(void) {
  int k, g;
  char props[256];
  static const char *const composed[] = {"undefined", "query", "on_inner", "plain"};
  printf("name\tbuiltin\tpage\tids\tprops\tgenerators\tjudge\tdraw\texhaustive\tsynopsis\tcomposed\tcontract"
         "\tatom_bits\targs\taka\tknown\n");
  for (k = 0; k < ct_num_ops; ++k) {
    const ct_op *op = &ct_ops[k];
    ct_op_props(op, props, sizeof props);
    printf("%s\t%d\t%s\t%s\t%s\t", op->name, ct_op_callable(op), op->page, ct_op_ids(op), props);
    for (g = 0; g < CT_OP_GENS && op->gens[g].name; ++g) printf("%s%s", g ? "," : "", op->gens[g].name);
    printf("\t%s\t%s\t%d\t%s\t%s\t%d\t%d\t%s\t%s\t%s\n", ct_op_has_judge(op) ? "judge" : op->no_judge,
           ct_draw_names[op->draw], op->exhaustive, op->synopsis, composed[op->composed], op->contract != 0,
           op->atom_bits, op->fn ? "builtin" : ct_sig_words(op->ref.sig), op->aka ? op->aka : "",
           op->known ? op->known : "");
  }
}

/* The registry's format as props/ prints a case: %s0 -> shape(%0), %d0 -> stride(%0). */
static void ct_props_fmt(const char *f, char *buf, int cap) {
  int n = 0;
  for (; *f && n < cap - 12; ++f) {
    if (f[0] == '%' && (f[1] == 's' || f[1] == 'S' || f[1] == 'd') && f[2] >= '0' && f[2] <= '3') {
      n += snprintf(buf + n, (size_t)(cap - n), "%s(%%%c)", f[1] == 'd' ? "stride" : "shape", f[2]);
      f += 2;
    } else {
      buf[n++] = *f;
    }
  }
  buf[n] = '\0';
}

static const char *ct_prin_exemption(const char *name) {
  int x;
  for (x = 0; x < ct_num_prin_exempts; ++x)
    if (strcmp(ct_prin_exempts[x].name, name) == 0) return ct_prin_exempts[x].why;
  return 0;
}

/* One line per request generator (per row without one): the PRIN-1 property
 * that checks it, drawn as the generator draws (same kind, same format), or
 * the exemption of the generator or of its operation. Returns the problems. */
static int ct_ops_principle(void) {
  int k, g, p, x, bad = 0, seen[1024] = {0};
  char id[160], how[512], fmt[256];
  printf("generator\tcheck\thow\n");
  for (k = 0; k < ct_num_ops; ++k) {
    const ct_op *op = &ct_ops[k];
    for (g = 0; g < CT_OP_GENS && (g == 0 || op->gens[g].name); ++g) {
      const char *name = op->gens[g].name ? op->gens[g].name : op->name, *why;
      snprintf(id, sizeof id, "PRIN-1/%s", name);
      p = op->gens[g].name ? ct_find_prop(id) : -1;
      why = ct_prin_exemption(name);
      if (!why) why = ct_prin_exemption(op->name);
      if (p >= 0 && p < 1024) seen[p] = 1;
      if (p >= 0 && why) {
        printf("%s\tCONFLICT\tboth %s and exempt: %s\n", name, id, why);
        ++bad;
      } else if (p >= 0) {
        ct_props_fmt(op->gens[g].fmt, fmt, sizeof fmt);
        if (ct_props[p].gen != op->gens[g].gen || strcmp(ct_props[p].fmt, fmt) != 0) {
          printf("%s\tDRIFT\t%s draws %s, the generator %s\n", name, id, ct_props[p].fmt, fmt);
          ++bad;
        } else {
          ct_prin_describe(id, how, sizeof how);
          printf("%s\t%s\t%s\n", name, id, how);
        }
      } else if (why) {
        printf("%s\texempt\t%s\n", name, why);
      } else {
        printf("%s\tUNCLASSIFIED\tno PRIN-1 property and no exemption (props/props_principle.c)\n", name);
        ++bad;
      }
    }
  }
  for (p = 0; p < ct_num_props; ++p)
    if (strncmp(ct_props[p].id, "PRIN-1/", 7) == 0 && (p >= 1024 || !seen[p])) {
      printf("%s\tSTALE\tno request generator of that name\n", ct_props[p].id + 7);
      ++bad;
    }
  for (x = 0; x < ct_num_prin_exempts; ++x) {
    const char *name = ct_prin_exempts[x].name;
    int found = 0;
    for (k = 0; k < ct_num_ops && !found; ++k) {
      found = strcmp(ct_ops[k].name, name) == 0;
      for (g = 0; g < CT_OP_GENS && ct_ops[k].gens[g].name && !found; ++g) found = strcmp(ct_ops[k].gens[g].name, name) == 0;
    }
    if (!found) {
      printf("%s\tSTALE\tan exemption of no operation or generator\n", name);
      ++bad;
    }
  }
  return bad;
}

int ct_cmd_ops(int argc, char **argv) {
  int k;
  const char *how = argc > 0 ? argv[0] : "--tsv";
  if (argc > 1) return ct_usage_error("%s", "ops takes one option: --tsv, --names, --exhaustive-props or --principle");
  if (strcmp(how, "--tsv") == 0) {
    ct_ops_tsv();
  } else if (strcmp(how, "--names") == 0) {
    for (k = 0; k < ct_num_ops; ++k)
      if (ct_op_callable(&ct_ops[k])) printf("%s\n", ct_ops[k].name);
  } else if (strcmp(how, "--principle") == 0) {
    return ct_ops_principle() ? 1 : 0;
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
