#!/usr/bin/env python3
"""Generates the cuteref reference site from spec/ (docs/README.md).

  gen_site.py --root DIR --cuteref PATH --out DIR [--dot dot]

Every page of spec/ becomes one HTML page; every example result on them is
computed by `cuteref eval -` and checked by `cuteref examples -v` while the
site is built, and every picture is drawn by `cuteref dot` and Graphviz's
`dot -Tsvg`. Python 3 standard library only; the output is a directory of
static files that opens from the file system.
"""
import argparse
import hashlib
import html
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import md_subset  # noqa: E402
import svg_sizes  # noqa: E402
from md_subset import esc  # noqa: E402

# ---- inputs, relative to --root ------------------------------------------------
SPEC_INDEX = "tools/spec_index.py"      # the spec's parser (reused, not rewritten)
SPEC_README = "spec/README.md"          # how spec pages are written
FIGURES = "docs/figures.txt"            # the chapter figures: expressions only
LEARN = "docs/learn.md"                 # the tutorial: "Learn the layout algebra" (learn.html)
STYLE = "docs/style.css"
# Produced by other parts of the project; each is included when present and
# reported as "not measured yet" otherwise.
DEVICE_RESULTS = "device/RESULTS.md"    # GPU mirror: conformance and benchmark tables
DATA_DIR = "docs/data"                  # further *.md / *.json tables (conformance, benchmarks)
FINDINGS = "findings.md"                 # the peers' defects, in DATA_DIR (peers/findings.py)

# Pictures larger than this many cells are left out of the examples tables.
MAX_PICTURE_CELLS = 1200
# Pictures are never shown smaller than their smallest text allows: LEGIBLE_PX
# CSS px (docs/README.md, "Pictures at normal zoom"; browser_test.sh wants
# 10). A thumbnail in an examples table that cannot be legible inside
# THUMB_BOX (px) is shown reduced, says so (svg_sizes.THUMB_NOTE) and links
# to the full-size SVG.
LEGIBLE_PX = 10.5
THUMB_BOX = (256, 320)
# Sidebar groups; pages not named here are listed under "More".
PAGE_GROUPS = [
    ("Foundations", ["notation", "expressions", "inttuple", "layout", "construct"]),
    ("Algebra", ["coalesce", "composition", "complement", "divide", "product", "inverse"]),
    # the layer above the algebra (issue 41): a page per family, each opening with its pictures
    ("Atoms, tiled MMA, partitions", ["mma", "copy", "tiled_mma", "tiled_copy", "partition"]),
]

# The sources cited as [Shah], [Cecka, Def. 2.22], ... (spec/README.md, "Citations"): linked.
CITATIONS = {
    "Shah": "https://research.colfax-intl.com/a-note-on-the-algebra-of-cute-layouts/",
    "Cat": "https://arxiv.org/abs/2601.05972",
    "Cecka": "https://arxiv.org/abs/2603.02298",
    "CuTe": "https://github.com/NVIDIA/cutlass/blob/main/media/docs/cpp/cute/02_layout_algebra.md",
}
CITE_RE = re.compile(r"\[(%s)((?:, [^\]<>]{1,40})?)\]" % "|".join(CITATIONS))
EXAMPLE_RE = re.compile(r"^(.*?) (=>|=|!) (.*)$")
CALL_RE = re.compile(r"\b([a-z_][a-z0-9_]*)\s*(?:<[^<>]*>)?\s*\(")
TAG_RE = re.compile(r"(?<![\w-])([A-Z]+(?:-[A-Z0-9]+)+)(?![\w-])")
POST_RE = re.compile(r"^\*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\*\s*(.*)$")


def load_spec_index(root):
    import importlib.util
    spec = importlib.util.spec_from_file_location("spec_index", os.path.join(root, SPEC_INDEX))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(cmd, stdin=None, timeout=900):
    p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def split_example(s):
    m = EXAMPLE_RE.match(s)
    if not m:
        return s, "", ""
    return m.group(1), m.group(2), m.group(3)


def is_layout_text(v):
    return ":" in v and not v.startswith("<")


def is_nested_tuple_text(v):
    """A tuple with a tuple inside: worth a tree (a flat tuple is not)."""
    return v.startswith("(") and ":" not in v and "(" in v[1:]


def unmarked(v):
    """The text without static marks and spaces: `_4` and `4` read the same."""
    return re.sub(r"_(?=-?\d)", "", v).replace(" ", "")


# ---- the model -------------------------------------------------------------------
class Page:
    def __init__(self, path, stem, html_name, parsed, text):
        self.path, self.stem, self.html = path, stem, html_name
        self.title, self.ids, self.codes, self.examples = parsed
        self.text = text
        self.ops = []
        self.defined_tags = set()


