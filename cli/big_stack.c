/* big_stack.c -- see big_stack.h. */
#include "big_stack.h"

#include <pthread.h>

typedef struct {
  void (*fn)(void *);
  void *arg;
} ct_big_stack_job;

static void *ct_big_stack_run(void *p) {
  ct_big_stack_job *j = (ct_big_stack_job *)p;
  j->fn(j->arg);
  return NULL;
}

int ct_on_big_stack(void (*fn)(void *), void *arg, size_t size) {
  ct_big_stack_job j;
  pthread_attr_t a;
  pthread_t t;
  int rc;
  j.fn = fn;
  j.arg = arg;
  if (pthread_attr_init(&a) != 0) return -1;
  rc = pthread_attr_setstacksize(&a, size);
  if (rc == 0) rc = pthread_create(&t, &a, ct_big_stack_run, &j);
  pthread_attr_destroy(&a);
  if (rc != 0) return -1;
  pthread_join(t, NULL);
  return 0;
}
