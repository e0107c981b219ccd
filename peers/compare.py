#!/usr/bin/env python3
"""The peers side by side: reads the JSON reports of `cuteref conform`
(one per peer) and writes the comparison that tools/peers.sh publishes.

    compare.py union --peer KEY=REPORT.json ... > cases.txt
        the shrunk counterexamples of every peer, one request per line: the
        cross-check list that every peer is then asked (tools/peers.sh).

    compare.py digest REPORT.json
        a report's verdicts as canonical text (peers/ci_peers.sh compares it
        with a committed expectation).

    compare.py table SUMMARY.json
        the side-by-side table for a terminal (tools/main.sh prints it).

    compare.py stamp --json REPORT.json --markdown REPORT.md --version V [--date D]
        records in a peer's report the version judged and the date of the
        run (UTC; the summary's table shows both).

    compare.py not-reached --key KEY --name NAME --version V --tried TEXT
                           [--error-file F] --json F --markdown F
        the report of a peer that could not be reached (not installed, or
        its adapter does not answer): what was tried and the error, so that
        its row stays in the table with its evidence.

    compare.py summary --peer KEY=REPORT.json [--cross KEY=CROSS.json]
                       [--crashes KEY=ADAPTER_STDERR] [--previous SUMMARY.json]
                       [--markdown F] [--json F] [--terminal]
        per operation and peer: conforming, differs by convention (meets
        CuTe's contract inside the domain: spec/principle.md), wrong result,
        wrong rejection, accepted inadmissible (a post-condition broken),
        unjudged (nothing could show the answer wrong), unsupported,
        crashed; then every shrunk counterexample with what each peer
        answers to it (from the cross-check reports), peers that answer it
        the same wrong way grouped on one line.

--previous (tools/peers.sh's partial runs, PEERS_ONLY): an earlier summary
whose answers stand in for a peer that has no --cross report: its answer to
each counterexample listed there, and its crashes where it has no --crashes
file; a counterexample the earlier summary does not list shows that peer as
"not asked".

A peer's crashes are read from its adapter's standard error
(`[cutedsl_adapter] crash SIGFPE: <request>`, written with --stats), since
an adapter that survives a crash answers `error CRASH <signal>`, which the
judge counts as a rejection.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys

# Display names and column order of the known peers; others follow.
ORDER = ["pycute", "tensor-layouts", "cutedsl", "cute-cpp", "torch-pycute", "flydsl", "mojo", "tilelang", "triton"]
SHORT = {"pycute": "pycute", "tensor-layouts": "tensor-layouts", "cutedsl": "CuTe DSL", "cute-cpp": "CuTe C++",
         "torch-pycute": "torch _pycute", "flydsl": "FlyDSL", "mojo": "Mojo layout", "tilelang": "tilelang",
         "triton": "Triton"}

VERDICT_WORDS = {
    "convention": "differs by convention",
    "unjudged": "unjudged",
    "wrong_result": "wrong result",
    "wrong_rejection": "wrong rejection",
    "accepted_inadmissible": "accepted inadmissible",
    "malformed": "malformed",
    "crashed": "crashed",
    "timed_out": "timed out",
    "out_of_order": "out of order",
}
COLUMNS = [  # (key, header): the per-operation cells
    ("conforming", "conforming"),
    ("convention", "differs by convention"),
    ("wrong_result", "wrong result"),
    ("wrong_rejection", "wrong rejection"),
    ("inadmissible_violated", "accepted inadmissible, a post-condition broken"),
    ("unjudged", "unjudged"),
    ("unsupported", "unsupported"),
    ("crashed", "crashed"),
]
# The kinds that say a post-condition breaks (spec/principle.md §4): only
# they make "wrong the same way".
WRONG_KINDS = ("wrong_result", "inadmissible_violated")
CRASH_RE = re.compile(r"^\[\w+\] crash (\S+): (.*)$")


def parse_pairs(items, what):
    out = collections.OrderedDict()
    for it in items or []:
        key, sep, path = it.partition("=")
        if not sep or not key or not path:
            sys.exit(f"compare.py: {what} wants KEY=FILE, got {it!r}")
        out[key] = path
    return out


def ordered(keys):
    return sorted(keys, key=lambda k: (ORDER.index(k) if k in ORDER else len(ORDER), k))


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def op_of(request: str) -> str:
    m = re.match(r"\s*([A-Za-z_]\w*)", request)
    return m.group(1) if m else "?"


def norm_answer(answer) -> str:
    """Text of an answer without static marks and spaces (peers print the
    same value with and without `_`)."""
    if answer is None:
        return "(none)"
    a = answer.strip()
    if a.startswith("error"):
        words = a.split()
        return "error " + (words[1] if len(words) > 1 else "")
    return re.sub(r"(?<![\w])_(?=-?\d)", "", a).replace(" ", "")


def item_kind(d) -> str:
    """The summary's class of a disagreement (a JSON item of a report)."""
    v = d["verdict"]
    if v == "accepted_inadmissible":
        return "inadmissible_violated"
    return v


