#!/usr/bin/env python3
"""Every row of the registry (cli/registry.c, `cuteref ops --tsv`) has every
piece an operation needs (spec/README.md, "How to add an operation"); a
missing piece fails the test and is named:

  its spec page exists; each of its post-condition IDs is an ID of that page;
  an executed example of the spec uses it; it has a generator of requests
  (conform, vectors); a judge, or the reason it has none; a file of
  conformance vectors; a property for each of its IDs (`cuteref check --list`);
  for each of its request generators, a PRIN-1 property drawn the same way or
  the reason the principle exempts it (`cuteref ops --principle`); each of its
  known disagreements (`known`) is a heading of its page's Differences section.

usage: registry_test.py CUTEREF [ROOT]
"""
import importlib.util
import os
import re
import subprocess
import sys

RANGE_RE = re.compile(r"^([A-Z]+(?:-[A-Z]+)*)-(\d+)\.\.([A-Z]+(?:-[A-Z]+)*)-(\d+)$")


def expand(ids):
    """'COMP-1..COMP-3, CPL-1' -> ['COMP-1', 'COMP-2', 'COMP-3', 'CPL-1']."""
    out = []
    for part in [p.strip() for p in ids.split(",") if p.strip()]:
        m = RANGE_RE.match(part)
        if m and m.group(1) == m.group(3):
            out += ["%s-%d" % (m.group(1), k) for k in range(int(m.group(2)), int(m.group(4)) + 1)]
        else:
            out.append(part)
    return out


def differences(path):
    """The bold headings of the bullets of a page's Differences section."""
    heads, inside = set(), False
    with open(path) as f:
        for l in f:
            if l.startswith("## "):
                inside = l.startswith("## Differences")
            elif inside and re.match(r"(-|\d+\.) \*\*", l):
                heads.add(l.split("**")[1])
    return heads


def main():
    cuteref = os.path.abspath(sys.argv[1])
    root = sys.argv[2] if len(sys.argv) > 2 else os.getcwd()
    spec = importlib.util.spec_from_file_location("spec_index", os.path.join(root, "tools", "spec_index.py"))
    si = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(si)
    lines = subprocess.run([cuteref, "ops", "--tsv"], stdout=subprocess.PIPE, universal_newlines=True,
                           check=True).stdout.splitlines()
    head = lines[0].split("\t")
    rows = [dict(zip(head, l.split("\t"))) for l in lines[1:]]
    props = set()
    for l in subprocess.run([cuteref, "check", "--list"], stdout=subprocess.PIPE, universal_newlines=True,
                            check=True).stdout.splitlines():
        if l.strip():
            props.add(l.split()[0].split("/")[0])
    pages = {os.path.basename(p): si.parse_page(p) for p in si.pages(root)}
    used = set()
    for _, ids, _, examples in pages.values():
        for _, ex in examples:
            used.update(si.NAME_RE.findall(re.split(r" (?:=>|=|!) ", ex)[0]))
    problems, checked = [], 0
    for r in rows:
        name = r["name"]
        missing = []
        page = pages.get(r["page"])
        if page is None:
            missing.append("its page spec/%s does not exist" % r["page"])
        else:
            page_ids = {i for i, _ in page[1]}
            missing += ["%s is no ID of spec/%s" % (i, r["page"]) for i in expand(r["ids"]) if i not in page_ids]
        if r["builtin"] == "1":
            if name not in used:
                missing.append("no executed example of spec/ uses it")
            if not r["generators"]:
                missing.append("no generator of requests")
        elif page is not None and not page[3]:
            missing.append("spec/%s has no executed example" % r["page"])
        if r["judge"] != "judge" and len(r["judge"]) < 20:
            missing.append("no judge and no reason why")
        if not os.path.exists(os.path.join(root, "spec", "vectors", name + ".txt")):
            missing.append("no vectors file spec/vectors/%s.txt" % name)
        missing += ["no property checks %s" % i for i in expand(r["ids"]) if i not in props]
        if r["known"] and page is not None:
            heads = differences(os.path.join(root, "spec", r["page"]))
            missing += ["known disagreement %r is no heading of spec/%s's Differences" % (h, r["page"])
                        for h in r["known"].split("|") if h not in heads]
        for m in missing:
            problems.append("%s: %s" % (name, m))
        checked += 1
    # the principle (spec/principle.md): every generator checked by PRIN-1 or exempt, with its reason
    out = subprocess.run([cuteref, "ops", "--principle"], stdout=subprocess.PIPE, universal_newlines=True)
    for l in out.stdout.splitlines()[1:]:
        gen, check, how = (l.split("\t") + ["", ""])[:3]
        if check in ("UNCLASSIFIED", "DRIFT", "STALE", "CONFLICT"):
            problems.append("%s: principle: %s %s" % (gen.split("/")[0], check, how))
    if out.returncode != 0 and not any(": principle: " in p for p in problems):
        problems.append("ops --principle: exit status %d" % out.returncode)
    for p in problems:
        print("FAILED: " + p)
    judged = sum(1 for r in rows if r["judge"] == "judge")
    print("registry: %d rows, %d with judges, %d with the reason they have none" % (checked, judged, checked - judged))
    print("%d passed, %d failed" % (checked - len({p.split(":")[0] for p in problems}), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
