#!/usr/bin/env python3
"""Opens every page of the generated site in headless Chromium (//docs:browser_test).

  browser_check.py --site DIR [--chromium PATH] [--widths 1280,375] [--min-px 10]

Each page is loaded at each width and fails the test (naming the page, the
width and the element) when
- the page is wider than the window (the document scrolls sideways; a table,
  a <pre> or a picture that scrolls inside its own box is fine);
- an image is broken (not loaded, or loaded with no size);
- a picture is illegible: its smallest text, as shown, is under --min-px
  pixels. For an SVG shown by <img> (opaque to scripts) that is its smallest
  font size, read from the file, times the scale at which the browser shows
  it (shown width / viewBox width); for an inline <svg> the browser measures
  it. A picture whose text is smaller is acceptable only as a labelled
  thumbnail (docs/README.md, "Pictures at normal zoom"): a link to the
  full-size file itself, whose visible text says svg_sizes.THUMB_NOTE, when
  that file is legible at its own size.

--self-test first checks a small site with one of each fault planted (and
allowed cases beside them): the check must find exactly the planted ones.

How: the site is copied (HTML only; pictures and style sheet linked) with
docs/browser_probe.js injected into every page, and lazy images made eager;
one browser run loads a driver page that opens the copies in iframes of each
width, a few at a time, collects what each probe posts, and writes it into
its own DOM, which Chromium's --dump-dom prints; PER_RUN page loads a
browser run, so a slow machine is not mistaken for a hung browser.
Python 3 standard library.
"""
import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import svg_sizes  # noqa: E402
PROBE = os.path.join(HERE, "browser_probe.js")
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
INSTALL = ("install Debian's chromium: `apt-get install -y --no-install-recommends chromium` "
           "(tools/setup.sh does), or pass --chromium PATH")
HEIGHT = {1280: 800, 375: 812}   # a laptop's and a phone's window

DRIVER = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>browser_check driver</title></head>
<body><script>
"use strict";
var jobs = %(jobs)s, parallel = %(parallel)d, next = 0, running = 0, results = [], frames = new Map();
function finish(job, verdict) {
  var f = job.frame;
  frames.delete(f.contentWindow);
  f.remove();
  verdict.width = job.width;
  results.push(verdict);
  running--;
  start();
}
addEventListener("message", function (e) {
  var job = frames.get(e.source);
  if (job) { clearTimeout(job.timer); finish(job, e.data); }
});
function start() {
  while (running < parallel && next < jobs.length) {
    var job = jobs[next++];
    var f = document.createElement("iframe");
    f.style.width = job.width + "px";
    f.style.height = job.height + "px";
    f.style.border = "0";
    job.frame = f;
    document.body.appendChild(f);
    frames.set(f.contentWindow, job);
    job.timer = setTimeout(function (job) {
      finish(job, {page: job.page, error: "no answer from the page within %(timeout)d ms (a script error?)"});
    }, %(timeout)d, job);
    f.src = job.page;
    running++;
  }
  if (running === 0 && next === jobs.length) {
    var pre = document.createElement("pre");
    pre.id = "verdict";
    pre.textContent = JSON.stringify(results);
    document.body.appendChild(pre);
  }
}
start();
</script></body></html>
"""


def find_browser(explicit):
    if explicit:
        return explicit if shutil.which(explicit) or os.path.isfile(explicit) else None
    for b in [os.environ.get("CHROMIUM", "")] + list(BROWSERS):
        if b and shutil.which(b):
            return shutil.which(b)
    return None


def instrument(site, work, probe):
    """Copies the site's pages into work/ with the probe injected; links the rest."""
    pages = []
    for name in sorted(os.listdir(site)):
        src = os.path.join(site, name)
        dst = os.path.join(work, name)
        if not name.endswith(".html"):
            os.symlink(os.path.realpath(src), dst)
            continue
        text = open(src, encoding="utf-8").read()
        # eager: a lazy image below the fold never loads in a window nobody scrolls
        text = text.replace(' loading="lazy"', ' loading="eager"')
        k = text.rfind("</body>")
        if k < 0:
            k = len(text)
        text = text[:k] + "<script>\n" + probe + "\n</script>\n" + text[k:]
        with open(dst, "w", encoding="utf-8") as f:
            f.write(text)
        pages.append(name)
    return pages


