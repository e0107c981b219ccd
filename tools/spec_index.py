#!/usr/bin/env python3
"""Builds spec/index.md from the spec pages and checks the spec's coverage.

  spec_index.py [--root DIR] --write          regenerate spec/index.md and cli/op_ids.inc
  spec_index.py [--root DIR] --check --list F  fail on drift or a coverage gap
  spec_index.py [--root DIR] --citations FILE...  every spec ID and page cited exists

--list F is the output of `cuteref eval --list` (the operations the tool
knows). The checks: index.md is current; every post-condition ID is unique;
every error code of ref/ct_error.h is produced by an executed example
(`! CODE` in spec/, or an `error CODE` line in cli/tests/eval_batch.out);
every operation of the tool appears in an executed example; cli/op_ids.inc
is current.

Which operation a post-condition is about is said on its page: a line
`<!-- post-conditions of: OP OP -->` before a run of ID bullets names the
operations they are stated for (`<!-- post-conditions of the page -->`: no
single operation's), up to the next such line or heading. From those lines
cli/op_ids.inc gives each registry row its IDs (cli/registry.c reads it), so
no row types an ID by hand.

--citations: every spec ID a source file cites (a post-condition ID such as
COMP-2, or a label a page defines in parentheses such as (COMP-PREP)) exists
in spec/, and every page is cited as spec/NAME.md and exists. A token counts
as an ID when its family (COMP in COMP-2) is one of the spec's, so
POINT-SIZE (Graphviz) is not one.
"""
import argparse
import glob
import os
import re
import sys