def where(d) -> str:
    """A wrong answer's in-domain index (its witness), as words."""
    w = d.get("witness")
    return f" at index {w['index']}" if isinstance(w, dict) and "index" in w else ""


def read_crashes(path):
    crashes = []
    if path and os.path.exists(path):
        for line in open(path, encoding="utf-8", errors="replace"):
            m = CRASH_RE.match(line.rstrip("\n"))
            if m:
                crashes.append((m.group(2), m.group(1)))
    return crashes


# --------------------------------------------------------------------------
# union
# --------------------------------------------------------------------------

def cmd_union(args) -> int:
    seen = set()
    for key, path in parse_pairs(args.peer, "--peer").items():
        for c in load(path).get("counterexamples", []):
            r = c["request"]
            if r not in seen and "\n" not in r:
                seen.add(r)
                print(r)
    return 0


# --------------------------------------------------------------------------
# summary
# --------------------------------------------------------------------------

def per_operation(report, crashes):
    """{op: {column: count}} of one peer's report."""
    ops = collections.OrderedDict()
    for row in report["operations"]:
        ops[row["op"]] = {
            "sent": row["sent"], "conforming": row["conforming"], "convention": row.get("convention", 0),
            "wrong_result": row["wrong_result"], "wrong_rejection": row["wrong_rejection"],
            "inadmissible_violated": row["accepted_inadmissible"], "unjudged": row.get("unjudged", 0),
            "unsupported": row["unsupported"], "crashed": row.get("crashed", 0), "malformed": row.get("malformed", 0),
            "timed_out": row.get("timed_out", 0), "out_of_order": row.get("out_of_order", 0),
        }
    # Requests of the run that crashed the peer (the adapter answered them).
    sent = collections.Counter()
    for req in sorted({req for req, _how in crashes}):
        sent[op_of(req)] += 1
    for op, n in sent.items():
        if op in ops:
            ops[op]["crashed"] = ops[op].get("crashed", 0) + n
    return ops


def cross_answers(cross):
    """{request: disagreement item} of a cross-check report; a request that
    is not there conformed (or was unsupported)."""
    out = {}
    for d in cross.get("disagreements", []):
        out.setdefault(d["request"], d)
    return out


def previous_answers(prev, keys):
    """From an earlier summary, for each peer of keys: ({request: item as a
    cross-check report gives it}, {requests it was asked}), and its crashes."""
    answers = {k: ({}, set()) for k in keys}
    for c in prev.get("counterexamples", []):
        for cl in c["clusters"]:
            for k in cl["peers"]:
                if k not in answers:
                    continue
                items, asked = answers[k]
                asked.add(c["request"])
                if cl["kind"] in ("conforming", "not_provided"):
                    continue
                m = re.match(r" at index (-?\d+)$", cl.get("where") or "")
                items[c["request"]] = {
                    "verdict": "accepted_inadmissible" if cl["kind"].startswith("inadmissible") else cl["kind"],
                    "spec_id": cl.get("spec_id"), "post_condition_violated": cl.get("post_condition_violated"),
                    "answer": cl.get("answer"), "why": cl.get("why"), "expected": c.get("expected"),
                    "witness": {"index": int(m.group(1))} if m else None}
    crashes = {p["key"]: [(x["request"], x["signal"]) for x in p.get("crashes", [])]
               for p in prev.get("peers", []) if p["key"] in keys}
    return answers, crashes