# Page loads per browser run, and the wall-clock seconds a run may take per
# page load (never under WALL_MIN_S). The virtual-time budget decides when a
# page has failed to answer; the wall limit only stops a browser that hangs.
# One run of all 92 loads took 100-123 s alone but passed 600 s in .ci/run
# beside //props:mutants_test and nvcc on 2 cores (stop 54): load, not a hang.
PER_RUN = 24
WALL_PER_LOAD_S = 60
WALL_MIN_S = 300


def run_browser(browser, work, jobs, parallel, timeout_ms, profile):
    driver = os.path.join(work, "_browser_check_driver.html")
    with open(driver, "w", encoding="utf-8") as f:
        f.write(DRIVER % {"jobs": json.dumps(jobs), "parallel": parallel, "timeout": timeout_ms})
    budget = timeout_ms * (len(jobs) // parallel + 2)
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
           "--user-data-dir=" + profile, "--window-size=1280,800",
           "--virtual-time-budget=%d" % budget, "--dump-dom", "file://" + driver]
    # Chromium puts its singleton socket under $TMPDIR, whose path must fit a
    # socket address (108 bytes): Bazel's sandboxed TEST_TMPDIR does not
    short = None
    for base in ("/tmp", "/var/tmp", os.environ.get("TEST_TMPDIR")):
        try:
            short = tempfile.mkdtemp(prefix="cr.", dir=base)
            break
        except (OSError, TypeError):
            continue
    env = dict(os.environ, TMPDIR=short) if short else None
    wall = max(WALL_MIN_S, WALL_PER_LOAD_S * len(jobs))
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                           timeout=wall, env=env)
    except subprocess.TimeoutExpired:
        raise SystemExit("browser_check: FAILED: %s did not finish %d page loads (%s) within %d s of wall time"
                         % (browser, len(jobs), ", ".join(sorted(set(j["page"] for j in jobs))), wall))
    finally:
        if short:
            shutil.rmtree(short, ignore_errors=True)
    m = re.search(r'<pre id="verdict">(.*?)</pre>', p.stdout, re.S)
    if not m:
        raise SystemExit("browser_check: FAILED: %s gave no verdict (exit %d): %s"
                         % (browser, p.returncode, p.stderr.strip()[-2000:]))
    return json.loads(html.unescape(m.group(1)))


# ---- pictures: what the file says ------------------------------------------------------
class Pictures:
    def __init__(self, base):
        self.base, self.cache = base, {}

    def get(self, src):
        if src not in self.cache:
            try:
                self.cache[src] = svg_sizes.SvgSizes(os.path.join(self.base, src.split("#")[0]))
            except (OSError, ET.ParseError) as ex:
                self.cache[src] = ex
        return self.cache[src]


# ---- the verdicts ---------------------------------------------------------------------------
def labelled(im):
    """A thumbnail may be smaller than legible when it links to its own file
    and says so where the reader sees it (docs/README.md, "Pictures at normal zoom")."""
    return im["link"] == im["src"] and svg_sizes.THUMB_NOTE in im["label"]