OWNER_RE = re.compile(r"^<!-- post-conditions (?:of: ([a-zA-Z0-9_ ]*)|of the page) -->$")
ID_RE = re.compile(r"^\s*[-*]\s+\*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\*")
CODE_ROW_RE = re.compile(r"^\|\s*`([A-Z_]+)`\s*\|")
NAME_RE = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*(?:<[^>]*>)?\s*\(")


def pages(root):
    out = []
    for path in sorted(glob.glob(os.path.join(root, "spec", "*.md"))):
        base = os.path.basename(path)
        if base in ("index.md", "README.md"):
            continue
        out.append(path)
    return out


def parse_page(path):
    title, ids, codes, examples = None, [], [], []
    in_block = False
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            s = line.strip()
            if title is None and s.startswith("# "):
                title = s[2:].strip()
            if s.startswith("```"):
                in_block = (not in_block) and s[3:] == "cuteref"
                continue
            if in_block:
                if s and not s.startswith("#"):
                    examples.append((lineno, s))
                continue
            m = ID_RE.match(line)
            if m:
                ids.append((m.group(1), lineno))
            m = CODE_ROW_RE.match(s)
            if m and m.group(1) != "code":
                codes.append(m.group(1))
    return title or os.path.basename(path), ids, codes, examples


LABEL_RE = re.compile(r"\(([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\)")
LABELS_RE = re.compile(r"\(((?:[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+, )+[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\)")
CITE_RE = re.compile(r"(?<![A-Za-z0-9_-])([A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*)-(\d+|[A-Z][A-Z0-9]*)(?![A-Za-z0-9_])")
PAGE_RE = re.compile(r"(?<![A-Za-z0-9_./-])(spec/)?([a-z][a-z0-9_]*)\.md\b")
STRING_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def defined_ids(root):
    """Post-condition IDs and the labels pages define in parentheses."""
    ids = set()
    for path in pages(root):
        ids.update(i for i, _ in parse_page(path)[1])
        text = open(path, encoding="utf-8").read()
        ids.update(LABEL_RE.findall(text))
        for group in LABELS_RE.findall(text):  # (BLK-DEF, RAKE-DEF): one parenthesis, two labels
            ids.update(x.strip() for x in group.split(","))
    return ids


def citations(root, files):
    ids = defined_ids(root)
    families = {i.rsplit("-", 1)[0] for i in ids}
    page_names = {os.path.basename(p)[:-3] for p in glob.glob(os.path.join(root, "spec", "*.md"))}
    problems, cited = [], 0
    for f in files:
        rel = os.path.relpath(f, root)
        for lineno, line in enumerate(open(f, encoding="utf-8", errors="replace"), 1):
            for m in CITE_RE.finditer(line):
                if m.group(1) not in families:
                    continue
                cited += 1
                if m.group(0) not in ids:
                    problems.append("%s:%d: %s is no ID of spec/" % (rel, lineno, m.group(0)))
            # pages: in comments and prose as spec/NAME.md; a bare NAME.md only as data (a string)
            bare_ok = rel.endswith((".c", ".h", ".cu"))
            outside = STRING_RE.sub('""', line) if bare_ok else line
            for m in PAGE_RE.finditer(line):
                name = m.group(2)
                if m.group(1) and name not in page_names:
                    problems.append("%s:%d: spec/%s.md does not exist" % (rel, lineno, name))
            # a spec page links the pages beside it by their bare names (Markdown's relative links)
            in_spec = rel.startswith("spec" + os.sep) and rel.endswith(".md")
            for m in PAGE_RE.finditer("" if in_spec else outside):
                name = m.group(2)
                if not m.group(1) and name in page_names and name not in ("README", "index"):
                    problems.append("%s:%d: cite the page as spec/%s.md" % (rel, lineno, name))
    for p in problems:
        print("FAILED: " + p)
    print("citations: %d IDs cited in %d files" % (cited, len(files)))
    print("%d passed, %d failed" % (1 if not problems else 0, len(problems)))
    return 1 if problems else 0


def ids_by_op(root):
    """op -> [(page, ID), ...] in page order, from the pages' owner lines."""
    out = {}
    for path in pages(root):
        owners = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = OWNER_RE.match(line.strip())
                if m:
                    owners = (m.group(1) or "").split()
                elif line.startswith("#"):
                    owners = []
                else:
                    m = ID_RE.match(line)
                    for op in owners if m else ():
                        out.setdefault(op, []).append((os.path.basename(path), m.group(1)))
    return out


def compress(ids):
    """['COMP-1', 'COMP-2', 'COMP-3', 'CPL-1', 'CPL-2'] -> 'COMP-1..COMP-3, CPL-1, CPL-2'."""
    parts, k = [], 0
    while k < len(ids):
        fam, num = ids[k].rsplit("-", 1)
        j = k
        while j + 1 < len(ids) and ids[j + 1] == "%s-%d" % (fam, int(num) + j + 1 - k):
            j += 1
        if j - k >= 2:
            parts.append("%s..%s" % (ids[k], ids[j]))
        else:
            parts += ids[k:j + 1]
        k = j + 1
    return ", ".join(parts)


def render_op_ids(root):
    lines = ["/* op_ids.inc -- each operation's post-condition IDs, read from the owner",
             " * lines of its spec page (tools/spec_index.py). Generated by",
             " * `tools/spec_index.py --write`; do not edit. */"]
    for op, ids in sorted(ids_by_op(root).items()):
        lines.append('{"%s", "spec/%s", "%s"},' % (op, ids[0][0], compress([i for _, i in ids])))
    return "\n".join(lines) + "\n"


def error_codes(root):
    text = open(os.path.join(root, "ref", "ct_error.h"), encoding="utf-8").read()
    return [(n, t) for n, t in re.findall(r'X\((\w+), "([^"]*)"\)', text) if n != "OK"]


def render(root):
    lines = [
        "# cuteref specification: index",
        "",
        "Generated by `tools/spec_index.py --write` from the pages of `spec/`;"
        " a test fails when it is out of date. How pages are written:"
        " [README.md](README.md).",
        "",
        "## Pages and post-conditions",
        "",
        "| page | post-conditions |",
        "| --- | --- |",
    ]
    users = {}
    for path in pages(root):
        title, ids, codes, _ = parse_page(path)
        base = os.path.basename(path)
        lines.append("| [%s](%s) | %s |" % (title, base, ", ".join(i for i, _ in ids) or "-"))
        for c in codes:
            users.setdefault(c, []).append(base)
    lines += ["", "## Error codes", "", "| code | meaning | raised by |", "| --- | --- | --- |"]
    for name, text in error_codes(root):
        where = ", ".join("[%s](%s)" % (p[:-3], p) for p in sorted(set(users.get(name, []))))
        lines.append("| `%s` | %s | %s |" % (name, text, where or "-"))
    return "\n".join(lines) + "\n"


def check(root, list_file):
    problems = []
    index_path = os.path.join(root, "spec", "index.md")
    want = render(root)
    have = open(index_path, encoding="utf-8").read() if os.path.exists(index_path) else ""
    if have != want:
        problems.append("spec/index.md is out of date: run tools/spec_index.py --write")
    inc = os.path.join(root, "cli", "op_ids.inc")
    if not os.path.exists(inc) or open(inc, encoding="utf-8").read() != render_op_ids(root):
        problems.append("cli/op_ids.inc is out of date: run tools/spec_index.py --write")
    for op, ids in ids_by_op(root).items():
        if len({p for p, _ in ids}) > 1:
            problems.append("%s: its post-conditions are on several pages (%s): one page per operation"
                            % (op, ", ".join(sorted({p for p, _ in ids}))))
    seen, rejected, used = {}, set(), set()
    for path in pages(root):
        _, ids, _, examples = parse_page(path)
        for i, lineno in ids:
            if i in seen:
                problems.append("%s:%d: ID %s already used at %s" % (path, lineno, i, seen[i]))
            seen[i] = "%s:%d" % (path, lineno)
        for _, ex in examples:
            m = re.search(r" ! ([A-Z_]+)$", ex)
            if m:
                rejected.add(m.group(1))
            expr = re.split(r" (?:=>|=|!) ", ex)[0]
            used.update(NAME_RE.findall(expr))
    batch = os.path.join(root, "cli", "tests", "eval_batch.out")
    if os.path.exists(batch):
        for line in open(batch, encoding="utf-8"):
            if line.startswith("error "):
                rejected.add(line.split()[1])
    for name, _ in error_codes(root):
        if name not in rejected:
            problems.append("error code %s is produced by no executed example" % name)
    if list_file:
        for line in open(list_file, encoding="utf-8"):
            if not line.strip():
                continue
            op = line.split()[0]
            if op not in used:
                problems.append("operation %s appears in no executed spec example" % op)
    for p in problems:
        print("FAILED: " + p)
    print("%d passed, %d failed" % (1 if not problems else 0, len(problems)))
    return 1 if problems else 0


def trace(root, props_file):
    """Every spec post-condition ID has a property; every property names one."""
    spec_ids = {}
    for path in pages(root):
        for i, lineno in parse_page(path)[1]:
            spec_ids[i] = "%s:%d" % (os.path.basename(path), lineno)
    prop_ids = set()
    problems = []
    for line in open(props_file, encoding="utf-8"):
        if not line.strip():
            continue
        pid = line.split()[0]
        if "!" in pid:  # an error-code property: OP!CODE
            continue
        base = pid.split("/")[0]
        prop_ids.add(base)
        if base not in spec_ids:
            problems.append("property %s names no spec ID" % pid)
    for i, where in sorted(spec_ids.items()):
        if i not in prop_ids:
            problems.append("spec ID %s (%s) has no property" % (i, where))
    for p in problems:
        print("FAILED: " + p)
    covered = len([i for i in spec_ids if i in prop_ids])
    print("traceability: %d spec IDs, %d with a property" % (len(spec_ids), covered))
    print("%d passed, %d failed" % (covered, len(problems)))
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--write", action="store_true", help="regenerate spec/index.md")
    ap.add_argument("--check", action="store_true", help="check index and coverage")
    ap.add_argument("--list", help="output of `cuteref eval --list`")
    ap.add_argument("--trace", help="output of `cuteref check --list`: check spec IDs <-> properties")
    ap.add_argument("--citations", nargs="+", metavar="FILE", help="check the spec IDs and pages FILEs cite")
    a = ap.parse_args()
    if a.citations:
        return citations(a.root, a.citations)
    if a.write:
        with open(os.path.join(a.root, "spec", "index.md"), "w", encoding="utf-8") as f:
            f.write(render(a.root))
        with open(os.path.join(a.root, "cli", "op_ids.inc"), "w", encoding="utf-8") as f:
            f.write(render_op_ids(a.root))
    if a.check:
        return check(a.root, a.list)
    if a.trace:
        return trace(a.root, a.trace)
    if not a.write:
        ap.print_usage()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
