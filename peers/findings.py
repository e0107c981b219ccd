#!/usr/bin/env python3
"""Findings people can act on: each distinct defect of each implementation
judged by tools/peers.sh, once, with a paragraph ready for that project's
issue tracker (docs/data/findings.md).

    findings.py --summary docs/data/conformance-summary.json --reports docs/data
                [--markdown docs/data/findings.md]

Reads the summary (compare.py summary: which peers were judged, which were
not reached, and what every peer answered to every shrunk counterexample)
and each peer's report (`conformance-<key>.json` of `cuteref conform`: the
shrunk counterexamples with their spec ID, in-domain index and why).

A defect is the shrunk counterexamples of one operation whose verdicts name
the same spec ID and post-condition (spec/principle.md §4), and for a
rejection the same kind of error (`CRASH SIGABRT`, `ValueError`): one cause.
Its request is the smallest of them. The order is the one of their gravity:
wrong values inside the domain, then wrong rejections (crashes among them),
then inputs the spec rejects accepted with a post-condition broken;
differences by convention are no defect (CuTe defines nothing there) and are
only counted. Nothing here judges: every verdict, index and reason is the
report's.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from compare import SHORT, md_code, ordered  # noqa: E402

# (verdict, heading), in the order of their gravity.
SECTIONS = [
    ("wrong_result", "Wrong results inside the domain: wrong values at an index, then wrong shapes"),
    ("wrong_rejection", "Wrong rejections"),
    ("accepted_inadmissible", "Inadmissible inputs accepted, a post-condition broken"),
]
CPP = "cute-cpp"


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def error_kind(answer) -> str:
    """The kind of a rejection: `CRASH SIGABRT`, `ValueError`, `TIMEOUT`."""
    words = (answer or "").split()
    if len(words) < 2 or words[0] != "error":
        return ""
    kind = words[1].rstrip(":")
    if kind == "CRASH" and len(words) > 2:
        kind += " " + words[2].rstrip(":")
    return kind


def cause(c) -> tuple:
    """What makes two counterexamples of one peer the same defect."""
    rejection = c["verdict"] == "wrong_rejection"
    return (c["verdict"], c["op"], c.get("spec_id") or "", c.get("post_condition_violated") or "",
            error_kind(c.get("answer")) if rejection else "")


def size_key(request: str):
    """Smaller first: fewer digits and parentheses, then shorter."""
    return (sum(ch.isdigit() for ch in request) + request.count("("), len(request), request)


def defects(report) -> list:
    """[(cause, [counterexamples, smallest first])] of one report."""
    groups = collections.OrderedDict()
    for c in report.get("counterexamples", []):
        if c.get("verdict") not in dict(SECTIONS):
            continue
        groups.setdefault(cause(c), []).append(c)
    # the smallest request that breaks at an index shows the defect best
    out = [(k, sorted(v, key=lambda c: (not witness_words(c), size_key(c["request"])))) for k, v in groups.items()]
    order = [v for v, _ in SECTIONS]
    # by gravity (a wrong value at an index before a wrong shape), then the
    # causes with the most failing requests first
    out.sort(key=lambda kv: (order.index(kv[0][0]), not witness_words(kv[1][0]),
                             -sum(c.get("count", 1) for c in kv[1]), kv[0][1:]))
    return out


def spec_link(report, c) -> str:
    """The spec page and ID of a counterexample's defect (the report's own)."""
    rank = c.get("defect")
    for d in report.get("defects", []):
        if d.get("rank") == rank and d.get("spec"):
            return d["spec"].split(", ")[-1]
    return ""


def others_answers(summary, request, key):
    """(CuTe C++'s answer as words or None, [peers wrong the same way])."""
    for cx in summary.get("counterexamples", []):
        if cx["request"] != request:
            continue
        cpp, same = None, []
        mine = next((cl for cl in cx["clusters"] if key in cl["peers"]), None)
        for cl in cx["clusters"]:
            if CPP in cl["peers"] and key != CPP:
                if cl["kind"] == "conforming":
                    cpp = "conforms (the reference's value)"
                elif cl["kind"] == "not_provided":
                    cpp = "does not provide the operation"
                else:
                    cpp = f"{md_code(cl['answer'])} ({cl['kind'].replace('_', ' ')})"
        if mine is not None and mine["kind"] not in ("conforming", "not_provided"):
            same = [k for k in mine["peers"] if k != key]
        if key != CPP and cpp is None and CPP in cx.get("unknown", []):
            cpp = "not asked"
        return cpp, same
    return None, []


def witness_words(c) -> str:
    w = c.get("witness")
    return f" at index {w['index']}" if isinstance(w, dict) and "index" in w else ""


def paragraph(peer, c, n_more, cpp, same, page) -> str:
    """Plain text for the implementation's issue tracker."""
    op, req, ans, exp = c["op"], c["request"], c.get("answer") or "", c.get("expected") or ""
    why = c.get("why")
    at = witness_words(c)
    if cpp and cpp.startswith("conforms"):
        cpp_words = " CuTe C++ (CUTLASS 4.2) gives the layout algebra's value."
    elif cpp and cpp.startswith("`"):
        cpp_words = f" CuTe C++ (CUTLASS 4.2) answers {cpp.split(' (')[0]}."
    else:
        cpp_words = ""
    version = peer.get("version") or peer["name"]
    if c["verdict"] == "wrong_result":
        how = f"the two differ{at} of the domain" if at else "the two are not equivalent"
        text = (f"With {version}, `{req}` returns `{ans.removeprefix('ok ')}`, which is not the layout algebra's "
                f"`{exp.removeprefix('ok ')}`: {how}" + (f" ({why})" if why else "")
                + f", breaking {c.get('spec_id')} of the cuteref spec" + (f" ({page})" if page else "") + ".")
    elif c["verdict"] == "wrong_rejection":
        text = (f"With {version}, `{req}` fails ({md_code(ans)}) although every precondition of `{op}` holds: the "
                f"layout algebra defines the result `{exp.removeprefix('ok ')}`.")
    else:
        post = c.get("post_condition_violated") or "a post-condition"
        text = (f"With {version}, `{req}` is accepted and returns `{ans.removeprefix('ok ')}`, but the input "
                f"breaks a precondition of `{op}` ({c.get('spec_id')}) and the answer breaks {post}{at}"
                + (f" ({why})" if why else "") + f"; rejecting it (`{exp}`) would be right.")
    text += cpp_words
    if c.get("shrunk_from") and c["shrunk_from"] != req:
        text += f" Found by random testing from `{c['shrunk_from']}` and shrunk to this input"
    else:
        text += " Found by random testing"
    text += (f"; {n_more} other failing input{'s' if n_more > 1 else ''} of `{op}` "
             f"{'have' if n_more > 1 else 'has'} the same cause." if n_more else ".")
    if same:
        text += " The same answer comes from " + ", ".join(SHORT.get(k, k) for k in same) + "."
    return text


def peer_section(summary, peer, report) -> list:
    key = peer["key"]
    b = [f"## {peer['name']}", ""]
    t = report.get("totals", {})
    b.append(f"Version {peer.get('version') or '?'}, run of {peer.get('date') or '?'} "
             f"(`conformance-{key}.md`): {t.get('sent', 0)} requests, {t.get('conforming', 0)} conforming, "
             f"{t.get('convention', 0)} differing by convention (no defect: CuTe defines nothing there), "
             f"{t.get('unsupported', 0)} unsupported.")
    b.append("")
    found = defects(report)
    if not found:
        b += ["No defect: no shrunk counterexample breaks a post-condition or rejects an admissible input.", ""]
        return b
    n = 0
    for verdict, heading in SECTIONS:
        mine = [(k, cs) for k, cs in found if k[0] == verdict]
        if not mine:
            continue
        b += [f"### {heading} ({len(mine)})", ""]
        for (_, op, spec_id, post, kind), cs in mine:
            n += 1
            c = cs[0]
            cpp, same = others_answers(summary, c["request"], key)
            title = f"{op}, {spec_id}" + (f" (violates {post})" if post else "") + (f", {kind}" if kind else "")
            b.append(f"{n}. **{title}**: {md_code(c['request'])}"
                     + (f" (and {len(cs) - 1} more counterexample{'s' if len(cs) > 2 else ''})" if len(cs) > 1 else ""))
            b.append(f"   - answer {md_code(c.get('answer'))}; the reference {md_code(c.get('expected'))}"
                     + (f"; CuTe C++ {cpp}" if cpp and key != CPP else ""))
            where = witness_words(c)
            link = spec_link(report, c).split("#")[0]
            b.append(f"   - breaks {spec_id}" + (f" ({link})" if link else "") + where
                     + (f": {c['why']}" if c.get("why") else ""))
            if len(cs) > 1:
                b.append("   - also: " + ", ".join(md_code(x["request"]) for x in cs[1:4])
                         + (", ..." if len(cs) > 4 else ""))
            b.append("   - for the tracker:")
            b.append("")
            b.append("     > " + paragraph(peer, c, len(cs) - 1, cpp, same, link))
            b.append("")
    return b


def markdown(summary, reports_dir) -> str:
    peers = summary.get("peers", [])
    absent = summary.get("not_reached", [])
    b = ["# Findings: each distinct defect of each implementation", "",
         "Written by `tools/peers.sh` with `peers/findings.py` from the reports of `cuteref conform` in "
         "docs/data/ and the side by side `conformance-summary.md`. A defect is listed once per implementation: "
         "the shrunk counterexamples of one operation whose verdicts name the same spec ID and post-condition "
         "(and, for a rejection, the same kind of error) are one cause, shown by the smallest of them. Wrong "
         "results inside the domain come first (wrong values at an index before wrong shapes), then wrong rejections (crashes among them), then inputs the "
         "spec rejects that were accepted with a post-condition broken. Differences by convention are no "
         "defect (the answer meets CuTe's contract wherever CuTe defines one, spec/principle.md) and are only "
         "counted. *The reference* is cuteref's answer; *CuTe C++* is what the CUTLASS 4.2 headers answered to "
         "the same request in the cross-check (every peer is asked every counterexample).", "",
         "| implementation | version | run | wrong values | wrong rejections | accepted inadmissible | "
         "differ by convention (not defects) |",
         "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
    loaded = {}
    for p in peers:
        path = os.path.join(reports_dir, f"conformance-{p['key']}.json")
        loaded[p["key"]] = load(path) if os.path.exists(path) else {"counterexamples": [], "totals": p["totals"]}
        counts = collections.Counter(k[0] for k, _ in defects(loaded[p["key"]]))
        b.append(f"| {p['name']} | {p.get('version') or '?'} | {p.get('date') or '?'} | "
                 + " | ".join(str(counts.get(v, 0)) for v, _ in SECTIONS)
                 + f" | {p['totals'].get('convention', 0)} |")
    for p in absent:
        b.append(f"| {p['name']} | {p.get('version') or '?'} | {p.get('date') or '?'} | "
                 "not reached | | | |")
    b += ["", "Each count is of distinct defects (causes), not of failing requests; `conformance-<key>.md` "
          "counts the requests.", ""]
    for p in sorted(peers, key=lambda p: ordered([x["key"] for x in peers]).index(p["key"])):
        b += peer_section(summary, p, loaded[p["key"]])
    if absent:
        b += ["## Not reached", ""]
        for p in absent:
            b.append(f"- {p['name']}: {p['evidence']}")
        b.append("")
    return "\n".join(b)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--summary", required=True, metavar="SUMMARY.json", help="compare.py summary's JSON")
    ap.add_argument("--reports", required=True, metavar="DIR", help="where conformance-<key>.json are")
    ap.add_argument("--markdown", metavar="FILE", help="write here (default: standard output)")
    args = ap.parse_args(argv)
    text = markdown(load(args.summary), args.reports)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