def build_summary(peers, crosses, crash_files, provides=None, previous=None):
    summary = {"format": 1, "peers": [], "operations": {}, "counterexamples": []}
    reports = {k: load(p) for k, p in peers.items()}
    # A peer not reached has a row of its own (its evidence) and no column.
    absent = {k: reports.pop(k) for k in list(reports) if reports[k].get("not_reached")}
    keys = ordered(reports)
    crashes = {k: read_crashes(crash_files.get(k)) for k in keys}
    prev_answers, prev_crashes = previous_answers(previous or {}, [k for k in keys if k not in crosses])
    for k, got in prev_crashes.items():
        if k not in crash_files:
            crashes[k] = got
    for k in keys:
        r = reports[k]
        t = r["totals"]
        summary["peers"].append({
            "key": k, "name": r.get("name") or k, "impl": r.get("impl"), "conforms": r.get("conforms"),
            "version": (r.get("run") or {}).get("version"), "date": (r.get("run") or {}).get("date"),
            "sources": r.get("sources"), "throughput": r.get("throughput"), "totals": t,
            "crashes": [{"request": q, "signal": s} for q, s in crashes[k]],
        })
        given = set((provides or {}).get(k, "").split(",")) - {""}
        for op, cells in per_operation(r, crashes[k]).items():
            cells = dict(cells)
            # An operation the peer does not provide: its rejections of
            # inadmissible inputs "conform", but nothing was judged.
            cells["provided"] = not given or op in given
            summary["operations"].setdefault(op, {})[k] = cells
    summary["operations"] = dict(sorted(summary["operations"].items()))
    summary["not_reached"] = [dict(absent[k]["not_reached"], key=k, name=absent[k].get("name") or k,
                                   version=(absent[k].get("run") or {}).get("version"),
                                   date=(absent[k].get("run") or {}).get("date")) for k in ordered(absent)]

    # Every shrunk counterexample, with what each peer answers to it.
    cross = {k: cross_answers(load(p)) for k, p in crosses.items() if k in reports}
    asked = {}   # the requests a peer answered in the earlier summary (all, for a --cross report)
    for k, (items, reqs) in prev_answers.items():
        cross[k] = items
        asked[k] = reqs
    own = collections.defaultdict(dict)     # request -> {peer: counterexample}
    order = []
    for k in keys:
        for c in reports[k].get("counterexamples", []):
            if c["request"] not in own:
                order.append(c["request"])
            own[c["request"]][k] = c
    # Requests of the cross-check that are no peer's counterexample (the
    # known cases of peers/known_cases.txt) but on which a peer disagrees.
    for k in keys:
        for req in cross.get(k, {}):
            if req not in own:
                own[req] = {}
                order.append(req)
    for req in order:
        verdicts = {}
        expected = None
        for k in keys:
            c = own[req].get(k)
            d = c if c is not None else cross.get(k, {}).get(req)
            given = set((provides or {}).get(k, "").split(",")) - {""}
            if d is None and given and op_of(req) not in given:
                verdicts[k] = {"kind": "not_provided"}
                continue
            if d is None:
                if k in cross and (k not in asked or req in asked[k]):
                    verdicts[k] = {"kind": "conforming"}
                continue
            expected = expected or d.get("expected")
            verdicts[k] = {
                "kind": item_kind(d), "spec_id": d.get("spec_id"),
                "post_condition_violated": d.get("post_condition_violated"),
                "answer": d.get("answer"), "why": d.get("why"), "where": where(d),
                "shrunk_from": d.get("shrunk_from") if c is not None else None,
                "own": c is not None,
            }
        groups = collections.OrderedDict()
        for k in keys:
            v = verdicts.get(k)
            if v is None:
                continue
            sig = (v["kind"], v.get("spec_id"),
                   norm_answer(v.get("answer")) if v["kind"] not in ("conforming", "not_provided") else "")
            groups.setdefault(sig, []).append(k)
        clusters = []
        for (kind, spec_id, _), members in groups.items():
            v = verdicts[members[0]]
            clusters.append({
                "peers": members, "kind": kind, "spec_id": spec_id,
                "post_condition_violated": v.get("post_condition_violated"), "answer": v.get("answer"),
                "why": v.get("why"), "where": v.get("where", ""),
            })
        # wrong the same way: two peers or more, the same answer, a post-condition broken
        shared = any(len(c["peers"]) > 1 and c["kind"] in WRONG_KINDS for c in clusters)
        summary["counterexamples"].append({
            "op": op_of(req), "request": req, "expected": expected, "clusters": clusters,
            "shared": shared, "unknown": [k for k in keys if k not in verdicts],
        })
    return summary, keys


