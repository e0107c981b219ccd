# The plain build, without Bazel (GNU make and a C11 compiler; Debian's
# build-essential, which Bazel's own package already needs):
#
#   make                 build/cuteref, build/libcuteref.a, build/libcuteref.so
#   make test            the C API examples against the installed header and
#                        library, the exported symbols, the Python module's tests
#   make install PREFIX=/usr/local [DESTDIR=...]
#   make V=1             show the commands
#
# Bazel (`bazel test //...`) stays the conformance run; //lib:make_test runs
# `make` and `make test` in a copy of the tree so that this build cannot rot.
# The library is the whole tool, cli/ included (the evaluator, the registry
# and the judges of `cuteref conform`); only the cuteref_* functions of
# include/cuteref.h are visible (spec/api.md).

CC ?= cc
LD ?= ld
AR ?= ar
OBJCOPY ?= objcopy
PYTHON ?= python3
CFLAGS ?= -O2
PREFIX ?= /usr/local
B := build
V ?= 0
Q := $(if $(filter 1,$(V)),,@)

CT_CFLAGS := -std=c11 -Wall -Wextra -fPIC -fvisibility=hidden -iquote . -Iref -Iprops -MMD -MP
SRCS := $(wildcard ref/*.c judge/*.c props/*.c cli/*.c lib/*.c)
OBJS := $(SRCS:%.c=$(B)/obj/%.o)
LIBS := -lpthread
VECTORS_VERSION := $(shell sed -n 's/^version //p' spec/vectors/VERSION 2>/dev/null)

.PHONY: all test test-c test-symbols test-python install clean
all: $(B)/cuteref $(B)/libcuteref.a $(B)/libcuteref.so

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CT_CFLAGS) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# The version of spec/vectors/ the library reports (cuteref_vectors_version).
$(B)/obj/lib/cuteref_api.o: CPPFLAGS += -DCUTEREF_VECTORS_VERSION=$(or $(VECTORS_VERSION),0)
# conform finds the vectors of the checkout it was built from (issue 39)
$(B)/obj/cli/cmd_conform.o: CPPFLAGS += -DCT_SOURCE_VECTORS='"$(abspath spec/vectors)"'
$(B)/obj/lib/cuteref_api.o: spec/vectors/VERSION

$(B)/cuteref: $(OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(B)/libcuteref.so: $(OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libcuteref.so -o $@ $(OBJS) $(LIBS)

# One relocatable object whose hidden symbols are made local, so that a
# program linked with the archive sees cuteref_* and nothing else (not even
# the tool's main).
$(B)/libcuteref.a: $(OBJS)
	@$(if $(Q),echo "  AR      $@")
	$(Q)$(LD) -r -o $(B)/cuteref_all.o $(OBJS)
	$(Q)$(OBJCOPY) --localize-hidden $(B)/cuteref_all.o
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $(B)/cuteref_all.o

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib
	install -m 755 $(B)/cuteref $(DESTDIR)$(PREFIX)/bin/cuteref
	install -m 644 include/cuteref.h $(DESTDIR)$(PREFIX)/include/cuteref.h
	install -m 644 $(B)/libcuteref.a $(DESTDIR)$(PREFIX)/lib/libcuteref.a
	install -m 755 $(B)/libcuteref.so $(DESTDIR)$(PREFIX)/lib/libcuteref.so
	install -d $(DESTDIR)$(PREFIX)/share/cuteref/vectors
	install -m 644 spec/vectors/*.txt spec/vectors/VERSION $(DESTDIR)$(PREFIX)/share/cuteref/vectors/

# ---- tests ----------------------------------------------------------------------

STAGE := $(abspath $(B)/stage)
EXAMPLES := $(wildcard examples/api/*.c)
API_TESTS := $(wildcard lib/tests/*.c)
EX_CFLAGS := -std=c99 -Wall -Wextra -Werror -pedantic -I$(STAGE)/include

test: test-c test-symbols test-python

# Every example program, built against the installed header, linked with
# the archive and with the shared library, prints exactly its .out file;
# lib/tests/*.c (the API's contract) pass.
test-c: all
	@rm -rf $(STAGE)
	@$(MAKE) --no-print-directory install PREFIX=$(STAGE) >/dev/null
	@set -e; for c in $(EXAMPLES); do \
	  n=$$(basename $$c .c); \
	  $(CC) $(EX_CFLAGS) $$c -o $(B)/$$n-static $(STAGE)/lib/libcuteref.a $(LIBS); \
	  $(CC) $(EX_CFLAGS) $$c -o $(B)/$$n-shared -L$(STAGE)/lib -Wl,-rpath,$(STAGE)/lib -lcuteref; \
	  for kind in static shared; do \
	    $(B)/$$n-$$kind > $(B)/$$n-$$kind.txt || { echo "FAIL: $$n-$$kind exited $$?"; exit 1; }; \
	    diff -u examples/api/$$n.out $(B)/$$n-$$kind.txt || { echo "FAIL: $$n-$$kind output differs"; exit 1; }; \
	  done; \
	  echo "ok: examples/api/$$n.c (static and shared) prints examples/api/$$n.out"; \
	done
	@set -e; for c in $(API_TESTS); do \
	  n=$$(basename $$c .c); \
	  $(CC) $(EX_CFLAGS) $$c -o $(B)/$$n $(STAGE)/lib/libcuteref.a $(LIBS); \
	  $(B)/$$n; \
	done
	@if command -v c++ >/dev/null; then \
	  c++ -x c++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only include/cuteref.h && echo "ok: cuteref.h compiles as C++"; fi

# The library exports the API and nothing else.
test-symbols: all
	@extra=$$(nm -D --defined-only $(B)/libcuteref.so | awk 'NF == 3 && $$3 !~ /^cuteref_/ {print $$3}'); \
	  if [ -n "$$extra" ]; then echo "FAIL: libcuteref.so exports $$extra"; exit 1; fi
	@extra=$$(nm -g --defined-only $(B)/libcuteref.a | awk 'NF == 3 && $$3 !~ /^cuteref_/ {print $$3}'); \
	  if [ -n "$$extra" ]; then echo "FAIL: libcuteref.a exports $$extra"; exit 1; fi
	@n=$$(nm -D --defined-only $(B)/libcuteref.so | grep -c ' cuteref_'); \
	  echo "ok: libcuteref.so and libcuteref.a export only cuteref_* ($$n functions)"

test-python: all
	@echo "python tests: $(PYTHON) -m unittest discover -s python/tests (over $(B)/libcuteref.so)"
	$(Q)CUTEREF_LIBRARY=$(abspath $(B)/libcuteref.so) PYTHONPATH=$(abspath python) \
	  $(PYTHON) -m unittest discover -s python/tests

clean:
	rm -rf $(B)

-include $(OBJS:.o=.d)