class Site:
    def __init__(self, args):
        self.root = args.root
        self.cuteref = args.cuteref
        self.dot = args.dot
        self.out = args.out
        self.si = load_spec_index(self.root)
        self.pages = []
        self.ops = []          # [(name, synopsis)]
        self.registry = {}     # name -> its row of `cuteref ops --tsv`
        self.op_page = {}      # name -> Page
        self.props = []        # [(pid, description)]
        self.codes = []        # [(code, meaning)]
        self.results = {}      # expr -> ("ok", value) | ("error", code, msg)
        self.verdict = {}      # (page path, lineno) -> (passed, message)
        self.pictures = {}     # expr -> file stem in img/
        self.svg_sizes = {}    # file stem -> svg_sizes.SvgSizes of img/<stem>.svg
        self.anchors = {}      # tag or ID -> "page.html#tag"
        self.figures = []      # [(expr, caption)]
        self.tv_figures = []   # [(tile, layout, caption)]: `tv TILE LAYOUT -- caption` (cuteref dot --tv)
        self.dot_figures = []  # [(page stem, args, caption)]: `dot PAGE ARGS -- caption` (cuteref dot ARGS)
        self.check = None      # parsed `cuteref check` table
        self.host = {}         # property -> its row of that table
        self.warnings = []
        self.undrawn = []  # examples without a picture: their values overflow int64

    # -- inputs ----------------------------------------------------------------
    def load(self):
        rc, out, err = run([self.cuteref, "ops", "--tsv"])  # the registry (cli/registry.c)
        if rc != 0:
            raise SystemExit("gen_site: cuteref ops --tsv failed: " + err)
        lines = out.splitlines()
        head = lines[0].split("\t")
        for line in lines[1:]:
            row = dict(zip(head, line.split("\t")))
            self.registry[row["name"]] = row
            if row["builtin"] == "1":
                self.ops.append((row["name"], row["synopsis"]))
        rc, out, err = run([self.cuteref, "check", "--list"])
        for line in out.splitlines():
            if line.strip():
                parts = line.split(None, 1)
                self.props.append((parts[0], parts[1].strip() if len(parts) > 1 else ""))
        self.codes = self.si.error_codes(self.root)
        for path in self.si.pages(self.root):
            stem = os.path.basename(path)[:-3]
            text = open(path, encoding="utf-8").read()
            self.pages.append(Page(path, stem, stem + ".html", self.si.parse_page(path), text))
        readme = os.path.join(self.root, SPEC_README)
        self.readme = None
        if os.path.exists(readme):
            text = open(readme, encoding="utf-8").read()
            self.readme = Page(readme, "README", "writing.html", self.si.parse_page(readme), text)
            self.readme.title = "How the specification is written"
        learn = os.path.join(self.root, LEARN)
        self.learn = None
        if os.path.exists(learn):
            text = open(learn, encoding="utf-8").read()
            self.learn = Page(learn, "learn", "learn.html", self.si.parse_page(learn), text)
        fig = os.path.join(self.root, FIGURES)
        if os.path.exists(fig):
            for line in open(fig, encoding="utf-8"):
                line = line.strip()
                if line and not line.startswith("#") and " -- " in line:
                    expr, caption = line.split(" -- ", 1)
                    m = re.match(r"^tv\s+(\S+)\s+(.+)$", expr.strip())
                    d = re.match(r"^dot\s+(\w+)\s+(--.+)$", expr.strip())
                    if d:
                        self.dot_figures.append((d.group(1), d.group(2).strip(), caption.strip()))
                    elif m:
                        self.tv_figures.append((m.group(1), m.group(2).strip(), caption.strip()))
                    else:
                        self.figures.append((expr.strip(), caption.strip()))
        self.assign_ops()
        self.collect_anchors()

    def all_pages(self):
        return self.pages + ([self.readme] if self.readme else []) + ([self.learn] if self.learn else [])

    def assign_ops(self):
        """Each operation goes to the page its registry row names."""
        by_file = {os.path.basename(p.path): p for p in self.pages}
        for name, _ in self.ops:
            page = by_file.get(self.registry[name]["page"])
            if page:
                self.op_page[name] = page
                page.ops.append(name)
            else:
                self.warnings.append("operation %s has no page" % name)

    def collect_anchors(self):
        for p in self.pages:
            for i, _ in p.ids:
                self.anchors[i] = "%s#%s" % (p.html, i)
            for line in p.text.splitlines():
                for m in re.finditer(r"\*\*[^*]*?\(([A-Z]+(?:-[A-Z0-9]+)+)\)[^*]*?\*\*", line):
                    self.anchors.setdefault(m.group(1), "%s#%s" % (p.html, m.group(1)))
                    p.defined_tags.add(m.group(1))
                m = re.match(r"^#+ .*\(([A-Z]+(?:-[A-Z0-9]+)+)\)\s*$", line)
                if m:
                    self.anchors.setdefault(m.group(1), "%s#%s" % (p.html, m.group(1)))
                    p.defined_tags.add(m.group(1))

    # -- computation -----------------------------------------------------------
    def compute(self):
        exprs = []
        seen = set()
        for p in self.all_pages():
            for _, ex in p.examples:
                e = split_example(ex)[0]
                if e not in seen:
                    seen.add(e)
                    exprs.append(e)
        for e, _ in self.figures:
            if e not in seen:
                seen.add(e)
                exprs.append(e)
        rc, out, err = run([self.cuteref, "eval", "-"], stdin="\n".join(exprs) + "\n")
        answers = out.splitlines()
        if len(answers) != len(exprs):
            raise SystemExit("gen_site: cuteref eval - gave %d answers for %d lines: %s" % (len(answers), len(exprs), err))
        for e, a in zip(exprs, answers):
            if a.startswith("ok "):
                self.results[e] = ("ok", a[3:])
            else:
                parts = a.split(" ", 2)
                self.results[e] = ("error", parts[1] if len(parts) > 1 else "?", parts[2] if len(parts) > 2 else "")
        for p in self.all_pages():
            rc, out, err = run([self.cuteref, "examples", "-v", p.path])
            for line in out.splitlines():
                m = re.match(r"^(.*?):(\d+): (.*)$", line)
                if m:
                    msg = m.group(3)
                    self.verdict[(p.path, int(m.group(2)))] = (msg.startswith("ok: "), msg)
        rc, out, err = run([self.cuteref, "check"], timeout=900)
        self.check = parse_check(out, rc)
        self.host = {r[0]: r for r in self.check["rows"]}

    def picture_worthy(self, expr):
        r = self.results.get(expr)
        if not r or r[0] != "ok":
            return False
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\(", expr)
        if m and self.registry.get(m.group(1), {}).get("draw") == "linear":
            return True  # the argument with its basis cells (cuteref dot, the row's picture kind)
        return is_layout_text(r[1]) or is_nested_tuple_text(r[1])

    def draw(self):
        """Writes img/<hash>.dot and .svg for every example and figure with a picture."""
        img = os.path.join(self.out, "img")
        os.makedirs(img, exist_ok=True)
        wanted = []
        for p in self.all_pages():
            for _, ex in p.examples:
                e = split_example(ex)[0]
                if self.picture_worthy(e):
                    wanted.append((e, False))
        for e, _ in self.figures:
            if self.picture_worthy(e):
                wanted.append((e, True))
        todo = []
        for tile, lay, _ in self.tv_figures:  # thread-value layouts: keyed "tv TILE LAYOUT"
            wanted.append(("tv %s %s" % (tile, lay), True))
        for args in [a for _, a, _ in self.dot_figures] + [a for p in self.all_pages() for a, _ in dot_fences(p.text)]:
            wanted.append(("dot " + args, True))  # `cuteref dot ARGS` (--atom, --tiled-mma, ...): keyed "dot ARGS"
        for e, forced in wanted:
            if e in self.pictures:
                continue
            tv = re.match(r"^tv (\S+) (.+)$", e)
            if e.startswith("dot --"):
                cmd = [self.cuteref, "dot"] + shlex.split(e[4:])
            else:
                cmd = [self.cuteref, "dot", "--tv", tv.group(1), tv.group(2)] if tv else [self.cuteref, "dot", e]
            rc, out, err = run(cmd)
            if rc != 0 and not forced and "error OVERFLOW" in err:
                self.undrawn.append(e)  # a result whose values pass int64 (spec/layout.md's domain_offset): no cells to draw
                continue
            if rc != 0:
                self.warnings.append("cuteref dot failed for %s: %s" % (e, err.strip()))
                continue
            if not forced and out.count("<TD BGCOLOR") > MAX_PICTURE_CELLS:
                continue
            h = hashlib.sha1(e.encode("utf-8")).hexdigest()[:12]
            with open(os.path.join(img, h + ".dot"), "w", encoding="utf-8") as f:
                f.write(out)
            self.pictures[e] = h
            todo.append(h)
        self.dot_to_svg([os.path.join(img, h + ".dot") for h in todo])
        for e, h in list(self.pictures.items()):
            if not os.path.exists(os.path.join(img, h + ".svg")):
                self.warnings.append("no SVG for %s" % e)
                del self.pictures[e]

    def dot_to_svg(self, dots):
        for k in range(0, len(dots), 100):
            chunk = dots[k:k + 100]
            rc, out, err = run([self.dot, "-Tsvg", "-O"] + chunk)
            if rc != 0:
                self.warnings.append("dot: " + err.strip())
            for d in chunk:
                if os.path.exists(d + ".svg"):
                    os.replace(d + ".svg", d[:-4] + ".svg")

    # -- rendering helpers ---------------------------------------------------------
    def sizes(self, h):
        if h not in self.svg_sizes:
            self.svg_sizes[h] = svg_sizes.SvgSizes(os.path.join(self.out, "img", h + ".svg"))
        return self.svg_sizes[h]

    def pic(self, expr, cls="thumb"):
        """The picture of expr: "big" (a figure) at a legible size, scrolling in
        its box when the page is narrower; "thumb" (an examples table) legible
        when that fits THUMB_BOX, else reduced and labelled as such."""
        h = self.pictures.get(expr)
        if not h:
            return ""
        sz = self.sizes(h)
        legible = math.ceil(sz.legible_width(LEGIBLE_PX))
        ratio = sz.natural_h / sz.natural_w if sz.natural_w else 1.0
        width = max(sz.natural_w, legible)  # a picture whose text is small at its own size is enlarged
        reduced = cls == "thumb" and (legible > THUMB_BOX[0] or legible * ratio > THUMB_BOX[1])
        img = ('<img src="img/%s.svg" alt="picture of %s" width="%d" height="%d"%s loading="lazy">'
               % (h, esc(expr), round(width), round(width * ratio),
                  "" if reduced else ' style="min-width: %dpx"' % legible))
        if reduced:
            return ('<a class="pic thumb reduced" href="img/%s.svg" title="open the picture at full size (SVG); '
                    'its DOT source is img/%s.dot">%s<span class="reduced-note">%s</span></a>'
                    % (h, h, img, svg_sizes.THUMB_NOTE))
        return ('<a class="pic %s legible" href="img/%s.svg" title="open the picture (SVG); its DOT source is img/%s.dot">'
                '%s</a>' % (cls, h, h, img))

    def code_link(self, code):
        return '<a class="errcode" href="index.html#code-%s">%s</a>' % (code, code)

    def result_html(self, expr):
        r = self.results.get(expr)
        if r is None:
            return '<span class="muted">not evaluated</span>'
        if r[0] == "ok":
            return "<code>%s</code>" % esc(r[1])
        return '%s <span class="errmsg">%s</span>' % (self.code_link(r[1]), esc(r[2]))


def parse_check(out, rc):
    rows, notes = [], []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 6 and parts[0] not in ("property", "total"):
            try:
                rows.append((parts[0], int(parts[1]), int(parts[2]), int(parts[3]), float(parts[4]), parts[5]))
                continue
            except ValueError:
                pass
        if line.strip() and not line.startswith("property"):
            notes.append(line)
    return {"rows": rows, "notes": notes, "rc": rc, "raw": out}


# ---- page hooks -------------------------------------------------------------------
class PageHooks(md_subset.Hooks):
    def __init__(self, site, page):
        self.site, self.page = site, page
        self.defined = set()
        self.pages_by_md = {p.stem + ".md": p.html for p in site.pages}
        self.pages_by_md["README.md"] = "writing.html"
        self.pages_by_md["index.md"] = "index.html"
        self.codes = set(c for c, _ in site.codes)
        self.props = {}
        for pid, _ in site.props:
            self.props.setdefault(pid.split("/")[0], []).append(pid)

    def link(self, url):
        base, _, frag = url.partition("#")
        if base in self.pages_by_md:
            return self.pages_by_md[base] + ("#" + frag if frag else "")
        # a docs/data report links spec pages as ../../spec/X.md, and other reports by name
        if "://" not in base and base.endswith(".md"):
            name = os.path.basename(base)
            if re.match(r"^(\.\./)*spec/[^/]+\.md$", base) and name in self.pages_by_md:
                return self.pages_by_md[name] + ("#" + frag if frag else "")
            if "/" not in base and os.path.isfile(os.path.join(self.site.root, DATA_DIR, name)):
                return data_link(name)
        return url

    def code_span(self, code):
        inner = "<code>%s</code>" % esc(code)
        if code in self.pages_by_md:
            return '<a href="%s">%s</a>' % (self.pages_by_md[code], inner)
        if code in self.codes:
            return '<a class="errcode" href="index.html#code-%s">%s</a>' % (code, esc(code))
        if code in self.site.op_page:
            p = self.site.op_page[code]
            return '<a class="oplink" href="%s#op-%s">%s</a>' % (p.html if p is not self.page else "", code, inner)
        return inner

    def text(self, t):
        def sub(m):
            tag = m.group(1)
            target = self.site.anchors.get(tag)
            if not target:
                return tag
            page, _, frag = target.partition("#")
            if page == self.page.html and tag in self.page.defined_tags and tag not in self.defined:
                self.defined.add(tag)
                return '<span class="tag" id="%s">%s</span>' % (tag, tag)
            href = "#" + frag if page == self.page.html else target
            return '<a class="idlink" href="%s">%s</a>' % (href, tag)

        def cite(m):
            return '<a class="cite" href="%s" title="the cited source">[%s%s]</a>' % (CITATIONS[m.group(1)], m.group(1), m.group(2))
        return CITE_RE.sub(cite, TAG_RE.sub(sub, t))

    def list_item(self, first):
        m = POST_RE.match(first)
        if not m:
            return None
        pid = m.group(1)
        self.defined.add(pid)
        props = self.props.get(pid, [])
        if props:
            rows = [self.site.host.get(q) for q in props]
            if all(rows):
                failed = sum(r[3] for r in rows)
                what = ("%d of %d cases fail" % (failed, sum(r[1] for r in rows)) if failed else
                        "property: %d cases pass" % sum(r[1] for r in rows))
            else:
                failed, what = 0, "property"
            after = ' <a class="proplink%s" href="traceability.html#%s" title="checked by %s">%s</a>' % (
                " failing" if failed else "", pid, ", ".join(props), what)
        else:
            after = ' <span class="noprop">no property yet</span>'
        return (' id="%s" class="post"' % pid, '<a class="pid" href="#%s">%s</a> ' % (pid, pid), m.group(2), after)

    def fence(self, lang, lines):
        if lang == "cuteref-dot":  # pictures drawn by `cuteref dot ARGS`, one a line: ARGS -- caption
            return "\n".join(dot_figure_html(self.site, a, c) for a, c in dot_fence_lines(lines))
        if lang != "cuteref":
            return None
        return examples_table(self.site, self.page, lines, self)


def examples_table(site, page, lines, hooks):
    """A cuteref block as a table. On the tutorial (learn.html) each picture
    is a figure at a legible size in a row under its example; elsewhere a
    thumbnail in a third column (docs/README.md, "Pictures at normal zoom")."""
    with_pics = any(split_example(t.strip())[0] in site.pictures for _, t in lines if t.strip())
    below = with_pics and page is site.learn
    cols = 3 if with_pics and not below else 2
    out = ['<div class="table-wrap"><table class="examples%s">' % ("" if cols == 3 else " nopics"),
           "<thead><tr><th>expression</th><th>result, computed by the reference</th>%s</tr></thead>"
           % ("<th>picture</th>" if cols == 3 else ""), "<tbody>"]
    for lineno, text in lines:
        s = text.strip()
        if not s:
            continue
        if s.startswith("#"):
            out.append('<tr class="comment"><td colspan="%d">%s</td></tr>' % (cols, hooks.text(esc(s.lstrip("# ").strip()))))
            continue
        expr, kind, want = split_example(s)
        v = site.verdict.get((page.path, lineno))
        r = site.results.get(expr)
        note = ""
        if kind == "=" and r and r[0] == "ok" and unmarked(r[1]) != unmarked(want):
            note = '<div class="spec-says">spec: <code>%s</code> (equal as values)</div>' % esc(want)
        elif kind == "!" and r and r[0] == "ok":
            note = '<div class="spec-says">spec: rejected with %s</div>' % site.code_link(want)
        if v is None:
            mark = '<span class="mark unknown" title="not checked">?</span>'
            cls = ""
        elif v[0]:
            mark = '<span class="mark ok" title="checked while the site was built: matches the spec">&#10003;</span>'
            cls = ""
        else:
            mark = '<span class="mark fail" title="does not match the spec">&#10007;</span>'
            cls = ' class="fail"'
            note += '<div class="spec-says">%s</div>' % esc(v[1])
        pic = '<td class="pics">%s</td>' % site.pic(expr) if cols == 3 else ""
        out.append('<tr id="L%d"%s><td class="expr"><code>%s</code></td><td class="res">%s%s%s</td>%s</tr>'
                   % (lineno, cls, esc(expr), mark, site.result_html(expr), note, pic))
        if below and expr in site.pictures and not whole_tv_layout(expr):
            out.append('<tr class="picrow"><td colspan="2"><div class="picbox">%s</div></td></tr>' % site.pic(expr, "big"))
    out.append("</tbody></table></div>")
    return "\n".join(out)


def data_link(name):
    """Where a docs/data report is shown: its section of the traceability page, or its own page."""
    if name == FINDINGS:
        return "findings.html"
    m = re.match(r"^conformance-(.+)\.md$", name)
    if m:
        return "peers.html#conformance-summary" if m.group(1) == "summary" else "peer-%s.html" % m.group(1)
    if name == "throughput.md":
        return "peers.html#throughput"
    return "traceability.html#data-" + re.sub(r"[^A-Za-z0-9_-]", "-", name[:-3])


TV_OP_RE = re.compile(r"\b(?:mma_tv_[abc]|copy_tv_(?:src|dst|ref)|tiled_mma_[abc]_tv|tiled_copy\w*_[sd]_tv|"
                      r"make_layout_tv)\(")


def whole_tv_layout(expr):
    """A whole thread-value layout (not one thread's slice L(t, _)): on the
    tutorial its offset grid is left out, as a ```cuteref-dot picture of the
    same layout (T#V# over its tile) follows it."""
    return bool(TV_OP_RE.search(expr)) and not re.search(r"\)\([^()]*\)$", expr)


def dot_fence_lines(lines):
    """The lines of a ```cuteref-dot block: [(ARGS, caption)], ARGS as `cuteref dot` takes them."""
    out = []
    for _, text in lines:
        t = text.strip()
        if t and not t.startswith("#"):
            args, _, cap = t.partition(" -- ")
            out.append((args.strip(), cap.strip()))
    return out


def dot_fences(text):
    """Every picture a page asks for in its ```cuteref-dot blocks: [(ARGS, caption)]."""
    found = []
    for m in re.finditer(r"^```cuteref-dot[ \t]*\n(.*?)^```", text, re.S | re.M):
        found += dot_fence_lines([(0, l) for l in m.group(1).splitlines()])
    return found


def dot_figure_html(site, args, caption, cls="figure wide"):
    """A picture `cuteref dot ARGS` draws (a TV grid of atoms, tiled MMAs,
    partitions: cli/cmd_dot_atom.c), at a legible size, with the command under it."""
    key = "dot " + args
    pic = site.pic(key, "big") if key in site.pictures else '<p class="muted">(no picture: cuteref dot failed)</p>'
    shown = " ".join(shlex.quote(a) for a in shlex.split(args))  # as a shell takes it
    return ('<figure class="%s">%s<figcaption><code>cuteref dot %s</code>%s</figcaption></figure>'
            % (cls, pic, esc(shown), ("<br>" + esc(caption)) if caption else ""))


# ---- page template ---------------------------------------------------------------
def nav_groups(site):
    stems = {p.stem: p for p in site.pages}
    groups, used = [], set()
    for name, members in PAGE_GROUPS:
        ps = [stems[s] for s in members if s in stems]
        used.update(p.stem for p in ps)
        if ps:
            groups.append((name, ps))
    rest = [p for p in site.pages if p.stem not in used]
    if rest:
        groups.append(("More", rest))
    return groups


# Sidebar labels of pages whose titles are long (short_title).
SHORT_TITLES = {"mma": "MMA atoms", "copy": "Copy atoms", "tiled_mma": "Tiled MMA", "tiled_copy": "Tiled copy",
                "partition": "Partitioning"}


def short_title(p):
    """The sidebar's label: the title, or for a long list of names the file's name."""
    return p.title if len(p.title) <= 30 else SHORT_TITLES.get(p.stem, p.stem.capitalize())


def ordered_pages(site):
    return [p for _, ps in nav_groups(site) for p in ps]


def layout(site, title, body, current=None, sections=()):
    side = []
    if isinstance(current, str) and sections:
        side.append('<h3>On this page</h3><ul class="sections">%s</ul>' % "".join(
            '<li><a href="#%s">%s</a></li>' % (a, esc(t)) for t, a in sections))
    for gname, ps in nav_groups(site):
        side.append("<h3>%s</h3><ul>" % esc(gname))
        for p in ps:
            cur = ' class="current"' if current is p else ""
            side.append('<li%s><a href="%s" title="%s">%s</a>' % (cur, p.html, esc(p.title), esc(short_title(p))))
            if current is p and sections:
                side.append('<ul class="sections">%s</ul>' % "".join(
                    '<li><a href="#%s">%s</a></li>' % (a, esc(t)) for t, a in sections))
            side.append("</li>")
        side.append("</ul>")
    top = [("index.html", "Index"), ("learn.html", "Learn"), ("figures.html", "Pictures"), ("traceability.html", "Traceability"),
           ("peers.html", "Peers"), ("writing.html", "How pages are written")]
    topnav = "".join('<a href="%s"%s>%s</a>' % (h, ' class="current"' if current == h else "", t) for h, t in top)
    return """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s \u2014 cuteref</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<header class="top">
<a class="brand" href="index.html">cuteref</a>
<span class="tagline">the executable specification of the CuTe layout algebra</span>
<nav>%s</nav>
</header>
<div class="wrap">
<nav class="side">%s</nav>
<main>
%s
</main>
</div>
<footer>Generated from <code>spec/</code> by <code>docs/gen_site.py</code>. Every result and every picture on
this page was computed by the reference (<code>cuteref eval</code>, <code>cuteref dot</code>) and drawn by
Graphviz while the site was built; a &#10003; means <code>cuteref examples</code> found the line true.</footer>
</body>
</html>
""" % (esc(title), topnav, "\n".join(side), body)


# ---- pages ------------------------------------------------------------------------
def featured(site, page, limit=4):
    """The page's pictures: the chapter figures of its operations (the first of
    each operation, then the others, in figures.txt's order), else its first
    examples that show an operation, else its first picture."""
    dots = [("dot " + a, cap) for stem, a, cap in site.dot_figures if stem == page.stem and "dot " + a in site.pictures]
    if dots:  # the family pages of the layer above the algebra: their TV pictures (figures.txt, `dot PAGE ARGS`)
        return dots[:limit]
    mine = [(e, cap) for e, cap in site.figures
            if e in site.pictures and CALL_RE.match(e) and site.op_page.get(CALL_RE.match(e).group(1)) is page]
    firsts, seen = [], set()
    for e, cap in mine:
        op = CALL_RE.match(e).group(1)
        if op not in seen:
            seen.add(op)
            firsts.append(e)
    chosen = set(firsts[:limit])
    for e, _ in mine:
        if len(chosen) < limit:
            chosen.add(e)
    picks = [(e, cap) for e, cap in mine if e in chosen]
    if not picks:
        for _, ex in page.examples:
            e = split_example(ex)[0]
            m = CALL_RE.match(e)
            if e in site.pictures and m and m.group(1) in page.ops and all(e != x for x, _ in picks):
                picks.append((e, ""))
            if len(picks) >= 2:
                break
    if not picks:
        for _, ex in page.examples:
            e = split_example(ex)[0]
            if e in site.pictures:
                picks.append((e, ""))
                break
    return picks[:limit]


def figure_html(site, expr, caption, cls="figure"):
    r = site.results.get(expr)
    res = "<code>%s</code>" % esc(r[1]) if r and r[0] == "ok" else ""
    return ('<figure class="%s">%s<figcaption><code>%s</code> = %s%s</figcaption></figure>'
            % (cls, site.pic(expr, "big"), esc(expr), res, ("<br>" + esc(caption)) if caption else ""))


def render_page(site, page):
    hooks = PageHooks(site, page)
    conv = md_subset.Converter(hooks)
    text = page.text
    k = text.find("\n## ")
    intro, rest = (text, "") if k < 0 else (text[:k + 1], text[k + 1:])
    first_rest = intro.count("\n") + 1
    body = [conv.convert(intro)]
    if page.ops:
        rows = []
        synopsis = dict(site.ops)
        heads = {}
        for line in text.splitlines():
            if line.startswith("### "):
                heads.setdefault(line[4:].strip(), md_subset.slug(line[4:].strip()))
        for op in page.ops:
            target = ""
            for t, a in heads.items():
                if re.search(r"(?<![\w])%s(?![\w])" % re.escape(op), t):
                    target = a
                    break
            name = '<a href="#%s"><code>%s</code></a>' % (target, op) if target else "<code>%s</code>" % op
            rows.append('<tr id="op-%s"><td>%s</td><td>%s</td></tr>' % (op, name, esc(synopsis.get(op, ""))))
        body.append('<div class="opbox"><div class="opbox-title">Operations on this page</div>'
                    '<table class="ops"><tbody>%s</tbody></table></div>' % "\n".join(rows))
    picks = featured(site, page)
    if picks:
        body.append('<h2 id="pictures">In pictures</h2>')
        body.append('<div class="figures">%s</div>' % "\n".join(
        dot_figure_html(site, e[4:], c, "figure") if e.startswith("dot --") else figure_html(site, e, c)
        for e, c in picks))
        conv.ids.add("pictures")
    body.append(conv.convert(rest, first_rest))
    sections = [(t, a) for lvl, t, a in conv.headings if lvl == 2]
    if picks:
        sections.insert(0, ("In pictures", "pictures"))
    return layout(site, page.title, "\n".join(body), page, sections)


def render_writing(site):
    page = site.readme
    if page is None:
        return layout(site, "How pages are written", "<h1>How pages are written</h1><p>spec/README.md is missing.</p>",
                      "writing.html")
    hooks = PageHooks(site, page)
    conv = md_subset.Converter(hooks)
    return layout(site, page.title, conv.convert(page.text), "writing.html")


def render_learn(site):
    """docs/learn.md: the tutorial, its examples computed and pictured like a spec page's."""
    page = site.learn
    if page is None:
        return layout(site, "Learn the layout algebra", "<h1>Learn the layout algebra</h1><p>docs/learn.md is missing.</p>",
                      "learn.html")
    hooks = PageHooks(site, page)
    conv = md_subset.Converter(hooks)
    body = conv.convert(page.text)
    sections = [(t, a) for lvl, t, a in conv.headings if lvl == 2]
    return layout(site, page.title, body, "learn.html", sections)


def render_peers(site):
    """The peers side by side (docs/data/conformance-summary.md and
    throughput.md, written by tools/peers.sh)."""
    conv = md_subset.Converter(PageHooks(site, Page("", "", "peers.html", ("", [], [], []), "")))
    b = []
    for name, missing in (("conformance-summary.md", "no comparison yet: <code>tools/peers.sh</code> writes it"),
                          ("throughput.md", "no throughput measured yet")):
        path = os.path.join(site.root, DATA_DIR, name)
        if os.path.isfile(path):
            b.append('<div class="included" id="%s">%s</div>' % (name.split(".")[0],
                                                                  conv.convert(open(path, encoding="utf-8").read())))
        else:
            b.append('<p class="muted">%s (<code>%s/%s</code>).</p>' % (missing, DATA_DIR, name))
    if os.path.isfile(os.path.join(site.root, DATA_DIR, FINDINGS)):
        b.append('<h2 id="findings">Findings</h2><p><a href="findings.html">Each distinct defect of each peer</a>, '
                 "once, with its smallest request, the spec ID and index where it breaks, the reference's and CuTe "
                 "C++'s answers, and a paragraph for that project's issue tracker (<code>%s/%s</code>).</p>"
                 % (esc(DATA_DIR), FINDINGS))
    reports = peer_reports(site)
    if reports:
        b.append('<h2 id="reports">Each peer\'s report</h2><p>The full report of every peer, as '
                 "<code>cuteref conform --markdown</code> wrote it (tables per operation, every shrunk "
                 "counterexample); the same data as JSON sits beside it in <code>%s/</code>.</p><ul>" % esc(DATA_DIR))
        for key, html, title, cases in reports:
            b.append('<li><a href="%s">%s</a>%s</li>' % (html, esc(title), (" &mdash; " + esc(cases)) if cases else ""))
        b.append("</ul>")
    return layout(site, "The peers side by side", "\n".join(b), "peers.html",
                  [("Conformance", "conformance-summary"), ("Throughput", "throughput")] +
                  ([("Findings", "findings")] if os.path.isfile(os.path.join(site.root, DATA_DIR, FINDINGS)) else []) +
                  ([("Each peer's report", "reports")] if reports else []))


def render_findings(site):
    """docs/data/findings.md (peers/findings.py): each peer's defects, once."""
    conv = md_subset.Converter(PageHooks(site, Page("", "", "findings.html", ("", [], [], []), "")))
    text = open(os.path.join(site.root, DATA_DIR, FINDINGS), encoding="utf-8").read()
    title = re.search(r"^# (.*)$", text, re.M)
    body = ('<p class="muted"><a href="peers.html">The peers side by side</a> &rsaquo; findings '
            "(<code>%s/%s</code>)</p>" % (esc(DATA_DIR), FINDINGS)) + conv.convert(text)
    sections = [(t, a) for lvl, t, a in conv.headings if lvl == 2]
    return layout(site, title.group(1) if title else "Findings", body, "peers.html", sections)


def peer_reports(site):
    """docs/data/conformance-<peer>.md (tools/peers.sh): [(key, html, title, cases line)]."""
    d = os.path.join(site.root, DATA_DIR)
    out = []
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        m = re.match(r"^conformance-(.+)\.md$", name)
        if not m or m.group(1) == "summary":
            continue
        text = open(os.path.join(d, name), encoding="utf-8").read()
        title = re.search(r"^# (.*)$", text, re.M)
        cases = re.search(r"^- cases: (.*)$", text, re.M)
        out.append((m.group(1), "peer-%s.html" % m.group(1), title.group(1) if title else m.group(1),
                    cases.group(1) if cases else ""))
    return out


def render_peer_report(site, key):
    conv = md_subset.Converter(PageHooks(site, Page("", "", "peer-%s.html" % key, ("", [], [], []), "")))
    text = open(os.path.join(site.root, DATA_DIR, "conformance-%s.md" % key), encoding="utf-8").read()
    title = re.search(r"^# (.*)$", text, re.M)
    body = ('<p class="muted"><a href="peers.html">The peers side by side</a> &rsaquo; one report '
            "(<code>%s/conformance-%s.md</code>)</p>" % (esc(DATA_DIR), esc(key))) + conv.convert(text)
    sections = [(t, a) for lvl, t, a in conv.headings if lvl == 2]
    return layout(site, title.group(1) if title else key, body, "peers.html", sections)


def first_statement(page, lineno):
    lines = page.text.splitlines()
    out = [POST_RE.sub(r"\2", re.sub(r"^\s*[-*]\s+", "", lines[lineno - 1]))]
    for l in lines[lineno:]:
        if not l.strip() or re.match(r"^\s*[-*]\s+", l) or l.startswith("#"):
            break
        out.append(l.strip())
    return " ".join(out)


def render_index(site):
    b = ["<h1>The cuteref reference</h1>",
         "<p>cuteref defines the CuTe layout algebra (the shape:stride algebra of NVIDIA CUTLASS) by "
         "post-conditions, executes every example of the specification and checks every post-condition "
         "with a property suite. These pages are generated from <code>spec/</code>; every result and "
         "every picture was computed by the reference when the site was built.</p>",
         '<p class="start"><strong>New here?</strong> Start with <a href="learn.html">Learn the layout algebra</a>, '
         "a tour in the order of CuTe's own chapter (layouts, coalesce, composition, complement, divide, product) "
         'with computed pictures and links into the normative pages; then <a href="figures.html">the pictures</a>. '
         "Each operation's page is the specification: definition, preconditions with their error codes, "
         "post-conditions, executed examples.</p>"]
    # two pictures at a glance: the first chapter figures of composition and of a divide
    glance = []
    for want in ("composition", "logical_divide", "logical_product"):
        for e, cap in site.figures:
            m = CALL_RE.match(e)
            if m and m.group(1) == want and e in site.pictures:
                glance.append((e, cap))
                break
    if glance:
        b.append('<div class="figures glance">%s</div>' % "\n".join(figure_html(site, e, c) for e, c in glance[:2]))
        b.append('<p class="muted">More on <a href="figures.html">the pictures page</a>; every operation page '
                 "opens with its own.</p>")
    # pages
    b.append('<h2 id="pages">Pages</h2><div class="table-wrap"><table><thead><tr><th>page</th><th>operations</th>'
             '<th>post-conditions</th><th>examples</th></tr></thead><tbody>')
    for p in ordered_pages(site):
        ops = ", ".join('<a href="%s#op-%s"><code>%s</code></a>' % (p.html, o, o) for o in p.ops) or "&ndash;"
        ids = ", ".join('<a href="%s#%s">%s</a>' % (p.html, i, i) for i, _ in p.ids) or "&ndash;"
        b.append('<tr><td><a href="%s">%s</a></td><td>%s</td><td class="ids">%s</td><td class="num">%d</td></tr>'
                 % (p.html, esc(p.title), ops, ids, len(p.examples)))
    b.append("</tbody></table></div>")
    # operations
    b.append('<h2 id="operations">Operations</h2><p>Every operation of the registry (<code>cuteref ops</code>), '
             "alphabetically, with its page and whether <code>cuteref conform</code> judges an answer by the "
             "post-conditions (the judges of <code>judge/</code>, which the properties share) or by its equivalence "
             "with the reference's alone.</p><div class=\"table-wrap\"><table><thead><tr><th>operation</th>"
             "<th>synopsis</th><th>page</th><th>judged by</th></tr></thead><tbody>")
    for name, syn in sorted(site.ops):
        p = site.op_page.get(name)
        where = '<a href="%s">%s</a>' % (p.html, esc(short_title(p))) if p else '<span class="noprop">no page</span>'
        link = '<a href="%s#op-%s"><code>%s</code></a>' % (p.html, name, name) if p else "<code>%s</code>" % name
        row = site.registry.get(name, {})
        judged = "its judges" if row.get("judge") == "judge" else "equivalence"
        b.append('<tr id="index-op-%s"><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>' % (name, link, esc(syn), where, judged))
    b.append("</tbody></table></div>")
    # dependency graph
    svg = site.dependency_svg
    b.append('<h2 id="dependencies">How the operations are defined</h2>'
             "<p>An arrow <em>X &rarr; Y</em>: the definition of X on its page (or its synopsis) uses Y. "
             "Boxes group the operations of one page; click an operation to open it.</p>")
    b.append('<div class="graph">%s</div>' % svg if svg else "<p>(no graph)</p>")
    # post-conditions
    b.append('<h2 id="post-conditions">Post-conditions</h2><p>Every post-condition ID of the specification. '
             'The <a href="traceability.html">traceability matrix</a> shows the properties that check '
             "them.</p><div class=\"table-wrap\"><table class=\"posts\"><thead><tr><th>ID</th><th>statement</th>"
             "</tr></thead><tbody>")
    index_page = Page("", "", "index.html", ("", [], [], []), "")
    for p in ordered_pages(site):
        conv = md_subset.Converter(PageHooks(site, index_page))
        for i, ln in p.ids:
            b.append('<tr id="index-%s"><td class="id"><a href="%s#%s">%s</a></td><td>%s</td></tr>'
                     % (i, p.html, i, i, conv.inline(first_statement(p, ln))))
    b.append("</tbody></table></div>")
    # error codes
    raised = {}
    for p in site.pages:
        for c in p.codes:
            raised.setdefault(c, [])
            if p not in raised[c]:
                raised[c].append(p)
    examples = {}
    for p in site.all_pages():
        for ln, ex in p.examples:
            expr, kind, want = split_example(ex)
            if kind == "!":
                examples.setdefault(want, (p, ln, expr))
    b.append('<h2 id="error-codes">Error codes</h2><p>An input for which the reference cannot guarantee an '
             "operation's post-conditions is rejected with one of these codes (<code>cuteref eval --codes</code>)."
             '</p><div class="table-wrap"><table><thead><tr><th>code</th><th>meaning</th><th>preconditions on</th>'
             "<th>an example</th></tr></thead><tbody>")
    for code, meaning in site.codes:
        where = ", ".join('<a href="%s">%s</a>' % (p.html, esc(p.stem)) for p in raised.get(code, [])) or "&ndash;"
        ex = examples.get(code)
        exh = ('<a href="%s#L%d"><code>%s</code></a>' % (ex[0].html, ex[1], esc(ex[2]))) if ex else "&ndash;"
        b.append('<tr id="code-%s"><td><code>%s</code></td><td>%s</td><td>%s</td><td>%s</td></tr>'
                 % (code, code, esc(meaning), where, exh))
    b.append("</tbody></table></div>")
    sections = [("Pages", "pages"), ("Operations", "operations"), ("Definitions", "dependencies"),
                ("Post-conditions", "post-conditions"), ("Error codes", "error-codes")]
    return layout(site, "Index", "\n".join(b), "index.html", sections)


def render_figures(site):
    b = ["<h1>Pictures</h1>",
         "<p>The figures of CuTe's chapter on the layout algebra, recomputed: each picture below is drawn "
         "from the result the reference computes for the expression under it (the list of expressions is "
         "<code>docs/figures.txt</code>). A layout is a grid of offsets: mode 0 down the rows, the other "
         "modes across the columns, as in CuTe's <code>print_layout</code>. In the pictures of operations "
         "each tile (divide) or each copy (product) has its own color, tile 0 in gray.</p>"]
    b.append('<h2 id="chapter">The chapter\'s figures</h2>')
    for e, cap in site.figures:
        b.append(figure_html(site, e, cap, "figure wide"))
    if site.tv_figures:
        b.append('<h2 id="tv">Thread-value layouts</h2>'
                 "<p>A thread-value (TV) layout maps (thread, value) to a coordinate of a tile: mode 0 is the "
                 "thread, the other modes the value. <code>cuteref dot --tv TILE LAYOUT</code> draws the tile "
                 "and labels each cell T#V#, the thread that holds it and as which of its values, as CUTLASS's "
                 "<code>print_latex</code> does. These are the A, B and C layouts of the SM80 16x8x16 MMA "
                 "(<code>SM80_16x8x16_F32F16F16F32_TN</code>, from CUTLASS's <code>mma_traits_sm80.hpp</code>); "
                 "a test checks every cell against the fragment layouts of PTX's <code>mma.m16n8k16</code>.</p>")
        for tile, lay, cap in site.tv_figures:
            key = "tv %s %s" % (tile, lay)
            b.append('<figure class="figure wide">%s<figcaption><code>cuteref dot --tv \'%s\' \'%s\'</code><br>%s'
                     '</figcaption></figure>' % (site.pic(key, "big"), esc(tile), esc(lay), esc(cap)))
    if site.dot_figures:
        b.append('<h2 id="above">Atoms, tiled MMAs and partitions</h2>'
                 "<p>The layer above the algebra, drawn by <code>cuteref dot --atom</code>, <code>--tiled-mma</code>, "
                 "<code>--tv2</code>, <code>--partition</code> and <code>--partition-tv</code> from the layouts the "
                 "reference computes (the expressions in each picture's captions): every cell of a tile labelled with "
                 "the thread (and value) that holds it. Each family's page opens with its own.</p>")
        stems = {p.stem: p for p in site.pages}
        for stem in dict.fromkeys(st for st, _, _ in site.dot_figures):
            pg = stems.get(stem)
            b.append('<h3 id="above-%s">%s</h3>' % (esc(stem), ('<a href="%s">%s</a>' % (pg.html, esc(pg.title)))
                                                      if pg else esc(stem)))
            for st, args, cap in site.dot_figures:
                if st == stem:
                    b.append(dot_figure_html(site, args, cap))
    b.append('<h2 id="draw-your-own">Drawing your own</h2>'
             "<p><code>cuteref dot</code> writes the DOT source of the picture of any layout or expression; "
             "Graphviz draws it:</p>"
             '<pre class="code"><code>bazel build //:cuteref\n'
             "bazel-bin/cuteref dot '((2,2),3):((24,2),8)' | dot -Tsvg &gt; layout.svg\n"
             "bazel-bin/cuteref dot 'logical_divide((9,(4,8)):(59,(13,1)), &lt;3:3, (2,4):(1,8)&gt;)' | dot -Tpng &gt; divide.png\n"
             "bazel-bin/cuteref dot --tree '((2,2),3):((24,2),8)' | dot -Tsvg &gt; tree.svg   # the nesting\n"
             "bazel-bin/cuteref dot --tv '(16,8)' '((4,8),(2,2)):((32,1),(16,8))' | dot -Tsvg &gt; tv.svg   # T#V#\n"
             "bazel-bin/cuteref dot --atom SM80_16x8x16_F32F16F16F32_TN | dot -Tsvg &gt; atom.svg   # A, B, C\n"
             "bazel-bin/cuteref dot --tiled-mma SM80_16x8x16_F16F16F16F16_TN '(2,2,1)' | dot -Tsvg &gt; tiled.svg\n"
             "bazel-bin/cuteref dot --partition '(8,16):(16,1)' '(2,4):(4,1)' | dot -Tsvg &gt; part.svg\n"
             "bazel-bin/cuteref help dot</code></pre>"
             "<p>Every picture on these pages links to its SVG; the DOT source sits next to it "
             "(<code>img/NAME.dot</code>).</p>")
    b.append('<h2 id="dependencies">How the operations are defined</h2>')
    b.append('<div class="graph">%s</div>' % site.dependency_svg if site.dependency_svg else "")
    return layout(site, "Pictures", "\n".join(b), "figures.html",
                  [("The chapter's figures", "chapter")] + ([("Thread-value layouts", "tv")] if site.tv_figures else []) +
                  ([("Atoms, tiled MMAs, partitions", "above")] if site.dot_figures else []) +
                  [("Drawing your own", "draw-your-own"),
                   ("How the operations are defined", "dependencies")])


# ---- dependency graph ---------------------------------------------------------------
DEFINES_RE = re.compile(r"^`(?P<x>[a-z_][a-z0-9_]*)(?:<[^`]*>)?\([^`]*\)`[^.]*?\b(?:is|returns)\s+`(?P<rhs>[^`]+)`")
FORMULA_RE = re.compile(r"^\s*`?(?P<x>[a-z_][a-z0-9_]*)(?:<[^`=]*>)?\([^`=]*\)\s*=\s*(?P<rhs>[^`]+)`?")


def dependency_edges(site):
    """X -> Y when a formula defines X through Y: a synopsis `X(..) = ..Y(..)..`,
    in a page's Definition a line `X(..) = RHS`, or in its Definition or
    Post-conditions a sentence that starts with `X(..)` and says it "is" or
    "returns" `RHS`."""
    names = set(n for n, _ in site.ops)
    edges = set()

    def add(x, rhs):
        if x not in names:
            return
        ys = [m.group(1) for m in CALL_RE.finditer(rhs)]
        if rhs.strip() in names:
            ys.append(rhs.strip())
        for y in ys:
            if y in names and y != x:
                edges.add((x, y))

    for name, syn in site.ops:
        m = FORMULA_RE.match(syn)
        if m and m.group("x") == name:
            add(name, m.group("rhs"))
    for p in site.pages:
        for sec in ("Definition", "Post-conditions"):
            m = re.search(r"^## %s\s*$(.*?)(?=^## |\Z)" % sec, p.text, re.S | re.M)
            if not m:
                continue
            # statements: each line of a code block, each paragraph or list item
            # split into sentences, with a bold lead-in and a leading ID removed
            stmts, cur, in_code = [], [], False
            for line in m.group(1).splitlines():
                if line.strip().startswith("```"):
                    in_code = not in_code
                    continue
                if in_code or line.startswith("    "):
                    stmts.append(line.strip())
                    continue
                if not line.strip() or re.match(r"^\s*([-*]|\d+\.)\s|^#", line):
                    if cur:
                        stmts.append(" ".join(cur))
                    cur = [re.sub(r"^\s*([-*]|\d+\.)\s+", "", line)] if line.strip() else []
                    continue
                cur.append(line.strip())
            if cur:
                stmts.append(" ".join(cur))
            for st in stmts:
                for sent in re.split(r"(?<=[.:;])\s+(?=[A-Z`*])", st):
                    sent = re.sub(r"^\*\*[^*]+\*\*\s*", "", sent.strip())
                    for rx in ((FORMULA_RE, DEFINES_RE) if sec == "Definition" else (DEFINES_RE,)):
                        m2 = rx.match(sent)
                        if m2 and m2.group("x") in p.ops:
                            add(m2.group("x"), m2.group("rhs"))
                            break
    return sorted(edges)


def dependency_dot(site, edges):
    used = set(a for a, _ in edges) | set(b for _, b in edges)
    lines = ["digraph definitions {",
             '  graph [rankdir=LR, compound=true, nodesep=0.12, ranksep=0.5, fontname="Helvetica", fontsize=11, '
             'bgcolor="white", pad=0.1];',
             '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", color="#7a9cc6", '
             'fontname="Helvetica", fontsize=10, height=0.25, margin="0.08,0.03"];',
             '  edge [color="#8a96a8", arrowsize=0.6];']
    for p in site.pages:
        ops = [o for o in p.ops if o in used]
        if not ops:
            continue
        lines.append('  subgraph "cluster_%s" {' % p.stem)
        lines.append('    label="%s"; URL="%s"; target="_top"; style="rounded"; color="#c5ccd6"; fontcolor="#445566";'
                     % (p.stem, p.html))
        for o in ops:
            lines.append('    "%s" [URL="%s#op-%s", target="_top", tooltip="%s"];' % (o, p.html, o, o))
        lines.append("  }")
    for a, b in edges:
        lines.append('  "%s" -> "%s";' % (a, b))
    lines.append("}")
    return "\n".join(lines) + "\n"


def inline_svg(path):
    text = open(path, encoding="utf-8").read()
    k = text.find("<svg")
    text = text[k:] if k >= 0 else text
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return text


# ---- traceability ---------------------------------------------------------------------
def read_tables(md_text):
    """Yields (header cells, [row cells]) for each pipe table of a Markdown text."""
    lines = md_text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip().startswith("|") and i + 1 < len(lines) and md_subset.TABLE_SEP_RE.match(lines[i + 1]):
            head = [c.strip() for c in lines[i].strip().strip("|").split("|")]
            rows = []
            i += 2
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append([c.strip() for c in lines[i].strip().strip("|").split("|")])
                i += 1
            yield head, rows
        else:
            i += 1


def render_traceability(site):
    dev_path = os.path.join(site.root, DEVICE_RESULTS)
    device = open(dev_path, encoding="utf-8").read() if os.path.exists(dev_path) else None
    gpu = {}
    if device:
        for head, rows in read_tables(device):
            for r in rows:
                key = r[0].strip("`* ")
                if key and r[1:]:
                    gpu.setdefault(key, ", ".join("%s %s" % (h, c) for h, c in zip(head[1:], r[1:]) if c))
    host = {r[0]: r for r in site.check["rows"]} if site.check else {}
    props_by_id = {}
    for pid, desc in site.props:
        props_by_id.setdefault(pid.split("/")[0], []).append((pid, desc))

    def host_cell(pid):
        r = host.get(pid)
        if not r:
            return '<span class="muted">not run</span>'
        if r[3]:
            return '<span class="fail">&#10007; %d of %d failed</span>' % (r[3], r[2])
        return '<span class="ok">&#10003;</span> %d cases <span class="muted">(%d admissible)</span>' % (r[1], r[2])

    def gpu_cell(pid, base):
        g = gpu.get(pid) or gpu.get(base)
        return esc(g) if g else '<span class="muted">not measured yet</span>'

    b = ["<h1>Traceability and results</h1>",
         "<p>Every post-condition ID of the specification, the properties of <code>props/</code> that check it "
         "(<code>cuteref check --list</code>), their result on the host (the property suite run with its "
         "default budget while this site was built) and their GPU mirror (<code>device/</code>, from <code>%s</code>)."
         "</p>" % esc(DEVICE_RESULTS)]
    all_ids = [i for p in site.pages for i, _ in p.ids]
    with_prop = [i for i in all_ids if i in props_by_id]
    failing = [r[0] for r in site.check["rows"] if r[3]] if site.check else []
    b.append('<div class="summary"><div><b>%d</b> post-condition IDs</div><div><b>%d</b> checked by a property'
             "</div><div><b>%d</b> without one yet</div><div>host: %s</div><div>GPU: %s</div></div>" % (
                 len(all_ids), len(with_prop), len(all_ids) - len(with_prop),
                 ('<span class="fail">%d failing: %s</span>' % (len(failing), ", ".join(
                     '<a href="#host-%s">%s</a>' % (esc(f), esc(f)) for f in failing))) if failing else
                 ('<span class="ok">every property passes</span>' if host else '<span class="muted">not run</span>'),
                 "%d properties mirrored" % len(gpu) if gpu else '<span class="muted">not measured yet</span>'))
    b.append('<h2 id="matrix">Spec ID &rarr; property &rarr; GPU mirror</h2><div class="table-wrap">'
             "<table class=\"trace\"><thead><tr><th>spec ID</th><th>page</th><th>property</th><th>host (this build)"
             "</th><th>GPU mirror</th></tr></thead><tbody>")
    for p in ordered_pages(site):
        for i, _ in p.ids:
            props = props_by_id.get(i, [])
            if not props:
                b.append('<tr id="%s"><td><a href="%s#%s">%s</a></td><td><a href="%s">%s</a></td><td colspan="3">'
                         '<span class="noprop">no property yet</span></td></tr>' % (i, p.html, i, i, p.html, esc(p.stem)))
                continue
            for k, (pid, desc) in enumerate(props):
                first = k == 0
                b.append("<tr%s>%s<td><code>%s</code> <span class=\"muted\">%s</span></td><td>%s</td><td>%s</td></tr>"
                         % (' id="%s"' % i if first else "",
                            ('<td rowspan="%d"><a href="%s#%s">%s</a></td><td rowspan="%d"><a href="%s">%s</a></td>'
                             % (len(props), p.html, i, i, len(props), p.html, esc(p.stem))) if first else "",
                            esc(pid), esc(desc), host_cell(pid), gpu_cell(pid, i)))
    b.append("</tbody></table></div>")
    errs = [(pid, desc) for pid, desc in site.props if "!" in pid]
    if errs:
        b.append('<h2 id="errors">Error-code properties</h2><p>One property per error code an operation '
                 "raises: the generators find inputs that must be rejected with that code.</p>"
                 '<div class="table-wrap"><table><thead><tr><th>operation</th><th>code</th><th>host (this build)</th>'
                 "<th>GPU mirror</th></tr></thead><tbody>")
        for pid, desc in errs:
            op, _, code = pid.partition("!")
            p = site.op_page.get(op)
            opl = '<a href="%s#op-%s"><code>%s</code></a>' % (p.html, op, op) if p else "<code>%s</code>" % esc(op)
            known = code in {c for c, _ in site.codes}  # else a family of codes, e.g. complement!classified
            b.append('<tr id="prop-%s" title="property %s"><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>'
                     % (esc(pid), esc(pid), opl, site.code_link(code) if known else esc(code), host_cell(pid),
                        gpu_cell(pid, pid)))
        b.append("</tbody></table></div>")
    # host table
    b.append('<h2 id="host">Property suite on the host</h2>')
    if site.check and site.check["rows"]:
        b.append("<p><code>cuteref check</code> (default budget and seed), run while this site was built:</p>")
        b.append('<div class="table-wrap"><table class="numbers"><thead><tr><th>property</th><th>cases</th>'
                 "<th>admissible</th><th>failures</th><th>time (s)</th><th>cases/s</th></tr></thead><tbody>")
        for r in site.check["rows"]:
            b.append('<tr id="host-%s"%s><td><code>%s</code></td><td>%d</td><td>%d</td><td>%d</td><td>%.3f</td><td>%s</td></tr>'
                     % (esc(r[0]), ' class="fail"' if r[3] else "", esc(r[0]), r[1], r[2], r[3], r[4], esc(r[5])))
        b.append("</tbody></table></div>")
        if site.check["notes"]:
            b.append('<pre class="code"><code>%s</code></pre>' % esc("\n".join(site.check["notes"])))
    else:
        b.append('<p class="muted">not measured yet (<code>cuteref check</code> gave no table).</p>')
    # device and data files
    b.append('<h2 id="gpu">GPU conformance and benchmarks</h2>')
    conv = md_subset.Converter(PageHooks(site, Page("", "", "traceability.html", ("", [], [], []), "")))
    if device:
        b.append("<p>From <code>%s</code>:</p>" % esc(DEVICE_RESULTS))
        b.append('<div class="included">%s</div>' % conv.convert(device))
    else:
        b.append('<p class="muted">Not measured yet: <code>%s</code> is not there. The GPU mirror of the '
                 "property suite writes it.</p>" % esc(DEVICE_RESULTS))
    data_dir = os.path.join(site.root, DATA_DIR)
    extra = sorted(os.listdir(data_dir)) if os.path.isdir(data_dir) else []
    b.append('<h2 id="data">Other measurements</h2>')
    shown = 0
    for name in extra:
        path = os.path.join(data_dir, name)
        if name.startswith("conformance-") or name in ("throughput.md", FINDINGS):
            continue   # the peers' reports: tables on the peers page (peers.html), peer-<name>.html, findings.html
        if name.endswith(".md"):
            b.append('<h3 id="%s">%s</h3><div class="included">%s</div>' % (
                data_link(name).partition("#")[2], esc(name), conv.convert(open(path, encoding="utf-8").read())))
            shown += 1
        elif name.endswith(".json"):
            try:
                data = json.load(open(path, encoding="utf-8"))
            except ValueError as ex:
                site.warnings.append("%s: %s" % (path, ex))
                continue
            b.append("<h3>%s</h3>%s" % (esc(name), json_table(data)))
            shown += 1
    if not shown:
        b.append('<p class="muted">Not measured yet: no tables in <code>%s/</code> (<code>*.md</code> or '
                 "<code>*.json</code>).</p>" % esc(DATA_DIR))
    return layout(site, "Traceability", "\n".join(b), "traceability.html",
                  [("Matrix", "matrix"), ("Error codes", "errors"), ("Host", "host"), ("GPU", "gpu"), ("Other", "data")])


def json_table(data):
    if isinstance(data, dict) and all(isinstance(v, dict) for v in data.values()):
        data = [dict({"name": k}, **v) for k, v in data.items()]
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        keys = []
        for r in data:
            for k in r:
                if k not in keys:
                    keys.append(k)
        rows = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % esc(str(r.get(k, ""))) for k in keys) for r in data)
        return ('<div class="table-wrap"><table><thead><tr>%s</tr></thead><tbody>%s</tbody></table></div>'
                % ("".join("<th>%s</th>" % esc(k) for k in keys), rows))
    return '<pre class="code"><code>%s</code></pre>' % esc(json.dumps(data, indent=2))


