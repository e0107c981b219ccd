/* agree.cu -- ct_gpu: every property of props/ on an NVIDIA GPU, checked
 * against its host twin case by case (device/README.md).
 *
 *   ct_gpu agree  [options]   GPU and host answer the same cases; compare
 *   ct_gpu bench  [options]   cases per second, one CPU core vs the GPU
 *   ct_gpu list               the properties
 *
 * The GPU code and the host twin are the same sources: ref/*.c and props/*.c
 * compiled by nvcc as CUDA (every CT_FN function is __host__ __device__),
 * linked into this program (relocatable device code), with one configuration
 * (-DCT_MAX_NODES, -DCT_BRUTE_MAX) for both halves. Case k of a property is
 * device/ct_dev.h's ct_dev_case on both sides; its answer is the outcome's
 * verdict and digest. */
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#define CT_PROG "ct_gpu"
#include "device/ct_cuda.h"
#include "device/ct_dev.h"
#include "device/ct_fork.h"
#include "judge/judge_tiled_copy.h" /* CT_TCOPY_COVER_MAX, printed with the configuration */
#include "props/engine.h"
#include "ref/notation.h"

enum { CT_BAL_AUTO = 8 }; /* --balance auto (0 off, or a key of device/ct_dev.h: CT_KEY_SIZE, CT_KEY_SHAPE, CT_KEY_SIZES, CT_KEY_SIZES_LAST) */

/* ---- GPU kernels ---------------------------------------------------------------- */

/* Adds a thread's sums to its chunk's and records its first failing case. */
__device__ static void ct_k_flush(const ct_dev_acc *a, ct_dev_acc *dst, long long ff, unsigned long long *nfail,
                                  long long *fails, int fail_cap) {
  atomicAdd((unsigned long long *)&dst->hash, (unsigned long long)a->hash);
  atomicAdd((unsigned long long *)&dst->cases, (unsigned long long)a->cases);
  atomicAdd((unsigned long long *)&dst->admissible, (unsigned long long)a->admissible);
  if (a->failures) atomicAdd((unsigned long long *)&dst->failures, (unsigned long long)a->failures);
  if (ff >= 0) {
    unsigned long long slot = atomicAdd(nfail, 1ull);
    if (slot < (unsigned long long)fail_cap) fails[slot] = ff;
  }
}

/* Each thread runs per_thread consecutive cases (never across a chunk, since
 * chunk % per_thread == 0 and start is a chunk boundary) and adds its sums to
 * its chunk's; the first failing case of each thread is listed. */
__global__ void ct_k_run(ct_dev_job job, long long start, long long count, int per_thread, long long chunk,
                         ct_dev_acc *acc, unsigned long long *nfail, long long *fails, int fail_cap) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long k0 = start + t * per_thread, k1 = k0 + per_thread, ff;
  ct_dev_acc a;
  if (k0 >= start + count) return;
  if (k1 > start + count) k1 = start + count;
  a.hash = a.cases = a.admissible = a.failures = 0;
  ff = ct_dev_accumulate(&job, k0, k1, &a);
  ct_k_flush(&a, &acc[(k0 - start) / chunk], ff, nfail, fails, fail_cap);
}

/* --balance: the cost key of every case of [start, start+count), with the
 * case's sort window (--sort-window) above it, so that one radix sort orders
 * each window's cases by cost. A case keeps its index, and its sums go to
 * its own chunk whatever thread runs it (ct_k_run_sorted). */
__global__ void ct_k_cost(ct_dev_job job, int mode, long long start, long long count, long long window,
                          unsigned long long *keys, long long *ks, ct_slot *slots) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  ct_case c;
  unsigned key;
  if (t >= count) return;
  /* --draw-once: the case drawn for its key is kept for the run */
  key = slots ? ct_dev_case_key_slot(&job, mode, start + t, &c, &slots[t]) : ct_dev_case_key(&job, mode, start + t, &c);
  keys[t] = (unsigned long long)(t / window) << 32 | key;
  ks[t] = start + t;
}

/* ct_k_run over the sorted order: thread t runs the cases at sorted
 * positions [t*per_thread, (t+1)*per_thread) and adds each one's sums to the
 * chunk of its index (a sort window spans several chunks): the same sums as
 * ct_k_run, since the order does not count. With slots (--draw-once), case
 * k's check reads the case ct_k_cost packed at slots[k - start] rather than
 * drawing it again. */
template <bool SLOTS>
__global__ void ct_k_run_sorted(ct_dev_job job, const long long *ks, long long start, long long count, int per_thread,
                                long long chunk, ct_dev_acc *acc, unsigned long long *nfail, long long *fails,
                                int fail_cap, const ct_slot *slots) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long p0 = t * per_thread, p1 = p0 + per_thread, p, ff = -1, cur = -1;
  ct_dev_acc a;
  if (p0 >= count) return;
  if (p1 > count) p1 = count;
  a.hash = a.cases = a.admissible = a.failures = 0;
  for (p = p0; p < p1; ++p) {
    long long k = ks[p], ch = (k - start) / chunk, f;
    if (ch != cur) { /* the sums so far belong to another chunk */
      if (cur >= 0) ct_k_flush(&a, &acc[cur], ff, nfail, fails, fail_cap);
      a.hash = a.cases = a.admissible = a.failures = 0;
      ff = -1;
      cur = ch;
    }
    f = SLOTS ? ct_dev_accumulate_slot(&job, k, &slots[k - start], &a) : ct_dev_accumulate(&job, k, k + 1, &a);
    if (f >= 0 && (ff < 0 || f < ff)) ff = f;
  }
  ct_k_flush(&a, &acc[cur], ff, nfail, fails, fail_cap);
}

/* Per-case answers of [start, start+count), for a chunk that disagrees. */
__global__ void ct_k_cases(ct_dev_job job, long long start, long long count, unsigned long long *digest, int *verdict) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  ct_case c;
  ct_outcome o;
  if (t >= count) return;
  ct_dev_run(&job, start + t, &c, &o);
  digest[t] = o.digest;
  verdict[t] = (int)o.verdict;
}

/* Case k as the GPU generates it (to compare inputs), and the GPU's answer
 * on a given case (for shrinking a disagreement). */
__global__ void ct_k_one(ct_dev_job job, long long k, ct_case *out) {
  ct_dev_case(&job, k, out);
}
__global__ void ct_k_check(int prop, const ct_case *c, ct_outcome *out) {
  ct_outcome o;
  ct_prop_check(prop, c, &o);
  out->verdict = o.verdict;
  out->digest = o.digest;
}

/* ---- options ------------------------------------------------------------------------- */

typedef struct {
  const char *cmd;
  uint64_t seed;
  long long cases;
  const char *only, *skip;
  int exhaustive;
  ct_bounds b1, b2;
  long long chunk;
  long long host_every; /* host recomputes chunk i when i % host_every == 0; 0: never */
  int procs;
  int host_only, gpu_only;
  const char *dump, *tsv;
  const char *plan; /* ID COUNT lines: random cases per property (others: --cases) */
  int device, threads, per_thread;
  size_t stack;
  int balance; /* 0, the sort key of each chunk's cases (CT_KEY_SIZE, CT_KEY_SHAPE), or CT_BAL_AUTO */
  int plans;   /* the GPU runs the properties' plans (device/plan.h); the host half runs the checks */
  int report;
  double host_seconds;
  long long gpu_cases;
  double gpu_seconds; /* bench: GPU time per property, at most --gpu-cases cases */
  long long batch;
  long long sort_window; /* --balance sorts the cases of each window of this many (0: each launch's, --batch) */
  int draw_once;         /* sorted runs read the case the key kernel drew (ct_slot) */
} ct_opts;