def kind_words(kind) -> str:
    if kind.startswith("inadmissible"):
        return "accepted inadmissible"
    return VERDICT_WORDS.get(kind, kind)


def failures(t, crashed=0) -> int:
    """A report's failing answers (spec/principle.md §4)."""
    return (t["wrong_result"] + t["wrong_rejection"] + t["accepted_inadmissible"] + crashed
            + t.get("malformed", 0) + t.get("crashed", 0) + t.get("timed_out", 0) + t.get("out_of_order", 0))


def cell_text(c) -> str:
    """One terminal cell: conforming/judged and the non-conforming counts."""
    if not c:
        return "-"
    if not c.get("provided", True):
        return "n/a"
    judged = c["sent"] - c["unsupported"]
    if judged <= 0:
        return "n/a"
    parts = [f"{c['conforming']}/{judged}"]
    for key, tag in (("wrong_result", "W"), ("wrong_rejection", "R"), ("inadmissible_violated", "I"),
                     ("convention", "v"), ("unjudged", "u"), ("crashed", "C")):
        if c.get(key):
            parts.append(f"{tag}{c[key]}")
    return " ".join(parts)


def terminal_table(summary, keys) -> str:
    heads = ["operation"] + [SHORT.get(k, k) for k in keys]
    rows = []
    tot = {k: collections.Counter() for k in keys}
    for op, per in summary["operations"].items():
        if all(cell_text(per.get(k)) in ("n/a", "-") for k in keys):
            continue   # no peer provides it
        rows.append([op] + [cell_text(per.get(k)) for k in keys])
        for k in keys:
            if per.get(k, {}).get("provided", True):
                for col, n in per.get(k, {}).items():
                    tot[k][col] += int(n)
    rows.append(["total"] + [cell_text(tot[k]) for k in keys])
    widths = [max(len(r[i]) for r in [heads] + rows) for i in range(len(heads))]
    line = lambda r: "  ".join(s.ljust(widths[i]) if i == 0 else s.rjust(widths[i]) for i, s in enumerate(r))
    out = [line(heads), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows[:-1]] + ["  ".join("-" * w for w in widths), line(rows[-1])]
    out.append("")
    out.append("cell: conforming/judged (unsupported requests not judged); W wrong result, R wrong rejection,")
    out.append("I accepted inadmissible (a post-condition broken), v differs by convention (meets CuTe's contract")
    out.append("inside the domain: no failure), u unjudged (nothing shows it wrong: no failure), C requests that")
    out.append("crashed the peer's process (shrinking's candidates included; also counted in their verdict);")
    out.append("n/a: not provided. spec/principle.md says what each verdict means.")
    out.append("Judged: " + "; ".join(f"{SHORT.get(p['key'], p['key'])} {p.get('version') or '?'} "
                                      f"({p.get('date') or '?'})" for p in summary["peers"]) + ".")
    shared = [c for c in summary["counterexamples"] if c["shared"]]
    # the widest groups first (three or four peers wrong the same way)
    shared.sort(key=lambda c: -max(len(cl["peers"]) for cl in c["clusters"]
                                   if cl["kind"] in WRONG_KINDS))
    if shared:
        out.append("")
        out.append("Wrong the same way (same request, same answer, a post-condition broken), %d counterexample(s); "
                   "first ones:" % len(shared))
        for c in shared[:12]:
            for cl in c["clusters"]:
                if len(cl["peers"]) > 1 and cl["kind"] in WRONG_KINDS:
                    who = ", ".join(SHORT.get(k, k) for k in cl["peers"])
                    out.append(f"  {c['request']} -> {cl['answer']}  [{who}: {kind_words(cl['kind'])}, "
                               f"{cl['post_condition_violated'] or cl['spec_id']}{cl.get('where', '')}]")
    for p in summary.get("not_reached", []):
        out.append("")
        out.append(f"{p['name']}: not reached ({p.get('date') or '?'}): {p['evidence']}")
    crash_lines = [(p, x) for p in summary["peers"] for x in p["crashes"]]
    if crash_lines:
        out.append("")
        out.append("Crashes of the peer's process (answered `error CRASH`), %d:" % len(crash_lines))
        seen = set()
        for p, x in crash_lines:
            if (p["key"], x["request"]) in seen:
                continue
            seen.add((p["key"], x["request"]))
            if len(seen) > 10:
                out.append("  ... (the summary lists every one)")
                break
            out.append(f"  {SHORT.get(p['key'], p['key'])}: {x['signal']} on {x['request']}")
    return "\n".join(out)


