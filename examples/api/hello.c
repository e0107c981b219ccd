#include <cuteref.h>
#include <stdio.h>

int main(void) {
  cuteref_error err;
  char *r = cuteref_eval("composition((6,2):(8,2), (4,3):(3,1))", &err);
  printf("%s\n", r); /* ((2,2),3):((24,2),8) */
  cuteref_free_string(r);
  if (!cuteref_eval("composition((4,6):(1,10), 3:2)", &err))
    printf("%s: %s\n", err.name, err.message); /* SHAPE_DIVISIBILITY: ... */
  return 0;
}