static const char ct_usage[] =
    "usage: ct_gpu agree|bench|list [options]\n"
    "       ct_gpu replay ID:SEED:INDEX [--stack BYTES]\n"
    "\n"
    "agree: the GPU answers every case of every selected property; the host\n"
    "  twin answers the same cases (all chunks, or every --host-every'th);\n"
    "  chunk sums of (index, verdict, digest) are compared, and a chunk that\n"
    "  differs is compared case by case. Exit 0: all agree and nothing fails.\n"
    "replay: one random case, generated and answered on both sides (the input\n"
    "  as each side makes it, each side's verdict and digest).\n"
    "bench: per property, cases/s of the host twin on one core and of the GPU\n"
    "  on the same case stream, and their ratio.\n"
    "\n"
    "options:\n"
    "  --cases N            random cases per property (agree 10000, bench: see --gpu-cases)\n"
    "  --seed S             seed (default 0xc0ffee, as cuteref check)\n"
    "  --only IDS           only these properties (comma-separated; an entry that is not a whole ID\n"
    "                       selects the IDs that begin with it: IT-1 is IT-1 alone, IT- is the family)\n"
    "  --skip STRS          not the properties whose ID contains one of STRS (e.g. '!': error codes)\n"
    "  --plan FILE          random cases per property from lines 'ID COUNT' (others: --cases)\n"
    "  --tsv FILE           the table as tab-separated values (device/run_gpu.sh builds RESULTS.md)\n"
    "  --exhaustive         enumerate flat layouts instead (cuteref check --exhaustive's order)\n"
    "  --bounds R,S,LO,HI   single layouts: rank<=R, shapes 1..S, strides LO..HI (3,4,-4,8)\n"
    "  --pair-bounds R,S,LO,HI  each layout of a pair (2,4,-1,6)\n"
    "  --chunk C            cases per compared chunk (65536)\n"
    "  --host-every K       the host recomputes every K-th chunk (1: all; 0: none)\n"
    "  --procs P            host processes (default: every core)\n"
    "  --host-only          no GPU: the host half alone (CI)\n"
    "  --dump FILE          write the host's chunk sums (ID chunk hash cases admissible failures)\n"
    "  --device D           CUDA device (0)\n"
    "  --threads T          threads per block (128)\n"
    "  --per-thread P       cases per GPU thread (1)\n"
    "  --stack BYTES        GPU stack per thread (131072)\n"
    "  --balance auto|shape|sizes|sizes-last|size|off  sort the cases before the GPU runs them, so\n"
    "                       that the lanes of a warp do alike work: by structure then size, by the\n"
    "                       first (last) layout's size then the others' then structure, by total\n"
    "                       size, or not; auto times off, shape, sizes and sizes-last on each\n"
    "                       property's first cases and keeps the fastest (auto; the same answers and\n"
    "                       chunk sums either way: device/ct_dev.h)\n"
    "  --sort-window W      --balance sorts each W cases together (a multiple of --chunk; 0, the\n"
    "                       default: each launch's, up to --batch): the more cases one sort sees, the\n"
    "                       more alike the neighbours it finds for each\n"
    "  --draw-once on|off   a sorted run reads each case as the sort's key kernel drew it (1 KiB\n"
    "                       a case in GPU memory) instead of drawing it again (on)\n"
    "  --plans on|off       the GPU runs a property's plan where it has one (device/plan.h): the same\n"
    "                       answers from flat values, checked against the host half, which runs the\n"
    "                       checks; bench times one core on the plan too (on)\n"
    "  --report N           failures/mismatches printed per property (3)\n"
    "  --host-seconds T     bench: host time per property (0.05)\n"
    "  --gpu-cases N        bench: GPU cases per property, at most (1048576)\n"
    "  --gpu-seconds T      bench: fewer GPU cases where a warm-up says they would take longer (0.25)\n";

static void ct_load_plan(const char *path);

static void ct_parse_bounds(const char *s, ct_bounds *b) {
  if (sscanf(s, "%d,%d,%d,%d", &b->rank, &b->shape, &b->lo, &b->hi) != 4 || b->rank < 1 || b->rank > 4 ||
      b->shape < 1 || b->lo > b->hi)
    ct_die("bad bounds '%s' (R,S,LO,HI with 1 <= R <= 4)", s);
}

static void ct_parse(int argc, char **argv, ct_opts *o) {
  int k;
  memset(o, 0, sizeof *o);
  o->seed = 0xC0FFEEu;
  o->cases = 10000;
  o->b1.rank = 3, o->b1.shape = 4, o->b1.lo = -4, o->b1.hi = 8;
  o->b2.rank = 2, o->b2.shape = 4, o->b2.lo = -1, o->b2.hi = 6;
  o->chunk = 65536;
  o->host_every = 1;
  o->procs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  o->threads = 128;
  o->per_thread = 1; /* measured best on an H100 (device/README.md) */
  o->stack = 131072; /* TCOPY-1..11 overflow 65536 on an H100 (docs/data/gpu-run-issue41.md) */
  o->balance = CT_BAL_AUTO;
  o->draw_once = 1;
  o->plans = 1;
  o->report = 3;
  o->host_seconds = 0.05;
  o->gpu_cases = 1 << 20;
  o->gpu_seconds = 0.25;
  o->batch = 1 << 24;
  if (argc < 2) ct_die("%s", ct_usage);
  o->cmd = argv[1];
  for (k = 2; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
#define CT_ARG(name) (strcmp(a, name) == 0 && v && (++k, 1))
    if (CT_ARG("--cases")) o->cases = strtoll(v, 0, 0);
    else if (CT_ARG("--seed")) o->seed = strtoull(v, 0, 0);
    else if (CT_ARG("--only")) o->only = v;
    else if (CT_ARG("--skip")) o->skip = v;
    else if (CT_ARG("--tsv")) o->tsv = v;
    else if (CT_ARG("--plan")) o->plan = v;
    else if (strcmp(a, "--exhaustive") == 0) o->exhaustive = 1;
    else if (CT_ARG("--bounds")) ct_parse_bounds(v, &o->b1);
    else if (CT_ARG("--pair-bounds")) ct_parse_bounds(v, &o->b2);
    else if (CT_ARG("--chunk")) o->chunk = strtoll(v, 0, 0);
    else if (CT_ARG("--host-every")) o->host_every = strtoll(v, 0, 0);
    else if (CT_ARG("--procs")) o->procs = atoi(v);
    else if (strcmp(a, "--host-only") == 0) o->host_only = 1;
    else if (strcmp(a, "--gpu-only") == 0) o->gpu_only = 1;
    else if (CT_ARG("--dump")) o->dump = v;
    else if (CT_ARG("--device")) o->device = atoi(v);
    else if (CT_ARG("--threads")) o->threads = atoi(v);
    else if (CT_ARG("--per-thread")) o->per_thread = atoi(v);
    else if (CT_ARG("--stack")) o->stack = (size_t)strtoll(v, 0, 0);
    else if (CT_ARG("--plans")) {
      if (strcmp(v, "on") == 0) o->plans = 1;
      else if (strcmp(v, "off") == 0) o->plans = 0;
      else ct_die("--plans on|off, not '%s'", v);
    } else if (CT_ARG("--balance")) {
      if (strcmp(v, "auto") == 0) o->balance = CT_BAL_AUTO;
      else if (strcmp(v, "shape") == 0 || strcmp(v, "on") == 0) o->balance = CT_KEY_SHAPE;
      else if (strcmp(v, "size") == 0) o->balance = CT_KEY_SIZE;
      else if (strcmp(v, "sizes") == 0) o->balance = CT_KEY_SIZES;
      else if (strcmp(v, "sizes-last") == 0) o->balance = CT_KEY_SIZES_LAST;
      else if (strcmp(v, "off") == 0) o->balance = 0;
      else ct_die("--balance auto|shape|sizes|sizes-last|size|off, not '%s'", v);
    }
    else if (CT_ARG("--report")) o->report = atoi(v);
    else if (CT_ARG("--host-seconds")) o->host_seconds = atof(v);
    else if (CT_ARG("--gpu-cases")) o->gpu_cases = strtoll(v, 0, 0);
    else if (CT_ARG("--gpu-seconds")) o->gpu_seconds = atof(v);
    else if (CT_ARG("--batch")) o->batch = strtoll(v, 0, 0);
    else if (CT_ARG("--sort-window")) o->sort_window = strtoll(v, 0, 0);
    else if (CT_ARG("--draw-once")) {
      if (strcmp(v, "on") == 0) o->draw_once = 1;
      else if (strcmp(v, "off") == 0) o->draw_once = 0;
      else ct_die("--draw-once on|off, not '%s'", v);
    }
    else ct_die("unknown option '%s'\n%s", a, ct_usage);
#undef CT_ARG
  }
  if (o->gpu_only) o->host_every = 0;
  if (o->procs < 1) o->procs = 1;
  if (o->per_thread < 1 || o->chunk < 1 || o->chunk % o->per_thread != 0)
    ct_die("--chunk must be a positive multiple of --per-thread");
  if (o->batch < o->chunk) o->batch = o->chunk;
  o->batch -= o->batch % o->chunk;
  if (o->sort_window < 0 || o->sort_window % o->chunk != 0) ct_die("--sort-window must be 0 or a multiple of --chunk");
  if (o->balance && o->sort_window > 0 && o->batch / o->sort_window > 256)
    ct_die("--sort-window %lld: at most 256 windows per launch (--batch %lld)", o->sort_window, o->batch); /* the sort key's top 8 bits */
  if (o->cases < 0 || o->host_every < 0) ct_die("negative --cases or --host-every");
  if (o->plan) ct_load_plan(o->plan);
}