def md_code(s) -> str:
    s = "" if s is None else str(s)
    return "`` %s ``" % s if "`" in s else "`%s`" % s


def markdown(summary, keys) -> str:
    b = ["# The peers side by side", "",
         "Written by `tools/peers.sh` with `peers/compare.py` from the reports of `cuteref conform` "
         "(spec/protocol.md), one per peer in docs/data/: " + ", ".join(
             f"{SHORT.get(p['key'], p['key'])} `conformance-{p['key']}.md`" for p in summary["peers"])
         + "".join(f"; {SHORT.get(p['key'], p['key'])}, not reached, `conformance-{p['key']}.md` says why"
                   for p in summary.get("not_reached", [])) + ".", ""]
    b.append("| peer | version | run | cases | conforming | differs by convention | wrong result | wrong rejection | "
             "accepted inadmissible | unjudged | unsupported | crashed | requests/s | verdict |")
    b.append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for p in summary["peers"]:
        t = p["totals"]
        per = [summary["operations"][op].get(p["key"], {}) for op in summary["operations"]]
        crashed = sum(c.get("crashed", 0) for c in per)
        conv = t.get("convention", 0)
        # Differences by convention and unjudged answers are no failure;
        # unsupported operations are counted apart (the peer does not claim them).
        verdict = ("does not conform" if failures(t, crashed) else
                   "conforms, with differences by convention" if conv else "conforms where it answers")
        b.append(f"| {p['name']} | {p.get('version') or '?'} | {p.get('date') or '?'} | {t['sent']} | "
                 f"{t['conforming']} | {conv} | {t['wrong_result']} | "
                 f"{t['wrong_rejection']} | {t['accepted_inadmissible']} | {t.get('unjudged', 0)} | {t['unsupported']} | "
                 f"{crashed} | {rate(p.get('throughput'))} | {verdict} |")
    for p in summary.get("not_reached", []):
        b.append(f"| {p['name']} | {p.get('version') or '?'} | {p.get('date') or '?'} | " + "- | " * 10
                 + "**not reached**: " + p["evidence"].replace("|", "\\|") + " |")
    b += ["", "*requests/s*: the peer's own run, its cases through the protocol (process start-up and probes "
          "included; `throughput.md` measures one list through every peer)."]
    b += ["", "Cases: " + "; ".join(f"{SHORT.get(p['key'], p['key'])}: {describe_sources(p['sources'])}"
                                    for p in summary["peers"]) + ".", "",
          "The verdicts are spec/principle.md's. *Differs by convention*: the answer meets CuTe's documented "
          "contract at every index inside the domain and differs from the reference only where CuTe defines "
          "nothing (past a layout's size, negative offsets, coordinates outside the shape), or answers an "
          "input the spec rejects with the post-conditions holding; no failure. *Wrong result* and "
          "*accepted inadmissible*: a post-condition breaks, and the report names it and the in-domain index "
          "where it breaks (a witness `peers/witness_check.py` recomputes), or the statement about a shape or "
          "a value it breaks. *Unjudged*: an answer to an input the spec rejects where nothing could be "
          "checked, or to a request built on an operation with conventions; no failure. *Crashed*: distinct requests "
          "that killed the peer's process during its run, shrinking's candidates included (the adapter "
          "answers `error CRASH <signal>` and goes on; the judge counts that answer as a rejection).", "",
          "## Per operation", "",
          "Each cell: conforming of judged (requests the peer does not provide are not judged), then "
          "W wrong results, R wrong rejections, I accepted inadmissible (a post-condition broken), "
          "v differs by convention, u unjudged (neither a failure), C requests that crashed the "
          "peer's process (distinct requests, shrinking's candidates included; their `error CRASH` answers "
          "are also counted in their verdict); n/a: not provided.", ""]
    b.append("| operation | " + " | ".join(SHORT.get(k, k) for k in keys) + " |")
    b.append("| --- |" + " ---: |" * len(keys))
    for op, per in summary["operations"].items():
        if all(cell_text(per.get(k)) in ("n/a", "-") for k in keys):
            continue
        b.append(f"| {op} | " + " | ".join(cell_text(per.get(k)) for k in keys) + " |")
    cex = summary["counterexamples"]
    shared = [c for c in cex if c["shared"]]
    b += ["", "## Counterexamples", "",
          f"Every shrunk counterexample of every peer ({len(cex)}), and what each peer answers to it "
          "(the cross-check: every peer is asked every counterexample). Peers that give the same answer "
          "with the same verdict are on one line. Where two or more give the same answer and it breaks a "
          "post-condition (wrong result or accepted inadmissible), they are wrong the same way, which "
          f"suggests a shared algorithm: {len(shared)} counterexample(s) are shared that way.", ""]
    by_op = collections.OrderedDict()
    for c in sorted(cex, key=lambda c: (c["op"], not c["shared"])):
        by_op.setdefault(c["op"], []).append(c)
    n = 0
    for op, items in by_op.items():
        b += [f"### {op}", ""]
        for c in items:
            n += 1
            b.append(f"{n}. {md_code(c['request'])}; the reference: {md_code(c['expected'])}"
                     + (" (shared)" if c["shared"] else ""))
            for cl in c["clusters"]:
                who = ", ".join(SHORT.get(k, k) for k in cl["peers"])
                if cl["kind"] == "conforming":
                    b.append(f"   - {who}: conforms")
                    continue
                if cl["kind"] == "not_provided":
                    b.append(f"   - {who}: does not provide {c['op']}")
                    continue
                what = VERDICT_WORDS.get(cl["kind"], cl["kind"]).replace("_", " ")
                if cl["kind"].startswith("inadmissible"):
                    what = "accepted inadmissible"
                ids = cl["spec_id"] or ""
                if cl.get("post_condition_violated"):
                    ids += f", violates {cl['post_condition_violated']}"
                ids += cl.get("where", "")
                b.append(f"   - {who}: {md_code(cl['answer'])}, {what} ({ids})")
            if c["unknown"]:
                b.append("   - not asked: " + ", ".join(SHORT.get(k, k) for k in c["unknown"]))
        b.append("")
    crashes = [(p, x) for p in summary["peers"] for x in p["crashes"]]
    b += ["## Crashes", ""]
    if not crashes:
        b.append("None of the peers' processes crashed.")
    else:
        b.append("Requests that killed the peer's own process (not the adapter's): findings about the peer. "
                 "The adapter answered each `error CRASH <signal>` and went on with the next request.")
        b.append("")
        b.append("| peer | signal | request |")
        b.append("| --- | --- | --- |")
        seen = set()
        for p, x in crashes:
            if (p["key"], x["request"]) in seen:
                continue
            seen.add((p["key"], x["request"]))
            b.append(f"| {SHORT.get(p['key'], p['key'])} | {x['signal']} | {md_code(x['request'])} |")
    b.append("")
    return "\n".join(b)


