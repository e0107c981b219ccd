#!/usr/bin/env python3
"""Every example the user is shown is executed (issue 15): the lines of
`cuteref --help` and of every command's help that run cuteref on a quoted
argument, and every `bazel-bin/cuteref ...` line of README.md.

An example whose comment is a value (`# 5`, `# (4,2):(1,4)`) must print
exactly that value and exit 0; any other example must run and exit 0 (`eval -`
may exit 1: some request lines are rejected on purpose) and print something.
Examples that cannot run here are listed in SPECIAL with the reason and what
runs them instead; an entry that matches no example fails the test, so the
list cannot go stale.

usage: help_examples_test.py CUTEREF REPO_ROOT
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Example text (after the program name) -> (action, reason). Actions:
#   "skip": not run here; the reason names what runs it
#   "args: ...": run with these arguments appended (a smaller budget)
SPECIAL = {
    "conform --impl 'python3 peers/pycute_adapter.py'": (
        "skip", "needs pycute; //peers:peers_ci_test and tools/peers.sh judge pycute"),
    "check --exhaustive": (
        "args: --bounds 2,3,-1,3 --pair-bounds 1,3,0,3",
        "minutes at the default bounds (the main job's budget); run here on small bounds"),
}

VALUE = re.compile(r"^(-?\d|\(|_|<|true$|false$)")
HELP_LINE = re.compile(r"(?:^|\s|: )cuteref ((?:[a-z]+)\b[^#]*?'[^#]*?)\s*(?:#\s*(.*))?$")
README_LINE = re.compile(r"^bazel-bin/cuteref (.*?)\s*(?:#\s*(.*))?$")


def run(cuteref, args, **kw):
    return subprocess.run([cuteref] + args, capture_output=True, text=True, **kw)


def help_examples(cuteref):
    top = run(cuteref, ["--help"]).stdout
    cmds = re.findall(r"^  ([a-z]+) ", top.split("commands:")[1].split("\n\n")[0], re.M)
    texts = [("cuteref --help", top)]
    for c in sorted(set(cmds) - {"help"}):
        texts.append(("cuteref help " + c, run(cuteref, ["help", c]).stdout))
    out = []
    for where, text in texts:
        for line in text.splitlines():
            m = HELP_LINE.search(line)
            if m:
                out.append((where, m.group(1).strip(), (m.group(2) or "").strip()))
    return out, len(cmds)


def readme_examples(root):
    out, in_sh = [], False
    with open(os.path.join(root, "README.md")) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("```"):
                in_sh = line.strip() in ("```sh", "```bash", "```console")
                continue
            m = README_LINE.match(line) if in_sh else None
            if m:
                out.append(("README.md", m.group(1).strip(), (m.group(2) or "").strip()))
    return out


def main():
    cuteref, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    examples, ncmds = help_examples(cuteref)
    n_help = len(examples)
    examples += readme_examples(root)
    failures, used, values, ran = [], set(), 0, 0
    work = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    for d in ("spec", "examples", "peers", "props", "cli"):
        if os.path.isdir(os.path.join(root, d)):
            os.symlink(os.path.join(root, d), os.path.join(work, d))
    # requests.txt in README's `eval - < requests.txt`: the quickstart requests
    shutil.copy(os.path.join(root, "examples", "quickstart.txt"), os.path.join(work, "requests.txt"))
    shim = os.path.join(work, "bin")
    os.mkdir(shim)
    for name in ("cuteref",):
        os.symlink(cuteref, os.path.join(shim, name))
    os.mkdir(os.path.join(work, "bazel-bin"))
    os.symlink(cuteref, os.path.join(work, "bazel-bin", "cuteref"))
    env = dict(os.environ, PATH=shim + os.pathsep + os.environ.get("PATH", ""))
    for where, ex, comment in examples:
        action = SPECIAL.get(ex)
        if action:
            used.add(ex)
            if action[0] == "skip":
                print("skipped (%s): cuteref %s -- %s" % (where, ex, action[1]))
                continue
        line = "cuteref " + ex + (" " + action[0][len("args: "):] if action else "")
        if "| dot " in line and not shutil.which("dot"):
            failures.append("%s: `%s` needs Graphviz's dot (tools/setup.sh installs it)" % (where, line))
            continue
        p = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=work, env=env, capture_output=True,
                           text=True, timeout=300)
        ran += 1
        out = p.stdout.strip()
        if comment and VALUE.match(comment):
            values += 1
            if p.returncode != 0 or out != comment:
                failures.append("%s: `%s` prints %r (exit %d), the example says %r"
                                % (where, line, out, p.returncode, comment))
            continue
        ok_codes = (0, 1) if re.match(r"eval -( |$)", ex) else (0,)
        target = re.search(r">\s*(\S+)$", line)  # `... | dot -Tsvg > d.svg`: that file, an SVG
        if target:
            path = os.path.join(work, target.group(1))
            produced = os.path.exists(path) and (not path.endswith(".svg") or "<svg" in open(path).read())
        else:
            produced = bool(out)
        if p.returncode not in ok_codes or not produced:
            failures.append("%s: `%s` exits %d%s\n%s" % (where, line, p.returncode,
                                                        "" if produced else " with no output", p.stderr[-2000:]))
    for ex in SPECIAL:
        if ex not in used:
            failures.append("SPECIAL lists `cuteref %s`, which no help text or README line shows any more" % ex)
    # the extraction itself must keep working: at least the known examples
    if ncmds < 8 or n_help < 5 or values < 4 or ran < 15:
        failures.append("too few examples found: %d commands, %d help examples, %d values checked, %d run"
                        % (ncmds, n_help, values, ran))
    for f in failures:
        print("FAILED: " + f)
    print("%d examples (%d from help texts), %d run, %d with a value checked, %d failed"
          % (len(examples), n_help, ran, values, len(failures)))
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