def judge(verdicts, pictures, min_px):
    """The problems, and per width ([text px of each picture shown in place],
    [text px at full size of each labelled thumbnail])."""
    problems, stats = [], {}
    for v in verdicts:
        where = "%s at %d px" % (v.get("page"), v.get("width", 0))
        if "error" in v:
            problems.append("%s: %s" % (where, v["error"]))
            continue
        if v["scrollWidth"] > v["viewport"]:
            w = v.get("wide", {"count": 0, "elements": []})
            culprits = "; ".join("%s reaches %d px (%s)" % (e["path"], e["right"], json.dumps(e["text"]))
                                 for e in w["elements"]) or "no single element found"
            problems.append("%s: the page is %d px wide in a %d px window: %s%s" % (
                where, v["scrollWidth"], v["viewport"], culprits,
                " and %d more" % (w["count"] - 3) if w["count"] > 3 else ""))
        for im in v["images"]:
            what = "<img src=%s>" % im["src"]
            if not im["complete"] or im["naturalWidth"] == 0:
                problems.append("%s: %s is broken (%s)" % (
                    where, what, "did not finish loading" if not im["complete"] else "no picture in it"))
                continue
            if im["width"] == 0 or not im["src"].split("#")[0].endswith(".svg"):
                continue  # not shown (display: none), or a raster image: no text to measure
            info = pictures.get(im["src"])
            if isinstance(info, Exception):
                problems.append("%s: %s: cannot read the SVG: %s" % (where, what, info))
                continue
            px = info.text_px(im["width"], im["height"])
            if px is None:
                continue  # no text in it
            full = info.text_px(info.natural_w, info.natural_h)
            legible, reduced = stats.setdefault(v["width"], ([], []))
            if px >= min_px:
                legible.append(px)
                continue
            if labelled(im) and full >= min_px:
                reduced.append(full)
                continue  # a labelled thumbnail of a picture legible at its own size, one click away
            problems.append("%s: %s (%s) is illegible: its smallest text (%s) is %.1f px as shown (%.0f x %.0f px, "
                            "%.0f%% of its natural size)%s; want at least %g px" % (
                                where, what, im["alt"], json.dumps(info.least_text), px, im["width"], im["height"],
                                100.0 * im["width"] / im["naturalWidth"],
                                " and %.1f px at full size" % full if labelled(im) else "", min_px))
        for s in v["svgs"]:
            if s["width"] == 0 or s["height"] == 0:
                problems.append("%s: an inline <svg> (%s) shows nothing" % (where, s["path"]))
            elif s["least"] is not None and s["least"] < min_px:
                problems.append("%s: the inline <svg> (%s) is illegible: its smallest text (%s) is %.1f px; want at least %g px"
                                % (where, s["path"], json.dumps(s["text"]), s["least"], min_px))
    return problems, stats


def check(site, browser, widths, min_px, parallel, timeout_ms, only=(), json_out=""):
    """Loads every page of site at every width: (problems, summary)."""
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="browser_check.", dir=os.environ.get("TEST_TMPDIR"))
    try:
        work = os.path.join(tmp, "site")
        os.makedirs(work)
        pages = instrument(site, work, open(PROBE, encoding="utf-8").read())
        if only:
            pages = [p for p in pages if p in only]
        if not pages:
            return ["no pages (*.html) in %s" % site], ""
        jobs = [{"page": p, "width": w, "height": HEIGHT.get(w, 800)} for w in widths for p in pages]
        verdicts = []
        runs = (len(jobs) + PER_RUN - 1) // PER_RUN
        for k in range(runs):
            part = jobs[k * PER_RUN:(k + 1) * PER_RUN]
            t1 = time.time()
            verdicts += run_browser(browser, work, part, parallel, timeout_ms, os.path.join(tmp, "profile"))
            if runs > 1:
                print("browser_check: run %d of %d: %d page loads in %.1f s" % (k + 1, runs, len(part),
                                                                             time.time() - t1),
                      file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if json_out:
        with open(json_out, "w", encoding="utf-8") as f:
            json.dump(verdicts, f, indent=1)
    problems, stats = judge(verdicts, Pictures(site), min_px)
    if len(verdicts) != len(jobs):
        problems.append("%d of %d page loads gave no verdict" % (len(jobs) - len(verdicts), len(jobs)))
    summary = "%d pages x %d widths (%s px) in %.1f s" % (len(pages), len(widths), ", ".join(map(str, widths)),
                                                         time.time() - t0)
    for w in widths:
        legible, reduced = stats.get(w, ([], []))
        summary += "; at %d px %d pictures in place%s, %d labelled thumbnails%s" % (
            w, len(legible), " (smallest text %.1f px)" % min(legible) if legible else "",
            len(reduced), " (smallest text at full size %.1f px)" % min(reduced) if reduced else "")
    return problems, summary


# ---- the self-test: a site with one of each fault -------------------------------------------
def _svg(width, font):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%dpt" height="%dpt" viewBox="0 0 %d %d">'
            '<text x="4" y="%d" font-size="%d">0 1 2 3</text></svg>' % (width, 60, width, 60, 30, font))