def rate(tp) -> str:
    r = (tp or {}).get("requests_per_second")
    return f"{r:.0f}" if isinstance(r, (int, float)) else "?"


def describe_sources(src) -> str:
    if not src:
        return "?"
    parts = []
    v = src.get("vectors")
    if v:
        parts.append(f"{v.get('cases')} vector cases")
    r = src.get("random")
    if r:
        parts.append(f"{r.get('per_operation')} random per operation (seed {r.get('seed')})")
    cf = src.get("cases_file")
    if isinstance(cf, dict):
        parts.insert(0, f"{cf.get('cases')} cases of `{os.path.basename(str(cf.get('path')))}`")
    elif cf:
        parts.insert(0, f"the cases of `{os.path.basename(str(cf))}`")
    return " + ".join(parts) or "?"


def digest(report) -> str:
    """Per operation the verdict counts, then every shrunk counterexample:
    what a change of the spec that flips a verdict changes."""
    out = []
    for op, cells in per_operation(report, []).items():
        counts = " ".join(f"{k}={cells[k]}" for k, _ in COLUMNS if cells.get(k))
        out.append(f"op {op} sent={cells['sent']} {counts}")
    for c in sorted(report.get("counterexamples", []), key=lambda c: (c["op"], c["request"])):
        out.append("cex %s | %s | %s | %s | %s" % (item_kind(c), c.get("spec_id"), c.get("post_condition_violated") or "-",
                                                 c["request"], c.get("answer")))
    return "\n".join(out)


