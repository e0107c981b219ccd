#!/usr/bin/env python3
"""Checks the generated site (//docs:site_test).

  check_site.py --root DIR --cuteref PATH --site DIR

- every operation of `cuteref eval --list` has a page (an element op-NAME on
  it) and the index links to it;
- every post-condition ID of spec/ is an anchor on its page and appears in
  the index and in the traceability matrix; every error code is in the index;
- every example line of every page is a row of its page's examples;
- every page with operations shows computed examples and at least one picture;
- every internal link (href, src, SVG xlink:href) resolves, fragment included;
- every picture is a valid SVG (well-formed XML whose root is <svg>);
- `cuteref dot` draws assorted layouts and operations (DOT_CASES) into SVGs,
  and strips in bands that fit a page (STRIP_CASES);
- for a newcomer (issue 15): the index links to the tutorial learn.html, whose
  examples are all computed and checked, which shows pictures and links into
  every algebra page; citations such as [Shah] are links; the peers' reports
  are tables (peers.html links one page per report), never raw JSON on the
  traceability page; the style sheet lets pictures scroll at 400 px.
"""
import re
import argparse
import html.parser
import importlib.util
import os
import subprocess
import sys
import xml.etree.ElementTree as ET


# Layouts of every kind (ranks 1-3, nesting, static marks, negative and zero
# strides, size 1, too large for a full grid) and every kind of picture.
DOT_CASES = [
    "8", "_8:_1", "(4,2):(1,4)", "((2,2),3):((24,2),8)", "(4,2,3):(2,1,8)", "(4,4):(-1,1)", "(4,3):(0,1)",
    "_1:_0", "(1000000,1000000)", "(3,(4,(2,2))):(1,(3,(12,24)))", "(4,2):(1,4)(_,1)",
    "composition((6,2):(8,2), (4,3):(3,1))", "composition(8:2, 4)", "with_shape(24:1, (2,3,4))",
    "complement((2,2):(1,6), 24)", "complement(4:1, 100000)", "logical_divide(48, _32)",
    "zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)", "flat_divide((4,8,3), <2,4>)",
    "logical_divide((100,100), 8)", "blocked_product((2,5):(5,1), (3,4):(1,3))", "tile_to_shape((2,2):(1,2), (8,6))",
    "coalesce((2,(1,6)):(1,(6,2)))", "right_inverse((4,2):(2,1))", "left_inverse((2,4):(4,1))",
    "shape_div((12,(4,8)), 3)", "<3:4, (2,4):(1,8)>",
]


# Strips (at most 16 rows, too wide for a page) are drawn in bands of columns
# (issue 39): each picture fits the main column of a 1280 px window (900 CSS
# px = 675 pt) at its own size, and still shows every column index.
STRIP_CASES = [("gmma_atom(K, 128, 16)", 64), ("composition(Sw<3,4,3>, (_8,_64):(_64,_1))", 64),
               ("(4,32):(32,1)", 32), ("64:1", 64)]
STRIP_MAX_PT = 675


def svg_ok(text):
    root = ET.fromstring(text)
    return root.tag in ("svg", "{http://www.w3.org/2000/svg}svg")


