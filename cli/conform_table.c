/* conform_table.c -- a table of request texts (open addressing, FNV-1a):
 * a request sent once however often it is listed (spec/protocol.md,
 * "Cases"), a shrinking candidate judged once however many disagreements
 * reach it ("Shrinking"). Every allocation checked (cf_checked). */
#include "conform.h"

#include <stdlib.h>
#include <string.h>

int cf_map_find(const cf_map *m, const char *key) {
  uint64_t h;
  int i;
  if (!m->cap) return -1;
  h = cf_fnv(0, key);
  for (i = (int)(h & (uint64_t)(m->cap - 1)); m->t[i].key; i = (i + 1) & (m->cap - 1))
    if (strcmp(m->t[i].key, key) == 0) return m->t[i].val;
  return -1;
}

void cf_map_put(cf_map *m, const char *key, int val) {
  uint64_t h;
  int i;
  if ((m->n + 1) * 2 > m->cap) {
    cf_map old = *m;
    int k;
    m->cap = m->cap ? m->cap * 2 : 1024;
    m->t = (cf_slot_kv *)cf_checked(calloc((size_t)m->cap, sizeof(cf_slot_kv)));
    m->n = 0;
    for (k = 0; k < old.cap; ++k)
      if (old.t[k].key) cf_map_put(m, old.t[k].key, old.t[k].val), free(old.t[k].key);
    free(old.t);
  }
  h = cf_fnv(0, key);
  for (i = (int)(h & (uint64_t)(m->cap - 1)); m->t[i].key; i = (i + 1) & (m->cap - 1))
    if (strcmp(m->t[i].key, key) == 0) {
      m->t[i].val = val;
      return;
    }
  m->t[i].key = (char *)cf_checked(malloc(strlen(key) + 1));
  strcpy(m->t[i].key, key);
  m->t[i].val = val;
  ++m->n;
}

void cf_map_free(cf_map *m) {
  int k;
  for (k = 0; k < m->cap; ++k) free(m->t[k].key);
  free(m->t);
  m->t = 0;
  m->cap = m->n = 0;
}

char *cf_dup(const char *s) {
  char *d;
  if (!s) return 0;
  d = (char *)cf_checked(malloc(strlen(s) + 1));
  strcpy(d, s);
  return d;
}