# ---- main -------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=os.path.join(HERE, ".."))
    ap.add_argument("--cuteref", required=True)
    ap.add_argument("--dot", default="dot")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    args.cuteref = os.path.abspath(args.cuteref)
    site = Site(args)
    os.makedirs(args.out, exist_ok=True)
    site.load()
    site.compute()
    site.draw()
    # the dependency graph
    edges = dependency_edges(site)
    site.dependency_svg = ""
    with tempfile.TemporaryDirectory() as tmp:
        dpath = os.path.join(tmp, "definitions.dot")
        with open(dpath, "w", encoding="utf-8") as f:
            f.write(dependency_dot(site, edges))
        rc, _, err = run([args.dot, "-Tsvg", "-o", os.path.join(args.out, "img", "definitions.svg"), dpath])
        shutil.copy(dpath, os.path.join(args.out, "img", "definitions.dot"))
        if rc == 0:
            site.dependency_svg = inline_svg(os.path.join(args.out, "img", "definitions.svg"))
        else:
            site.warnings.append("dot failed on the dependency graph: " + err)
    outputs = {"index.html": render_index(site), "figures.html": render_figures(site),
               "traceability.html": render_traceability(site), "writing.html": render_writing(site),
               "peers.html": render_peers(site), "learn.html": render_learn(site)}
    for p in site.pages:
        outputs[p.html] = render_page(site, p)
    for key, html, _, _ in peer_reports(site):
        outputs[html] = render_peer_report(site, key)
    if os.path.isfile(os.path.join(site.root, DATA_DIR, FINDINGS)):
        outputs["findings.html"] = render_findings(site)
    for name, text in outputs.items():
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
    shutil.copy(os.path.join(site.root, STYLE), os.path.join(args.out, "style.css"))
    for w in site.warnings:
        print("gen_site: warning: " + w, file=sys.stderr)
    if site.undrawn:
        print("gen_site: %d example(s) without a picture, their values past int64: %s" % (
            len(site.undrawn), "; ".join(site.undrawn[:3])), file=sys.stderr)
    print("gen_site: %d pages, %d examples, %d pictures" % (
        len(outputs), sum(len(p.examples) for p in site.all_pages()), len(site.pictures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