class Scan(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.imgs, self.classes = set(), [], [], {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        for k in ("href", "src", "xlink:href"):
            if a.get(k):
                self.links.append(a[k])
        if tag == "img" and a.get("src"):
            self.imgs.append(a["src"])
        for c in (a.get("class") or "").split():
            self.classes[c] = self.classes.get(c, 0) + 1

    handle_startendtag = handle_starttag


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--cuteref", required=True)
    ap.add_argument("--site", required=True)
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("spec_index", os.path.join(a.root, "tools", "spec_index.py"))
    si = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(si)

    problems, passed = [], [0]

    def check(cond, msg):
        if cond:
            passed[0] += 1
        else:
            problems.append(msg)

    scans = {}
    for name in sorted(os.listdir(a.site)):
        if name.endswith(".html"):
            s = Scan()
            s.feed(open(os.path.join(a.site, name), encoding="utf-8").read())
            scans[name] = s
    check("index.html" in scans, "index.html is missing")
    if not problems:
        index = scans["index.html"]

        # operations
        ops = subprocess.run([a.cuteref, "eval", "--list"], stdout=subprocess.PIPE,
                             universal_newlines=True, check=True).stdout.split("\n")
        for line in ops:
            if not line.strip():
                continue
            op = line.split()[0]
            pages = [n for n, s in scans.items() if n != "index.html" and "op-" + op in s.ids]
            check(len(pages) == 1, "operation %s: %d pages have the anchor op-%s" % (op, len(pages), op))
            if pages:
                check("%s#op-%s" % (pages[0], op) in index.links, "index does not link to %s#op-%s" % (pages[0], op))

        # spec IDs, examples, pictures
        trace = scans.get("traceability.html")
        check(trace is not None, "traceability.html is missing")
        for path in si.pages(a.root):
            title, ids, codes, examples = si.parse_page(path)
            page = os.path.basename(path)[:-3] + ".html"
            s = scans.get(page)
            check(s is not None, "%s has no page %s" % (path, page))
            if s is None:
                continue
            for i, ln in ids:
                check(i in s.ids, "%s: ID %s is not an anchor of %s" % (path, i, page))
                check("index-" + i in index.ids, "ID %s is not in the index" % i)
                check(trace is not None and i in trace.ids, "ID %s is not in the traceability matrix" % i)
            for ln, ex in examples:
                check("L%d" % ln in s.ids, "%s:%d: example is not on %s" % (path, ln, page))
            has_ops = bool(s.classes.get("ops"))
            if has_ops:
                check(s.classes.get("res", 0) > 0, "%s shows no computed example" % page)
                check(any(i.startswith("img/") and i.endswith(".svg") for i in s.imgs), "%s shows no picture" % page)
        for code, _ in si.error_codes(a.root):
            check("code-" + code in index.ids, "error code %s is not in the index" % code)

        # links
        for name, s in scans.items():
            for link in s.links:
                if link.startswith(("http://", "https://", "mailto:")):
                    continue
                path, _, frag = link.partition("#")
                target = name if not path else os.path.normpath(path)
                full = os.path.join(a.site, target)
                if not os.path.exists(full):
                    problems.append("%s: link %s: no file %s" % (name, link, target))
                    continue
                if frag and target.endswith(".html"):
                    if frag not in scans[target].ids:
                        problems.append("%s: link %s: no id %s in %s" % (name, link, frag, target))
                        continue
                passed[0] += 1

        # pictures
        img = os.path.join(a.site, "img")
        svgs = sorted(f for f in os.listdir(img) if f.endswith(".svg")) if os.path.isdir(img) else []
        check(len(svgs) > 0, "no pictures in img/")
        for f in svgs:
            try:
                root = ET.parse(os.path.join(img, f)).getroot()
                check(root.tag in ("svg", "{http://www.w3.org/2000/svg}svg"), "img/%s: root is <%s>, not <svg>" % (f, root.tag))
            except ET.ParseError as ex:
                problems.append("img/%s is not well-formed XML: %s" % (f, ex))

    # a newcomer's pages (issue 15)
    learn = scans.get("learn.html")
    check(learn is not None, "learn.html (docs/learn.md, the tutorial) is missing")
    if learn is not None and "index.html" in scans:
        check("learn.html" in scans["index.html"].links, "the index does not link to learn.html")
        for page in ("layout", "coalesce", "composition", "complement", "divide", "product"):
            check(any(l.startswith(page + ".html") for l in learn.links), "learn.html does not link to %s.html" % page)
        check(learn.classes.get("mark", 0) >= 10 and "mark fail" not in open(os.path.join(a.site, "learn.html")).read(),
              "learn.html: its examples are not all computed and checked")
        check(len([i for i in learn.imgs if i.startswith("img/")]) >= 6, "learn.html shows fewer than 6 pictures")
    for name, s in scans.items():
        text = open(os.path.join(a.site, name), encoding="utf-8").read()
        m = re.search(r"\[(Shah|Cecka|Cat|CuTe)(, [^\]<]*)?\](?!</a>)", re.sub(r"<code>.*?</code>", "", text, flags=re.S))
        check(not m, "%s: the citation %s is not a link" % (name, m.group(0) if m else ""))
    if "traceability.html" in scans:
        text = open(os.path.join(a.site, "traceability.html"), encoding="utf-8").read()
        check("conformance-" not in text.split('id="data"')[-1], "traceability.html shows peers' reports (raw)")
    for f in os.listdir(os.path.join(a.root, "docs", "data")) if os.path.isdir(os.path.join(a.root, "docs", "data")) else []:
        m = re.match(r"^conformance-(.+)\.md$", f)
        if m and m.group(1) != "summary":
            check("peer-%s.html" % m.group(1) in scans.get("peers.html", Scan()).links,
                  "peers.html does not link to peer-%s.html" % m.group(1))
    css = open(os.path.join(a.site, "style.css"), encoding="utf-8").read()
    phone = re.search(r"@media \(max-width: 40rem\) \{(.*?)\n\}", css, re.S)
    check(phone is not None and "overflow-x: auto" in phone.group(1) and "max-width: none" in phone.group(1),
          "style.css: at 400 px pictures must keep their size and scroll (an @media (max-width: 40rem) rule)")

    # cuteref dot
    for case in DOT_CASES:
        for opts in ([], ["--plain"], ["--tree"]):
            d = subprocess.run([a.cuteref, "dot"] + opts + [case], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True)
            if d.returncode != 0:
                problems.append("cuteref dot %s%s: exit %d: %s" % (" ".join(opts) + " " if opts else "", case,
                                                                   d.returncode, d.stderr.strip()))
                continue
            g = subprocess.run(["dot", "-Tsvg"], input=d.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True)
            try:
                check(g.returncode == 0 and svg_ok(g.stdout), "dot -Tsvg on cuteref dot %s: %s" % (case, g.stderr.strip()))
            except ET.ParseError as ex:
                problems.append("cuteref dot %s: not an SVG: %s" % (case, ex))
    for case, cols in STRIP_CASES:
        d = subprocess.run([a.cuteref, "dot", case], stdout=subprocess.PIPE, universal_newlines=True)
        g = subprocess.run(["dot", "-Tsvg"], input=d.stdout, stdout=subprocess.PIPE, universal_newlines=True)
        m = re.search(r'<svg width="([0-9.]+)pt"', g.stdout)
        check(m is not None and float(m.group(1)) <= STRIP_MAX_PT,
              "cuteref dot %s: %s pt wide, want at most %d (a strip is drawn in bands)"
              % (case, m.group(1) if m else "?", STRIP_MAX_PT))
        heads = set(re.findall(r'<FONT POINT-SIZE="8" COLOR="#808080">(\d+)</FONT></TD>', d.stdout))
        check(all(str(c) in heads for c in range(cols)), "cuteref dot %s: not every column 0..%d is headed" % (case, cols - 1))
    d = subprocess.run([a.cuteref, "dot", "size((4,2))>"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    check(d.returncode == 1, "cuteref dot of a bad expression exits %d, want 1" % d.returncode)

    for p in problems:
        print("FAILED: " + p)
    print("%d passed, %d failed" % (passed[0], len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