# --------------------------------------------------------------------------
# stamp, not-reached: what a peer's row says besides its verdicts
# --------------------------------------------------------------------------

def today(date=None) -> str:
    import datetime
    return date or datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def cmd_stamp(args) -> int:
    """The version and the date, written into conform's report as text (its
    own layout of the JSON is kept) and as a line of its markdown."""
    run = json.dumps({"date": today(args.date), "version": args.version})
    text = open(args.json, encoding="utf-8").read()
    text = re.sub(r'^\s*"run": \{[^\n]*\},\n', "", text, flags=re.M)   # an earlier stamp
    if not text.startswith("{\n"):
        sys.exit(f"compare.py stamp: {args.json} is no report of cuteref conform")
    open(args.json, "w", encoding="utf-8").write('{\n  "run": %s,\n%s' % (run, text[2:]))
    if args.markdown:
        lines = [ln for ln in open(args.markdown, encoding="utf-8").read().split("\n") if not ln.startswith("- run: ")]
        at = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("- implementation: ")), len(lines))
        lines.insert(at, f"- run: {today(args.date)}, {args.version} (`tools/peers.sh`)")
        open(args.markdown, "w", encoding="utf-8").write("\n".join(lines))
    return 0


def cmd_not_reached(args) -> int:
    err = ""
    if args.error_file and os.path.exists(args.error_file):
        lines = [ln.strip() for ln in open(args.error_file, encoding="utf-8", errors="replace") if ln.strip()]
        err = " / ".join(lines[-3:])
    evidence = f"tried: {args.tried}; " + (f"the error: {err}" if err else "no error message")
    report = {"format": 1, "name": args.name, "run": {"date": today(args.date), "version": args.version},
              "not_reached": {"tried": args.tried, "error": err, "evidence": evidence}}
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    with open(args.markdown, "w", encoding="utf-8") as f:
        f.write(f"# Conformance of {args.name}\n\nNot reached on {today(args.date)}: `tools/peers.sh` could not "
                f"run this peer, so nothing was judged; its row stays in `conformance-summary.md`.\n\n"
                f"- tried: {args.tried}\n- the error: {md_code(err) if err else '(none printed)'}\n")
    return 0