/* Host-only properties are left out wherever the GPU runs. */
static int ct_gpu_excluded(const ct_opts *o, int p) {
  return !o->host_only && ct_dev_id_in(ct_props[p].id, CT_DEV_HOST_ONLY);
}

static int ct_selected(const ct_opts *o, int p) {
  const char *s = o->only, *id = ct_props[p].id;
  if (ct_gpu_excluded(o, p)) return 0;
  if (o->skip && *o->skip) {
    const char *k = o->skip;
    while (*k) {
      const char *e = strchr(k, ',');
      size_t n = e ? (size_t)(e - k) : strlen(k);
      size_t m;
      for (m = 0; n > 0 && id[m]; ++m)
        if (strncmp(id + m, k, n) == 0) return 0;
      if (!e) break;
      k = e + 1;
    }
  }
  if (!s || !*s) return 1;
  return ct_dev_id_in(id, s);
}

static void ct_print_excluded(const ct_opts *o) {
  int p, n = 0;
  for (p = 0; p < ct_num_props; ++p)
    if (ct_gpu_excluded(o, p)) printf("%s%s", n++ ? ", " : "host only, not run on the GPU: ", ct_props[p].id);
  if (n) printf(" (the device never parses or prints notation)\n");
}

static FILE *ct_open_tsv(const ct_opts *o, const char *header) {
  FILE *f;
  if (!o->tsv) return 0;
  f = fopen(o->tsv, "w");
  if (!f) ct_die("cannot write %s", o->tsv);
  fprintf(f, "%s\n", header);
  return f;
}

/* ---- jobs ---------------------------------------------------------------------------------- */

typedef struct {
  ct_dev_job job;
  long long count, nchunks, first_task;
  /* GPU results */
  std::vector<ct_dev_acc> *gpu;
  std::vector<long long> *gpu_fails;
  unsigned long long gpu_nfail;
  double gpu_seconds;
} ct_pjob;

typedef struct { /* one host chunk, in memory shared with the worker processes */
  ct_dev_acc acc;
  long long first_fail;
  double seconds;
  int done;
} ct_task;

static ct_dev_job ct_make_job(const ct_opts *o, int p) {
  ct_dev_job j;
  memset(&j, 0, sizeof j);
  j.prop = p;
  j.gen = ct_props[p].gen;
  j.source = o->exhaustive ? CT_SRC_ENUM : CT_SRC_RANDOM;
  j.seed = o->seed;
  j.stream = ct_hash_str(ct_props[p].id);
  ct_gen_default(&j.params);
  j.b1 = o->b1;
  j.b2 = o->b2;
  if (j.gen == CT_GEN_SWIZZLE) /* device/ct_dev.h: cases whose work their layouts do not show */
    j.key_first = (ct_dev_id_in(ct_props[p].id, CT_DEV_ATOM_KEYED) ? CT_DEV_KEY_ATOM : 0) |
                  (ct_dev_id_in(ct_props[p].id, CT_DEV_INT_KEYED) ? CT_DEV_KEY_INTS : 0) |
                  (ct_dev_id_in(ct_props[p].id, CT_DEV_TOP_KEYED) ? CT_DEV_KEY_TOP : 0);
  return j;
}

/* --plan: per-property case counts (device/run_gpu.sh derives them from the
 * benchmark's GPU rates, so that every property gets about the same time). */
static std::map<std::string, long long> ct_plan;

static void ct_load_plan(const char *path) {
  char id[256];
  long long n;
  FILE *f = fopen(path, "r");
  if (!f) ct_die("cannot read --plan %s", path);
  while (fscanf(f, "%255s %lld", id, &n) == 2) {
    if (n < 0) ct_die("--plan %s: negative count for %s", path, id);
    ct_plan[id] = n;
  }
  fclose(f);
}

static long long ct_job_count(const ct_opts *o, const ct_dev_job *j) {
  std::map<std::string, long long>::const_iterator it;
  if (o->exhaustive) return (long long)ct_enum_count(j);
  it = ct_plan.find(ct_props[j->prop].id);
  return it != ct_plan.end() ? it->second : o->cases;
}

/* ---- the host twin: worker processes ------------------------------------------------- */

static void ct_host_chunk(const ct_opts *o, const ct_pjob *pj, long long ci, ct_task *t) {
  long long k0 = ci * o->chunk, k1 = k0 + o->chunk;
  double t0 = ct_now();
  if (k1 > pj->count) k1 = pj->count;
  memset(&t->acc, 0, sizeof t->acc);
  t->first_fail = ct_dev_accumulate(&pj->job, k0, k1, &t->acc);
  t->seconds = ct_now() - t0;
  t->done = 1;
}

/* Worker processes still running; killed if the program exits early (no
 * GPU, a CUDA error), so that none outlives it. */
static std::vector<pid_t> ct_live_workers;

static void ct_kill_workers(void) {
  size_t i;
  for (i = 0; i < ct_live_workers.size(); ++i) {
    kill(ct_live_workers[i], SIGKILL);
    waitpid(ct_live_workers[i], 0, 0);
  }
  ct_live_workers.clear();
}

/* Forks the workers before CUDA starts (a child of a process with CUDA
 * threads must not run anything but plain computation): device/ct_fork.h,
 * worker w taking tasks w, w + nw, ... */
static std::vector<pid_t> ct_fork_workers(const ct_opts *o, const std::vector<ct_pjob> &jobs,
                                         const std::vector<long long> &task_job, const std::vector<long long> &task_chunk,
                                         ct_task *tasks) {
  std::vector<pid_t> pids;
  long long ntasks = (long long)task_job.size();
  int nw = o->procs;
  if (ntasks == 0) return pids;
  if (nw > ntasks) nw = (int)ntasks;
  pids = ct_fork_start(nw, [&](int w) {
    long long i;
    for (i = w; i < ntasks; i += nw) ct_host_chunk(o, &jobs[task_job[i]], task_chunk[i], &tasks[i]);
  });
  ct_live_workers = pids;
  atexit(ct_kill_workers);
  return pids;
}

static int ct_wait_workers(const std::vector<pid_t> &pids) {
  int bad = ct_fork_wait(pids);
  ct_live_workers.clear();
  return bad;
}

/* ---- the GPU half ------------------------------------------------------------------------ */