SELF_TEST = {
    "tiny.svg": _svg(200, 12),    # 16 px at full size (267 px wide)
    "tinier.svg": _svg(200, 6),   # 8 px at full size: illegible however it is shown
    "bad.svg": "<svg xmlns='http://www.w3.org/2000/svg'><text>not closed",
    "good.html": "<p>fine</p><img src='tiny.svg'><pre style='overflow-x:auto'>%s</pre>"
                 "<div style='overflow-x:auto'><table><tr><td style='white-space:nowrap'>%s</td></tr></table></div>"
                 "<a href='tiny.svg'><img src='tiny.svg' style='width:60px'><span>%s</span></a>"
                 % ("x" * 500, "y " * 500, svg_sizes.THUMB_NOTE),
    "wide.html": "<p><code>%s</code></p>" % ("z" * 500),
    "broken.html": "<img src='missing.svg'><img src='bad.svg'>",
    "small.html": "<img src='tiny.svg' style='width:100px'>"
                  "<a href='tinier.svg'><img src='tinier.svg' style='width:100px'><span>%s</span></a>"
                  % svg_sizes.THUMB_NOTE,
    "inline.html": "<svg width='200' height='40' viewBox='0 0 400 80'><text x='0' y='40' font-size='12'>4</text></svg>",
}
SELF_TEST_WANT = sorted([(p, w, k) for w in (1280, 375) for p, k in (
    ("wide.html", "wide in a"), ("broken.html", "is broken"), ("broken.html", "is broken"),
    ("small.html", "is illegible"), ("small.html", "is illegible"), ("inline.html", "is illegible"))])


def self_test(browser, parallel, timeout_ms):
    """The checker finds each planted fault, and nothing on the good page."""
    tmp = tempfile.mkdtemp(prefix="browser_selftest.", dir=os.environ.get("TEST_TMPDIR"))
    try:
        for name, body in SELF_TEST.items():
            text = body if name.endswith(".svg") else (
                "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>%s</body></html>" % body)
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
        problems, _ = check(tmp, browser, [1280, 375], 10.0, parallel, timeout_ms)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    got = []
    for p in problems:
        m = re.match(r"^(\S+) at (\d+) px: .*?(wide in a|is broken|is illegible)", p)
        got.append((m.group(1), int(m.group(2)), m.group(3)) if m else (p, 0, "?"))
    if sorted(got) != SELF_TEST_WANT:
        return ["the self-test site: want %s, got %s" % (SELF_TEST_WANT, problems)]
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", required=True)
    ap.add_argument("--chromium", default="")
    ap.add_argument("--widths", default="1280,375")
    ap.add_argument("--min-px", type=float, default=10.0)
    ap.add_argument("--parallel", type=int, default=4, help="pages loaded at once (default 4)")
    ap.add_argument("--timeout-ms", type=int, default=60000, help="per page, in the browser's virtual time")
    ap.add_argument("--pages", default="", help="only these pages (comma-separated names)")
    ap.add_argument("--json", default="", help="also write every measurement to this file")
    ap.add_argument("--self-test", action="store_true", help="first check that a site with planted faults fails")
    a = ap.parse_args()
    browser = find_browser(a.chromium)
    if not browser:
        print("browser_check: FAILED: no headless browser (looked for %s on PATH); %s"
              % (", ".join(BROWSERS), INSTALL))
        return 2
    if a.self_test:
        t0 = time.time()
        bad = self_test(browser, a.parallel, a.timeout_ms)
        for p in bad:
            print("FAILED: " + p)
        if bad:
            return 1
        print("browser_check: self-test: every planted fault found, %.1f s" % (time.time() - t0))
    problems, summary = check(os.path.abspath(a.site), browser, [int(w) for w in a.widths.split(",")], a.min_px,
                              a.parallel, a.timeout_ms, [p for p in a.pages.split(",") if p], a.json)
    for p in problems:
        print("FAILED: " + p)
    print("browser_check (%s): %s; %d problems" % (os.path.basename(browser), summary, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