def cmd_summary(args) -> int:
    peers = parse_pairs(args.peer, "--peer")
    peers = collections.OrderedDict((k, p) for k, p in peers.items() if os.path.exists(p))
    if not peers:
        sys.exit("compare.py: no peer report found")
    crosses = {k: p for k, p in parse_pairs(args.cross, "--cross").items() if os.path.exists(p)}
    provides = {}
    for it in args.provides or []:   # KEY=OP,OP,...; KEY= (a peer not installed) says nothing
        key, sep, ops = it.partition("=")
        if not sep or not key:
            sys.exit(f"compare.py: --provides wants KEY=OP,OP,..., got {it!r}")
        provides[key] = ops
    previous = load(args.previous) if args.previous else None
    summary, keys = build_summary(peers, crosses, parse_pairs(args.crashes, "--crashes"), provides, previous)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(markdown(summary, keys))
    if args.terminal:
        print(terminal_table(summary, keys))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    u = sub.add_parser("union", help="the counterexamples of every peer, one request per line")
    u.add_argument("--peer", action="append", required=True, metavar="KEY=REPORT.json")
    s = sub.add_parser("summary", help="the side-by-side comparison")
    s.add_argument("--peer", action="append", required=True, metavar="KEY=REPORT.json")
    s.add_argument("--cross", action="append", metavar="KEY=CROSS.json",
                   help="the peer's report on the union of counterexamples (compare.py union)")
    s.add_argument("--crashes", action="append", metavar="KEY=STDERR",
                   help="the adapter's standard error with its crash lines")
    s.add_argument("--provides", action="append", metavar="KEY=OP,OP,...",
                   help="the operations the peer provides; the others show n/a")
    s.add_argument("--previous", metavar="SUMMARY.json",
                   help="an earlier summary: the answers of the peers without --cross (a partial run)")
    s.add_argument("--markdown", metavar="FILE")
    s.add_argument("--json", metavar="FILE")
    s.add_argument("--terminal", action="store_true", help="print the table for a terminal")
    g = sub.add_parser("digest", help="a report's verdicts as canonical text (the CI expectation)")
    g.add_argument("report", metavar="REPORT.json")
    t = sub.add_parser("table", help="print the terminal table of a summary JSON")
    t.add_argument("summary", metavar="SUMMARY.json")
    st = sub.add_parser("stamp", help="record the version judged and the date of the run in a report")
    st.add_argument("--json", required=True, metavar="REPORT.json")
    st.add_argument("--markdown", metavar="REPORT.md")
    st.add_argument("--version", required=True)
    st.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")
    nr = sub.add_parser("not-reached", help="the report of a peer that could not be reached")
    for opt in ("--key", "--name", "--version", "--tried", "--json", "--markdown"):
        nr.add_argument(opt, required=True)
    nr.add_argument("--error-file", help="the adapter's standard error (its last lines are the evidence)")
    nr.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")
    args = ap.parse_args(argv)
    if args.cmd == "stamp":
        return cmd_stamp(args)
    if args.cmd == "not-reached":
        return cmd_not_reached(args)
    if args.cmd == "digest":
        print(digest(load(args.report)))
        return 0
    if args.cmd == "table":
        summary = load(args.summary)
        print(terminal_table(summary, [p["key"] for p in summary["peers"]]))
        return 0
    return cmd_union(args) if args.cmd == "union" else cmd_summary(args)


if __name__ == "__main__":
    sys.exit(main())