static void ct_gpu_init(const ct_opts *o) {
  int n = 0;
  size_t got = 0;
  cudaDeviceProp prop;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess || n == 0) {
    fprintf(stderr, "ct_gpu: no CUDA device (%s); the GPU half cannot run here (use --host-only)\n",
            err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
    exit(4);
  }
  if (o->device >= n) ct_die("--device %d: only %d devices", o->device, n);
  CT_CUDA(cudaSetDevice(o->device));
  CT_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, o->stack));
  CT_CUDA(cudaDeviceGetLimit(&got, cudaLimitStackSize)); /* what the driver granted */
  CT_CUDA(cudaGetDeviceProperties(&prop, o->device));
  /* The kernels use no shared memory; all of it as L1, where the per-thread
   * stacks (the reference's fixed-size tuples) are cached. */
  CT_CUDA(cudaFuncSetAttribute(ct_k_run, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  CT_CUDA(cudaFuncSetAttribute(ct_k_run_sorted<false>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  CT_CUDA(cudaFuncSetAttribute(ct_k_run_sorted<true>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  CT_CUDA(cudaFuncSetAttribute(ct_k_cost, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  printf("GPU %d: %s, %d SMs, compute capability %d.%d, stack %zu bytes per thread\n", o->device, prop.name,
         prop.multiProcessorCount, prop.major, prop.minor, got);
}

typedef struct {
  ct_dev_acc *acc;
  unsigned long long *nfail;
  long long *fails;
  int fail_cap;
  long long acc_cap;
  /* --balance: keys and case indices, unsorted and sorted, and cub's scratch */
  unsigned long long *keys, *keys_sorted; /* the case's sort window above its 32-bit key */
  long long *ks, *ks_sorted;
  void *sort_tmp;
  size_t sort_tmp_bytes;
  ct_slot *slots; /* --draw-once: the cases ct_k_cost drew, one per case of a launch */
} ct_gpu_bufs;

static void ct_gpu_bufs_init(const ct_opts *o, ct_gpu_bufs *b) {
  b->acc_cap = o->batch / o->chunk + 1;
  b->fail_cap = 4096;
  CT_CUDA(cudaMalloc(&b->acc, sizeof(ct_dev_acc) * b->acc_cap));
  CT_CUDA(cudaMalloc(&b->nfail, sizeof(unsigned long long)));
  CT_CUDA(cudaMalloc(&b->fails, sizeof(long long) * b->fail_cap));
  b->keys = b->keys_sorted = 0;
  b->ks = b->ks_sorted = 0;
  b->sort_tmp = 0;
  b->sort_tmp_bytes = 0;
  if (o->balance) {
    CT_CUDA(cudaMalloc(&b->keys, sizeof(unsigned long long) * o->batch));
    CT_CUDA(cudaMalloc(&b->keys_sorted, sizeof(unsigned long long) * o->batch));
    CT_CUDA(cudaMalloc(&b->ks, sizeof(long long) * o->batch));
    CT_CUDA(cudaMalloc(&b->ks_sorted, sizeof(long long) * o->batch));
    CT_CUDA(cub::DeviceRadixSort::SortPairs(0, b->sort_tmp_bytes, b->keys, b->keys_sorted, b->ks, b->ks_sorted,
                                            (int)o->batch));
    CT_CUDA(cudaMalloc(&b->sort_tmp, b->sort_tmp_bytes));
  }
  b->slots = 0;
  if (o->balance && o->draw_once && cudaMalloc(&b->slots, sizeof(ct_slot) * o->batch) != cudaSuccess) {
    (void)cudaGetLastError(); /* not fatal: the run draws each case again */
    b->slots = 0;
    printf("--draw-once: no room for %lld cases of %zu bytes on the GPU; each case is drawn twice\n", o->batch,
           sizeof(ct_slot));
  }
}

/* GPU seconds of the launches since the last reset, and of them the ones
 * spent drawing the sort keys (ct_k_cost) and sorting: the bench's order
 * share, what ordering costs a property before its run. */
static double ct_phase_total, ct_phase_order;

/* One launch over [start, start+n) (start a chunk boundary, n <= --batch)
 * in the given order (0: case order; CT_KEY_SIZE / CT_KEY_SHAPE: each chunk
 * sorted by that key); appends the chunk sums and failing indices. Returns
 * the GPU time, the sort included. */
static double ct_gpu_batch(const ct_opts *o, ct_gpu_bufs *b, const ct_dev_job *j, long long start, long long n,
                           int order, std::vector<ct_dev_acc> *accs, std::vector<long long> *fails,
                           unsigned long long *nfail_total) {
  long long nch = (n + o->chunk - 1) / o->chunk, threads = (n + o->per_thread - 1) / o->per_thread;
  unsigned long long nf = 0;
  float ms = 0, ms_order = 0;
  cudaEvent_t e0, e1, es;
  ct_dev_job g = *j; /* the GPU's half: the plan where there is one (--plans) */
  g.plan = o->plans;
  j = &g;
  std::vector<ct_dev_acc> h((size_t)nch);
  CT_CUDA(cudaEventCreate(&e0));
  CT_CUDA(cudaEventCreate(&e1));
  CT_CUDA(cudaEventCreate(&es));
  CT_CUDA(cudaMemset(b->acc, 0, sizeof(ct_dev_acc) * nch));
  CT_CUDA(cudaMemset(b->nfail, 0, sizeof(unsigned long long)));
  CT_CUDA(cudaEventRecord(e0));
  if (order) { /* sort keys, a sort within each window, then the run in that order */
    int end_bit = 32;
    size_t tmp = b->sort_tmp_bytes;
    long long window = o->sort_window > 0 && o->sort_window < n ? o->sort_window : n, nwin = (n + window - 1) / window;
    while ((1ll << (end_bit - 32)) < nwin) ++end_bit;
    ct_k_cost<<<(unsigned)((n + 255) / 256), 256>>>(*j, order, start, n, window, b->keys, b->ks, b->slots);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cub::DeviceRadixSort::SortPairs(b->sort_tmp, tmp, b->keys, b->keys_sorted, b->ks, b->ks_sorted, (int)n, 0,
                                            end_bit));
    CT_CUDA(cudaEventRecord(es));
    if (b->slots)
      ct_k_run_sorted<true><<<(unsigned)((threads + o->threads - 1) / o->threads), o->threads>>>(
          *j, b->ks_sorted, start, n, o->per_thread, o->chunk, b->acc, b->nfail, b->fails, b->fail_cap, b->slots);
    else
      ct_k_run_sorted<false><<<(unsigned)((threads + o->threads - 1) / o->threads), o->threads>>>(
          *j, b->ks_sorted, start, n, o->per_thread, o->chunk, b->acc, b->nfail, b->fails, b->fail_cap, 0);
  } else {
    ct_k_run<<<(unsigned)((threads + o->threads - 1) / o->threads), o->threads>>>(
        *j, start, n, o->per_thread, o->chunk, b->acc, b->nfail, b->fails, b->fail_cap);
  }
  CT_CUDA(cudaGetLastError());
  CT_CUDA(cudaEventRecord(e1));
  CT_CUDA(cudaEventSynchronize(e1));
  CT_CUDA(cudaEventElapsedTime(&ms, e0, e1));
  if (order) CT_CUDA(cudaEventElapsedTime(&ms_order, e0, es));
  ct_phase_total += ms / 1000.0;
  ct_phase_order += ms_order / 1000.0;
  CT_CUDA(cudaMemcpy(h.data(), b->acc, sizeof(ct_dev_acc) * nch, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(&nf, b->nfail, sizeof nf, cudaMemcpyDeviceToHost));
  if (accs) accs->insert(accs->end(), h.begin(), h.end());
  if (nf > 0 && fails) {
    std::vector<long long> f((size_t)(nf < (unsigned long long)b->fail_cap ? nf : (unsigned long long)b->fail_cap));
    CT_CUDA(cudaMemcpy(f.data(), b->fails, sizeof(long long) * f.size(), cudaMemcpyDeviceToHost));
    fails->insert(fails->end(), f.begin(), f.end());
  }
  if (nfail_total) *nfail_total += nf;
  CT_CUDA(cudaEventDestroy(e0));
  CT_CUDA(cudaEventDestroy(e1));
  CT_CUDA(cudaEventDestroy(es));
  return ms / 1000.0;
}

/* --balance auto: the order each job runs in, decided once per property and
 * case source by timing a probe of its first cases in each candidate order
 * (sorting costs a second generation of every case; it pays where cases
 * diverge). */
static std::map<long long, int> ct_auto_order;

static const char *ct_order_name(int order) {
  switch (order) {
  case 0: return "off";
  case CT_KEY_SIZE: return "size";
  case CT_KEY_SHAPE: return "shape";
  case CT_KEY_SIZES: return "sizes";
  case CT_KEY_SIZES_LAST: return "sizes-last";
  default: return "-";
  }
}

static int ct_job_order(const ct_opts *o, const ct_dev_job *j) {
  std::map<long long, int>::const_iterator it;
  if (o->balance != CT_BAL_AUTO) return o->balance;
  it = ct_auto_order.find((long long)j->prop * 2 + j->source);
  return it == ct_auto_order.end() ? -1 : it->second;
}

/* --balance auto's candidates, timed in this order on a probe each. */
static const int ct_probe_orders[] = {0, CT_KEY_SHAPE, CT_KEY_SIZES, CT_KEY_SIZES_LAST};
enum { CT_PROBES = sizeof ct_probe_orders / sizeof ct_probe_orders[0], CT_PROBE_CHUNKS = 6 };

/* Runs [start, start+count) of a job on the GPU (start a chunk boundary);
 * appends its chunk sums and failing indices. Returns the GPU time. */
static double ct_gpu_range(const ct_opts *o, ct_gpu_bufs *b, const ct_dev_job *j, long long start, long long count,
                           std::vector<ct_dev_acc> *accs, std::vector<long long> *fails, unsigned long long *nfail_total) {
  double secs = 0;
  /* 4 probes of 6 chunks, which the bench's warm-up runs. Probes of 4
   * chunks chose case order over shape for LAYOUT-5 (2 of 8 did not); it
   * now takes sizes, 2.7 times faster than shape on an H200 */
  long long done = 0, probe = CT_PROBE_CHUNKS * o->chunk;
  int order = ct_job_order(o, j);
  if (order < 0 && ct_dev_planned(o->plans, j)) {
    /* auto with a plan: its own key (ct_plan_key), not probed. The probe of
     * 2 x 4 chunks chose case order for COMP-2's plan, which runs 1.5 to 1.8
     * times faster sorted (H100, 2^21 and 2^24 cases: docs/data/gpu-tuning.md) */
    order = CT_KEY_SHAPE;
    ct_auto_order[(long long)j->prop * 2 + j->source] = order;
  }
  if (order < 0 && count >= CT_PROBES * probe) { /* auto, undecided: time each order on real cases */
    double best = 0;
    int q;
    for (q = 0; q < CT_PROBES; ++q) {
      double t = ct_gpu_batch(o, b, j, start + done, probe, ct_probe_orders[q], accs, fails, nfail_total);
      /* the sizes keys win a probe by 5% or not at all: a sort of 6 chunks
       * finds fewer cases of one tree shape than a launch's, so shape gains
       * more from a launch than they do (RINV-1 and RINV-2 took sizes in a
       * probe, then ran 9% and 12% slower than shape at 2^20 cases; H200) */
      double judged = ct_probe_orders[q] >= CT_KEY_SIZES ? 1.05 * t : t;
      if (q == 0 || judged < best) best = judged, order = ct_probe_orders[q];
      secs += t;
      done += probe;
    }
    ct_auto_order[(long long)j->prop * 2 + j->source] = order;
  }
  if (order < 0) order = CT_KEY_SHAPE; /* too few cases to probe */
  while (done < count) {
    long long n = count - done < o->batch ? count - done : o->batch;
    secs += ct_gpu_batch(o, b, j, start + done, n, order, accs, fails, nfail_total);
    done += n;
  }
  return secs;
}

static void ct_gpu_one(const ct_dev_job *j, long long k, ct_case *c) {
  ct_case *d;
  CT_CUDA(cudaMalloc(&d, sizeof *d));
  ct_k_one<<<1, 1>>>(*j, k, d);
  CT_CUDA(cudaGetLastError());
  CT_CUDA(cudaMemcpy(c, d, sizeof *c, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaFree(d));
}

static void ct_gpu_check(int prop, const ct_case *c, ct_outcome *out) {
  ct_case *dc;
  ct_outcome *dout;
  CT_CUDA(cudaMalloc(&dc, sizeof *dc));
  CT_CUDA(cudaMalloc(&dout, sizeof *dout));
  CT_CUDA(cudaMemcpy(dc, c, sizeof *c, cudaMemcpyHostToDevice));
  ct_k_check<<<1, 1>>>(prop, dc, dout);
  CT_CUDA(cudaGetLastError());
  CT_CUDA(cudaMemcpy(out, dout, sizeof *out, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaFree(dc));
  CT_CUDA(cudaFree(dout));
}

/* ---- reports ------------------------------------------------------------------------------ */

static const char *ct_verdict_name(int v) { return v == CT_PASS ? "pass" : v == CT_FAILED ? "FAIL" : "skipped"; }

static int ct_same_case(const ct_case *a, const ct_case *b) {
  int j;
  if (a->n != b->n || a->k[0] != b->k[0] || a->k[1] != b->k[1] || a->admissible != b->admissible) return 0;
  for (j = 0; j < a->n; ++j)
    if (!ct_l_equal(&a->v[j], &b->v[j], 1) || a->v[j].shape.nd[0].mark != b->v[j].shape.nd[0].mark) return 0;
  return 1;
}

static void ct_where(const ct_opts *o, const ct_dev_job *j, long long k, char *buf, size_t cap) {
  if (j->source == CT_SRC_RANDOM)
    snprintf(buf, cap, "seed=0x%llx index=%lld (replay: cuteref check --replay %s:0x%llx:%lld)",
             (unsigned long long)j->seed, k, ct_props[j->prop].id, (unsigned long long)j->seed, k);
  else
    snprintf(buf, cap, "enumerated case %lld (--bounds %d,%d,%d,%d --pair-bounds %d,%d,%d,%d)", k, o->b1.rank,
             o->b1.shape, o->b1.lo, o->b1.hi, o->b2.rank, o->b2.shape, o->b2.lo, o->b2.hi);
}

/* A property failure (both sides agree that the case fails): as cuteref check reports it. */
static void ct_report_failure(const ct_opts *o, const ct_dev_job *j, long long k) {
  ct_case c, s;
  ct_outcome r, so;
  char buf[4096], where[512];
  int steps;
  ct_dev_run(j, k, &c, &r);
  ct_case_print(j->prop, &c, buf, sizeof buf);
  ct_where(o, j, k, where, sizeof where);
  printf("FAIL %s %s\n  case:   %s\n  host:   %s: %s\n", ct_props[j->prop].id, where, buf, ct_verdict_name(r.verdict),
         r.why);
  if (r.verdict != CT_FAILED) return;
  s = c;
  so = r;
  steps = ct_shrink(j->prop, &s, &so);
  ct_case_print(j->prop, &s, buf, sizeof buf);
  if (steps > 0) printf("  shrunk: %s   (%d steps)\n  why:    %s\n", buf, steps, so.why);
  else printf("  shrunk: (no smaller failing case)\n");
}

static int ct_disagree(int prop, const ct_case *c, ct_outcome *h, ct_outcome *g) {
  ct_prop_check(prop, c, h);
  ct_gpu_check(prop, c, g);
  return h->verdict != g->verdict || h->digest != g->digest;
}

/* Shrinks a case on which the two halves disagree (each candidate answered
 * by both): smaller shapes and strides, dropped static marks. */
static int ct_shrink_disagreement(int prop, ct_case *c) {
  int steps = 0, progress = 1, budget = 400;
  ct_outcome h, g;
  while (progress && budget > 0) {
    int j, x;
    progress = 0;
    for (j = 0; j < c->n && !progress; ++j)
      for (x = 0; x < c->v[j].shape.n && !progress && budget > 0; ++x) {
        ct_node *sn = &c->v[j].shape.nd[x], *dn = &c->v[j].stride.nd[x];
        int64_t cand[8];
        int m, nc = 0, which;
        if (sn->kind != CT_INT) continue;
        for (which = 0; which < 2 && !progress; ++which) {
          ct_node *nd = which ? dn : sn;
          int64_t v = nd->v;
          nc = 0;
          if (which == 0) {
            if (v > 1) cand[nc++] = 1;
            if (v / 2 > 1) cand[nc++] = v / 2;
            if (v - 1 > 1) cand[nc++] = v - 1;
          } else {
            if (v != 0) cand[nc++] = 0;
            if (v < 0) cand[nc++] = -v;
            if (v / 2 != 0 && v / 2 != v) cand[nc++] = v / 2;
            if (v > 1) cand[nc++] = v - 1;
          }
          for (m = 0; m < nc && !progress && budget > 0; ++m, --budget) {
            ct_case t = *c;
            (which ? t.v[j].stride.nd[x] : t.v[j].shape.nd[x]).v = cand[m];
            if (ct_disagree(prop, &t, &h, &g)) {
              *c = t;
              ++steps;
              progress = 1;
            }
          }
        }
      }
  }
  return steps;
}

static void ct_report_mismatch(const ct_opts *o, const ct_dev_job *j, long long k, int gv, unsigned long long gd) {
  ct_case c, gc, s;
  ct_outcome r, h2, g2;
  char buf[4096], where[512];
  int steps;
  ct_dev_run(j, k, &c, &r);
  ct_gpu_one(j, k, &gc);
  ct_case_print(j->prop, &c, buf, sizeof buf);
  ct_where(o, j, k, where, sizeof where);
  printf("MISMATCH %s %s\n  case:   %s\n", ct_props[j->prop].id, where, buf);
  if (!ct_same_case(&c, &gc)) {
    ct_case_print(j->prop, &gc, buf, sizeof buf);
    printf("  GPU generated another input: %s\n", buf);
  }
  printf("  host:   %s, digest %016llx%s%s\n", ct_verdict_name(r.verdict), (unsigned long long)r.digest,
         r.verdict == CT_FAILED ? ": " : "", r.verdict == CT_FAILED ? r.why : "");
  printf("  GPU:    %s, digest %016llx\n", ct_verdict_name(gv), gd);
  s = c;
  s.admissible = c.admissible;
  if (!ct_disagree(j->prop, &s, &h2, &g2)) {
    printf("  shrunk: (the GPU agrees when given the host's input: the inputs differ)\n");
    return;
  }
  steps = ct_shrink_disagreement(j->prop, &s);
  ct_disagree(j->prop, &s, &h2, &g2);
  ct_case_print(j->prop, &s, buf, sizeof buf);
  printf("  shrunk: %s   (%d steps): host %s %016llx, GPU %s %016llx\n", buf, steps, ct_verdict_name(h2.verdict),
         (unsigned long long)h2.digest, ct_verdict_name(g2.verdict), (unsigned long long)g2.digest);
}

/* Case-by-case comparison of one chunk that disagrees; returns mismatches. */
static long long ct_drill(const ct_opts *o, const ct_pjob *pj, long long ci, int *reported) {
  long long k0 = ci * o->chunk, n = o->chunk, i, bad = 0;
  unsigned long long *dd;
  int *dv;
  if (k0 + n > pj->count) n = pj->count - k0;
  std::vector<unsigned long long> gd((size_t)n);
  std::vector<int> gv((size_t)n);
  CT_CUDA(cudaMalloc(&dd, sizeof(unsigned long long) * n));
  CT_CUDA(cudaMalloc(&dv, sizeof(int) * n));
  {
    ct_dev_job g = pj->job; /* the GPU's answers as its run gave them: by the plan where there is one */
    g.plan = o->plans;
    ct_k_cases<<<(unsigned)((n + 127) / 128), 128>>>(g, k0, n, dd, dv);
  }
  CT_CUDA(cudaGetLastError());
  CT_CUDA(cudaMemcpy(gd.data(), dd, sizeof(unsigned long long) * n, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(gv.data(), dv, sizeof(int) * n, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaFree(dd));
  CT_CUDA(cudaFree(dv));
  for (i = 0; i < n; ++i) {
    ct_case c;
    ct_outcome r;
    ct_dev_run(&pj->job, k0 + i, &c, &r);
    if ((int)r.verdict == gv[(size_t)i] && r.digest == gd[(size_t)i]) continue;
    ++bad;
    if ((*reported)++ < o->report) ct_report_mismatch(o, &pj->job, k0 + i, gv[(size_t)i], gd[(size_t)i]);
  }
  return bad;
}

/* ---- agree ----------------------------------------------------------------------------------- */

/* The property rows' sums. */
typedef struct {
  long long cases, adm, gpu_fail, host, host_fail, mm_chunks, mm_cases;
} ct_agree_sums;

/* The selected properties as jobs, and the host's sample of their chunks
 * as tasks (task t: chunk task_chunk[t] of job task_job[t]). */
static void ct_agree_plan(const ct_opts *o, std::vector<ct_pjob> &jobs, std::vector<long long> &task_job,
                          std::vector<long long> &task_chunk) {
  int p;
  for (p = 0; p < ct_num_props; ++p) {
    ct_pjob pj;
    if (!ct_selected(o, p)) continue;
    memset(&pj, 0, sizeof pj);
    pj.job = ct_make_job(o, p);
    pj.count = ct_job_count(o, &pj.job);
    if (pj.count == 0) continue;
    pj.nchunks = (pj.count + o->chunk - 1) / o->chunk;
    pj.first_task = (long long)task_job.size();
    if (o->host_every > 0) {
      long long ci;
      for (ci = 0; ci < pj.nchunks; ci += o->host_every) {
        task_job.push_back((long long)jobs.size());
        task_chunk.push_back(ci);
      }
    }
    jobs.push_back(pj);
  }
  if (jobs.empty()) ct_die("no property selected");
}

static void ct_agree_header(const ct_opts *o, size_t njobs, long long ntasks) {
  if (o->exhaustive)
    printf("enumerated cases: single layouts rank<=%d, shapes 1..%d, strides %d..%d (%lld layouts); pairs of "
           "rank<=%d, shapes 1..%d, strides %d..%d (%lld layouts each)\n",
           o->b1.rank, o->b1.shape, o->b1.lo, o->b1.hi, (long long)ct_bounds_count(&o->b1), o->b2.rank, o->b2.shape,
           o->b2.lo, o->b2.hi, (long long)ct_bounds_count(&o->b2));
  else
    printf("random cases: seed 0x%llx, %s%lld cases per property, generator defaults\n", (unsigned long long)o->seed,
           o->plan ? "counts from --plan, else " : "", o->cases);
  ct_print_excluded(o);
  char order[128]; /* what --balance and --sort-window do to the order the GPU runs the cases in */
  if (!o->balance) snprintf(order, sizeof order, "run in case order");
  else if (o->sort_window > 0) snprintf(order, sizeof order, "sorted %lld at a time", o->sort_window);
  else snprintf(order, sizeof order, "sorted a launch at a time (up to %lld cases)", o->batch);
  printf("configuration: CT_MAX_NODES=%d CT_BRUTE_MAX=%d CT_TCOPY_COVER_MAX=%d; %zu properties; chunks of %lld cases, %s%s; host "
         "recomputes %s (%lld chunks, %d processes)\n",
         CT_MAX_NODES, CT_BRUTE_MAX, CT_TCOPY_COVER_MAX, njobs, o->chunk, order, o->balance == CT_BAL_AUTO ? " by the key --balance auto finds fastest, or not" : "",
         o->host_every == 0 ? "nothing" : o->host_every == 1 ? "every chunk" : "a sample of the chunks", ntasks,
         o->procs);
  fflush(stdout);
}

/* Every job on the GPU, whole; returns the kernels' seconds. */
static double ct_agree_gpu(const ct_opts *o, std::vector<ct_pjob> &jobs) {
  ct_gpu_bufs b;
  size_t i;
  double secs = 0;
  ct_gpu_init(o);
  ct_gpu_bufs_init(o, &b);
  for (i = 0; i < jobs.size(); ++i) {
    jobs[i].gpu = new std::vector<ct_dev_acc>();
    jobs[i].gpu_fails = new std::vector<long long>();
    jobs[i].gpu_seconds =
        ct_gpu_range(o, &b, &jobs[i].job, 0, jobs[i].count, jobs[i].gpu, jobs[i].gpu_fails, &jobs[i].gpu_nfail);
    secs += jobs[i].gpu_seconds;
    /* progress on stderr: a long run shows where it is */
    fprintf(stderr, "[gpu %zu/%zu] %s: %lld cases in %.2f s (%.3g/s, order %s), %llu failures\n", i + 1, jobs.size(),
            ct_props[jobs[i].job.prop].id, jobs[i].count, jobs[i].gpu_seconds,
            jobs[i].gpu_seconds > 0 ? (double)jobs[i].count / jobs[i].gpu_seconds : 0.0,
            ct_order_name(ct_job_order(o, &jobs[i].job)), jobs[i].gpu_nfail);
  }
  return secs;
}

/* Job pj's row: its host chunks [t0, t1) against the GPU's (the first
 * differing chunks compared case by case), its failures reported; the sums
 * are added to *S. Returns whether the property failed or disagrees. */
static int ct_agree_row(const ct_opts *o, ct_pjob *pj, const ct_task *tasks, const std::vector<long long> &task_chunk,
                        long long t0, long long t1, FILE *dump, FILE *tsv, ct_agree_sums *S) {
  long long t, host_cases = 0, host_fail = 0, adm = 0, fails = 0, mm_chunks = 0, mm_cases = 0;
  int reported = 0, freported = 0;
  std::vector<long long> host_fails;
  for (t = t0; t < t1; ++t) {
    const ct_task *tk = &tasks[t];
    long long ci = task_chunk[(size_t)t];
    if (!tk->done) continue;
    host_cases += (long long)tk->acc.cases;
    host_fail += (long long)tk->acc.failures;
    if (tk->first_fail >= 0) host_fails.push_back(tk->first_fail);
    if (dump)
      fprintf(dump, "%s %lld %016llx %llu %llu %llu\n", ct_props[pj->job.prop].id, ci, (unsigned long long)tk->acc.hash,
              (unsigned long long)tk->acc.cases, (unsigned long long)tk->acc.admissible,
              (unsigned long long)tk->acc.failures);
    if (pj->gpu) {
      const ct_dev_acc *g = &(*pj->gpu)[(size_t)ci];
      if (g->hash != tk->acc.hash || g->cases != tk->acc.cases || g->admissible != tk->acc.admissible ||
          g->failures != tk->acc.failures) {
        ++mm_chunks; /* the first few differing chunks are compared case by case */
        if (mm_chunks <= 2 || reported < o->report) mm_cases += ct_drill(o, pj, ci, &reported);
      }
    }
  }
  if (pj->gpu) {
    size_t c;
    for (c = 0; c < pj->gpu->size(); ++c) {
      adm += (long long)(*pj->gpu)[c].admissible;
      fails += (long long)(*pj->gpu)[c].failures;
    }
    std::sort(pj->gpu_fails->begin(), pj->gpu_fails->end());
    for (c = 0; c < pj->gpu_fails->size() && freported < o->report; ++c, ++freported)
      ct_report_failure(o, &pj->job, (*pj->gpu_fails)[c]);
  } else {
    for (t = t0; t < t1; ++t) adm += (long long)tasks[t].acc.admissible;
    fails = host_fail;
    for (t = 0; t < (long long)host_fails.size() && freported < o->report; ++t, ++freported)
      ct_report_failure(o, &pj->job, host_fails[(size_t)t]);
  }
  S->cases += pj->count;
  S->adm += adm;
  S->gpu_fail += fails;
  S->host += host_cases;
  S->host_fail += host_fail;
  S->mm_chunks += mm_chunks;
  S->mm_cases += mm_cases;
  if (tsv)
    fprintf(tsv, "%s\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%.4g\n", ct_props[pj->job.prop].id, pj->count, adm, fails,
            host_cases, host_fail, mm_chunks, pj->gpu && pj->gpu_seconds > 0 ? (double)pj->count / pj->gpu_seconds : 0.0);
  if (pj->gpu)
    printf("%-36s %12lld %12lld %8lld %12lld %8lld %8lld %10.3g\n", ct_props[pj->job.prop].id, pj->count, adm, fails,
           host_cases, host_fail, mm_chunks, pj->gpu_seconds > 0 ? (double)pj->count / pj->gpu_seconds : 0.0);
  else
    printf("%-36s %12lld %12lld %8lld %12lld %8lld %8s %10s\n", ct_props[pj->job.prop].id, pj->count, adm, fails,
           host_cases, host_fail, "-", "-");
  return fails || host_fail || mm_cases || mm_chunks;
}

static void ct_agree_summary(const ct_opts *o, const ct_agree_sums *S, double t_all, double gpu_secs, int bad_workers) {
  printf("%-36s %12lld %12lld %8lld %12lld %8lld %8lld\n", "total", S->cases, S->adm, S->gpu_fail, S->host,
         S->host_fail, S->mm_chunks);
  printf("(differ: chunks whose sums differ between the GPU and the host; failures: property failures on the GPU)\n");
  printf("time: %.1f s in all, %.1f s of GPU kernels (%.3g cases/s)\n", ct_now() - t_all, gpu_secs,
         gpu_secs > 0 ? (double)S->cases / gpu_secs : 0.0);
  if (o->host_only) {
    printf("host half: %lld cases answered by the host twin, %lld failures: %s\n", S->host, S->host_fail,
           S->host_fail || bad_workers ? "FAILED" : "ok");
  } else {
    printf("agreement: %s: %lld cases on the GPU, %lld of them recomputed on the host, %lld chunks differ (%lld "
           "differing cases found in those compared case by case); property failures: %lld on the GPU, %lld on the "
           "host\n",
           S->mm_chunks || S->mm_cases || bad_workers ? "MISMATCH" : "OK", S->cases, S->host, S->mm_chunks,
           S->mm_cases, S->gpu_fail, S->host_fail);
  }
}

static int ct_cmd_agree(const ct_opts *o) {
  std::vector<ct_pjob> jobs;
  std::vector<long long> task_job, task_chunk;
  std::vector<pid_t> pids;
  ct_task *tasks = 0;
  size_t tasks_bytes = 0, i;
  long long ntasks;
  int failed_props = 0, bad_workers;
  double t_all = ct_now(), gpu_secs = 0;
  ct_agree_sums S;
  FILE *dump = 0, *tsv = ct_open_tsv(o, "property\tcases\tadmissible\tfailures\thost_checked\thost_failures\tdiffering_chunks\tgpu_rate");
  memset(&S, 0, sizeof S);
  ct_agree_plan(o, jobs, task_job, task_chunk);
  ntasks = (long long)task_job.size();
  ct_agree_header(o, jobs.size(), ntasks);
  if (ntasks > 0) {
    tasks_bytes = sizeof(ct_task) * (size_t)ntasks;
    tasks = (ct_task *)mmap(0, tasks_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (tasks == MAP_FAILED) ct_die("mmap: %s", strerror(errno));
    memset(tasks, 0, tasks_bytes);
    pids = ct_fork_workers(o, jobs, task_job, task_chunk, tasks);
  }
  if (!o->host_only) gpu_secs = ct_agree_gpu(o, jobs);
  bad_workers = ct_wait_workers(pids);
  if (bad_workers) printf("ERROR: %d host worker processes died\n", bad_workers);
  if (o->dump) {
    dump = fopen(o->dump, "w");
    if (!dump) ct_die("cannot write %s", o->dump);
  }
  printf("%-36s %12s %12s %8s %12s %8s %8s %10s\n", "property", "cases", "admissible", "failures", "host-checked",
         "host-fail", "differ", "GPU-case/s");
  for (i = 0; i < jobs.size(); ++i)
    failed_props += ct_agree_row(o, &jobs[i], tasks, task_chunk, jobs[i].first_task,
                                 i + 1 < jobs.size() ? jobs[i + 1].first_task : ntasks, dump, tsv, &S);
  if (dump) fclose(dump);
  if (tsv) fclose(tsv);
  ct_agree_summary(o, &S, t_all, gpu_secs, bad_workers);
  if (tasks) munmap(tasks, tasks_bytes);
  return failed_props || bad_workers ? 1 : 0;
}

/* ---- bench --------------------------------------------------------------------------------- */

static int ct_cmd_bench(const ct_opts *o) {
  ct_gpu_bufs b;
  int p, np = 0;
  double sum_inv_host = 0, sum_inv_gpu = 0, sum_order = 0;
  FILE *tsv = ct_open_tsv(o, "property\thost_cases\thost_rate\tgpu_cases\tgpu_rate\tratio\tgpu_order\torder_share");
  ct_gpu_init(o);
  ct_print_excluded(o);
  ct_gpu_bufs_init(o, &b);
  printf("%-36s %10s %12s %12s %12s %9s %6s\n", "property", "host-cases", "host-case/s", "GPU-cases", "GPU-case/s",
         "GPU/host", "order");
  for (p = 0; p < ct_num_props; ++p) {
    ct_dev_job j;
    ct_dev_acc a;
    long long nh = 16, ng = o->gpu_cases, count;
    double th = 0, tg, rh, rg;
    if (!ct_selected(o, p)) continue;
    j = ct_make_job(o, p);
    j.plan = o->plans; /* one core runs what the GPU runs: the plan where there is one */
    count = ct_job_count(o, &j);
    if (o->exhaustive && count == 0) continue;
    for (;;) { /* one core: cases 0..nh-1 of the same stream, long enough to time */
      double t0 = ct_now();
      if (o->exhaustive && nh > count) nh = count;
      memset(&a, 0, sizeof a);
      ct_dev_accumulate(&j, 0, nh, &a);
      th = ct_now() - t0;
      if (th >= o->host_seconds || (o->exhaustive && nh == count) || nh >= (1ll << 40)) break;
      nh *= th > 0 ? (long long)(o->host_seconds / th * 1.2) + 2 : 16;
    }
    if (o->exhaustive && ng > count) ng = count;
    ng -= ng % o->chunk;
    if (ng < o->chunk) ng = o->exhaustive && count < o->chunk ? count : o->chunk;
    { /* warm-up; it also bounds the GPU's cases by --gpu-seconds */
      long long nw = ng < 16 * o->chunk ? ng : 16 * o->chunk, nrun = nw;
      double tw;
      if (o->balance == CT_BAL_AUTO && nrun < CT_PROBES * CT_PROBE_CHUNKS * o->chunk) /* room for auto's probes */
        nrun = CT_PROBES * CT_PROBE_CHUNKS * o->chunk;
      if (o->exhaustive && nrun > count) nrun = count;
      tw = ct_gpu_range(o, &b, &j, 0, nrun, 0, 0, 0) * (double)nw / (double)nrun;
      if (o->gpu_seconds > 0 && tw > 0 && (double)ng / ((double)nw / tw) > o->gpu_seconds) {
        long long cap = (long long)((double)nw / tw * o->gpu_seconds);
        cap -= cap % o->chunk;
        ng = cap > nw ? cap : nw;
      }
    }
    ct_phase_total = ct_phase_order = 0;
    tg = ct_gpu_range(o, &b, &j, 0, ng, 0, 0, 0);
    rh = (double)nh / th;
    rg = (double)ng / tg;
    sum_inv_host += 1.0 / rh;
    sum_inv_gpu += 1.0 / rg;
    sum_order += ct_phase_total > 0 ? ct_phase_order / ct_phase_total / rg : 0; /* per case, as the mix weighs it */
    ++np;
    printf("%-36s %10lld %12.4g %12lld %12.4g %9.1f %6s\n", ct_props[p].id, nh, rh, ng, rg, rg / rh,
           ct_order_name(ct_job_order(o, &j)));
    if (tsv)
      fprintf(tsv, "%s\t%lld\t%.4g\t%lld\t%.4g\t%.1f\t%s\t%.3f\n", ct_props[p].id, nh, rh, ng, rg, rg / rh,
              ct_order_name(ct_job_order(o, &j)), ct_phase_total > 0 ? ct_phase_order / ct_phase_total : 0.0);
    fflush(stdout);
  }
  if (np > 0) { /* the mix: the same number of cases of every property */
    double mh = np / sum_inv_host, mg = np / sum_inv_gpu;
    printf("%-36s %10s %12.4g %12s %12.4g %9.1f\n", "property mix (equal cases each)", "", mh, "", mg, mg / mh);
    printf("mix: one CPU core %.4g cases/s, GPU %.4g cases/s, ratio %.1f (target >= 300)\n", mh, mg, mg / mh);
    printf("mix: %.1f%% of the GPU's time draws the sort keys and sorts (the rest runs the cases)\n",
           100.0 * sum_order / sum_inv_gpu);
    if (tsv) fprintf(tsv, "property mix\t\t%.4g\t\t%.4g\t%.1f\n", mh, mg, mg / mh);
  }
  if (tsv) fclose(tsv);
  return 0;
}

/* replay ID:SEED:INDEX: the host's case and answer, then the GPU's (a crash
 * of the GPU half shows here with the input that caused it). */
static int ct_cmd_replay(const ct_opts *o, const char *spec) {
  char id[256], buf[4096];
  unsigned long long seed;
  long long k;
  int p, found = -1;
  ct_dev_job j;
  ct_case hc, gc;
  ct_outcome hr, gr;
  const char *c1 = strrchr(spec, ':'), *c0;
  if (!c1 || c1 == spec) ct_die("replay: expected ID:SEED:INDEX, got '%s'", spec);
  for (c0 = c1 - 1; c0 > spec && *c0 != ':'; --c0) {
  }
  if (*c0 != ':' || (size_t)(c0 - spec) >= sizeof id) ct_die("replay: expected ID:SEED:INDEX, got '%s'", spec);
  memcpy(id, spec, (size_t)(c0 - spec));
  id[c0 - spec] = 0;
  seed = strtoull(c0 + 1, 0, 0);
  k = strtoll(c1 + 1, 0, 0);
  for (p = 0; p < ct_num_props; ++p)
    if (strcmp(ct_props[p].id, id) == 0) found = p;
  if (found < 0) ct_die("replay: no property '%s' (ct_gpu list)", id);
  {
    ct_opts q = *o;
    q.seed = seed;
    j = ct_make_job(&q, found);
  }
  ct_dev_run(&j, k, &hc, &hr);
  ct_case_print(found, &hc, buf, sizeof buf);
  printf("case:  %s\nhost:  %s, digest %016llx%s%s\n", buf, ct_verdict_name(hr.verdict), (unsigned long long)hr.digest,
         hr.verdict == CT_FAILED ? ": " : "", hr.verdict == CT_FAILED ? hr.why : "");
  fflush(stdout);
  ct_gpu_init(o);
  ct_gpu_one(&j, k, &gc);
  if (!ct_same_case(&hc, &gc)) {
    ct_case_print(found, &gc, buf, sizeof buf);
    printf("GPU generated another input: %s\n", buf);
  }
  ct_gpu_check(found, &hc, &gr);
  printf("GPU:   %s, digest %016llx\n", ct_verdict_name(gr.verdict), (unsigned long long)gr.digest);
  return gr.verdict == hr.verdict && gr.digest == hr.digest ? 0 : 1;
}

int main(int argc, char **argv) {
  ct_opts o;
  setvbuf(stdout, 0, _IOLBF, 0);
  if (argc >= 3 && strcmp(argv[1], "replay") == 0) {
    const char *spec = argv[2];
    argv[2] = argv[1]; /* parse the options after the spec */
    ct_parse(argc - 1, argv + 1, &o);
    return ct_cmd_replay(&o, spec);
  }
  ct_parse(argc, argv, &o);
  if (strcmp(o.cmd, "list") == 0) {
    int p;
    for (p = 0; p < ct_num_props; ++p) printf("%-36s %s\n", ct_props[p].id, ct_props[p].op);
    return 0;
  }
  if (strcmp(o.cmd, "agree") == 0) return ct_cmd_agree(&o);
  if (strcmp(o.cmd, "bench") == 0) return ct_cmd_bench(&o);
  ct_die("unknown command '%s'\n%s", o.cmd, ct_usage);
  return 2;
}
