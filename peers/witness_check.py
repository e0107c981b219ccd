#!/usr/bin/env python3
"""Recomputes the witness of every wrong answer in conform reports (spec/principle.md §4).

A report's JSON (`cuteref conform --json`) gives each wrong answer a witness:
the in-domain index where it breaks, as expressions of `cuteref eval`. This
evaluates them with the reference, independently of the judge that wrote
them, and fails unless each one shows what it claims:

  kind "differ":  LO <= V < HI (the index lies inside the domain) and
                  lhs != the sum of rhs; with "domains", a list of such
                  triples (one per mode of A, for a tiler), every one holds;
  kind "outside": LO <= V < HI fails, where the post-condition needs it.

It also fails when a wrong answer's index came without expressions (kind
"unbuilt"): every violation at an index must be recomputable. The one
exception is kind "beyond_64_bits" on an accepted inadmissible input: the
index's values do not fit 64 bits (the spec rejects the input with
OVERFLOW), so nothing can recompute them; it is counted. Statements
about a shape or a single value (COMP-1, CPL-8, LAYOUT-4, ...) have no index
and no witness.

usage: witness_check.py CUTEREF REPORT.json...
"""
import json
import subprocess
import sys

WRONG = ("wrong_result", "accepted_inadmissible")


def evaluate(cuteref, exprs):
    """Each expression's integer value (None where the reference rejects it)."""
    if not exprs:
        return []
    out = subprocess.run([cuteref, "eval", "-"], input="\n".join(exprs) + "\n", capture_output=True, text=True)
    vals = []
    for line in out.stdout.splitlines():
        v = line[3:].replace("_", "", 1) if line.startswith("ok ") else ""  # a static integer prints as _8
        vals.append(int(v) if v.lstrip("-").isdigit() else None)
    if len(vals) != len(exprs):
        sys.exit(f"witness_check: {cuteref} eval - gave {len(vals)} answers to {len(exprs)} expressions")
    return vals


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    cuteref, reports = argv[1], argv[2:]
    cases, missing, beyond = [], [], []
    for path in reports:
        with open(path) as f:
            rep = json.load(f)
        for entry in rep.get("disagreements", []) + rep.get("counterexamples", []):
            if entry.get("verdict") not in WRONG:
                continue
            w = entry.get("witness")
            sid = entry.get("post_condition_violated") or entry.get("spec_id") or ""
            if w is None:
                continue
            if w.get("kind") == "unbuilt":
                missing.append((path, entry["request"], sid))
                continue
            if w.get("kind") == "beyond_64_bits":
                # the index's values do not fit 64 bits: recomputable by no one, and
                # only acceptable where the input itself is outside the domain
                (beyond if entry.get("verdict") == "accepted_inadmissible" else missing).append(
                    (path, entry["request"], sid))
                continue
            cases.append((path, entry, w))
    exprs = []
    for _, _, w in cases:
        doms = w["domains"] if "domains" in w else [w["domain"]]
        exprs += [w["lhs"]] + list(w["rhs"]) + [x for d in doms for x in d]
    vals = evaluate(cuteref, exprs)
    bad, k = [], 0
    for path, entry, w in cases:
        nd = len(w["domains"]) if "domains" in w else 1
        n = 1 + len(w["rhs"]) + 3 * nd
        v = vals[k:k + n]
        k += n
        lhs, rhs, dvals = v[0], v[1:1 + len(w["rhs"])], v[1 + len(w["rhs"]):]
        if None in dvals or (w["kind"] == "differ" and (lhs is None or None in rhs)):
            bad.append((path, entry["request"], "an expression of the witness does not evaluate", w))
            continue
        triples = [dvals[t:t + 3] for t in range(0, len(dvals), 3)]
        inside = all(lo <= dv < hi for dv, lo, hi in triples)
        dv, lo, hi = triples[0]
        if w["kind"] == "differ" and not (inside and lhs != sum(rhs)):
            bad.append((path, entry["request"], f"index inside: {inside}, lhs {lhs}, rhs {sum(rhs)}", w))
        elif w["kind"] == "outside" and inside:
            bad.append((path, entry["request"], f"{dv} lies in [{lo}, {hi})", w))
        elif w["kind"] not in ("differ", "outside"):
            bad.append((path, entry["request"], "unknown kind", w))
    for path, req, sid in missing:
        print(f"witness_check: {path}: {req}: {sid} names an index but no expressions to recompute it", file=sys.stderr)
    for path, req, why, w in bad:
        print(f"witness_check: {path}: {req}: the witness does not hold ({why}): {json.dumps(w)}", file=sys.stderr)
    print(f"witness_check: {len(cases)} witnesses recomputed over {len(reports)} reports: "
          f"{len(cases) - len(bad)} hold, {len(bad)} do not, {len(missing)} indices without expressions, "
          f"{len(beyond)} past 64 bits on inputs the spec rejects")
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
