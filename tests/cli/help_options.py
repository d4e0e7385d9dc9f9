#!/usr/bin/env python3
"""cli_help_options: every command answers --help, -h and `ekb help <cmd>` with the same
text and exit 0; every option its help lists is accepted by its parser (never "unknown
option"); every option README.md and docs/*.md show for a command appears in that
command's --help; unknown options are usage errors (exit 2) that point at --help; the
bash completion script parses and offers every command; the man page renders.

usage: help_options.py <ekb binary> <source dir>"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ekb, src = os.path.abspath(sys.argv[1]), sys.argv[2]
failures = []


def run(*args, **kw):
    return subprocess.run([ekb, *args], capture_output=True, text=True, timeout=60, **kw)


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


top = run("--help")
if top.returncode != 0:
    fail("ekb --help exits %d" % top.returncode)
commands = re.findall(r"^  ([a-z]+) ", top.stdout.split("commands:")[1], re.M)
if len(commands) < 10:
    fail("ekb --help lists only %s" % commands)
for want in ["tasks", "eval", "run", "report", "results", "experiments", "ingest", "bundle", "device", "suite", "help", "version"]:
    if want not in commands:
        fail("ekb --help does not list '%s'" % want)

v = run("--version")
if v.returncode != 0 or not v.stdout.startswith("ekb "):
    fail("ekb --version: rc %d, %r" % (v.returncode, v.stdout))

helps = {}
with tempfile.TemporaryDirectory() as tmp:
    for cmd in commands:
        h = run(cmd, "--help")
        if h.returncode != 0 or not h.stdout.startswith("usage: ekb " + cmd):
            fail("ekb %s --help: rc %d, %r" % (cmd, h.returncode, h.stdout[:80]))
            continue
        helps[cmd] = h.stdout
        for variant in (["-h"], ["help", cmd]):
            other = run(*([cmd] + variant if variant == ["-h"] else variant))
            if other.returncode != 0 or other.stdout != h.stdout:
                fail("ekb %s differs from ekb %s --help" % (" ".join([cmd] + variant if variant == ["-h"] else variant), cmd))
        # Every listed option is known to the parser. Options are given to a command that
        # then fails for another reason (a missing required argument, a bogus value), in
        # an empty folder so that nothing real happens; only "unknown option" matters.
        options = re.findall(r"^  --([a-z0-9-]+)( [A-Z][A-Za-z|,.]*)?", h.stdout, re.M)
        if cmd not in ("help", "version", "completion", "man", "check") and not options:
            fail("ekb %s --help lists no option" % cmd)
        for name, value in options:
            argv = [cmd, "--" + name] + (["/nonexistent/x"] if value else []) + ["--definitely-unknown-option"]
            r = run(*argv, cwd=tmp)
            if "unknown option --%s" % name in r.stderr:
                fail("ekb %s rejects --%s, which its --help lists" % (cmd, name))
            if "unknown option --definitely-unknown-option" not in r.stderr or r.returncode != 2:
                fail("ekb %s: an unknown option after --%s is not a usage error (rc %d, %r)" % (cmd, name, r.returncode, r.stderr[-200:]))
        bad = run(cmd, "--no-such-option", cwd=tmp)
        if cmd not in ("help",) and (bad.returncode != 2 or "ekb %s --help" % cmd not in bad.stderr):
            fail("ekb %s --no-such-option: rc %d, %r" % (cmd, bad.returncode, bad.stderr[-200:]))

# Options shown in the documentation exist.
docs = [os.path.join(src, "README.md")] + [os.path.join(src, "docs", f) for f in sorted(os.listdir(os.path.join(src, "docs"))) if f.endswith(".md")]
documented = 0
for path in docs:
    text = open(path).read().replace("\\\n", " ")
    for line in text.splitlines():
        for m in re.finditer(r"\bekb ([a-z]+)\b([^`#]*)", line):
            cmd, rest = m.group(1), m.group(2)
            if cmd not in helps:
                continue
            rest = re.sub(r"'[^']*'|\"[^\"]*\"", "", rest)  # quoted values (an agent's own --flags)
            rest = re.split(r"\bekb |\||;|&&", rest)[0] if cmd not in ("results", "ingest") else rest.split("ekb ")[0]
            for opt in re.findall(r"(?<![\w-])--([a-z][a-z0-9-]*)", rest):
                documented += 1
                if "--" + opt not in helps[cmd]:
                    fail("%s: 'ekb %s ... --%s' is documented, but ekb %s --help does not list it" % (os.path.basename(path), cmd, opt, cmd))
if documented < 30:
    fail("only %d documented options found in README.md and docs/: the scan is broken" % documented)

# Completion and man page, generated from the same table.
comp = run("completion", "bash")
if comp.returncode != 0:
    fail("ekb completion bash: rc %d" % comp.returncode)
else:
    with tempfile.NamedTemporaryFile("w", suffix=".bash", delete=False) as f:
        f.write(comp.stdout)
    syntax = subprocess.run(["bash", "-n", f.name], capture_output=True, text=True)
    if syntax.returncode != 0:
        fail("the completion script does not parse: " + syntax.stderr)
    # Ask it, as bash would, for the options of `ekb run --back<TAB>` and the commands of `ekb ex<TAB>`.
    probe = 'source %s; COMP_WORDS=(ekb run --back); COMP_CWORD=2; _ekb; echo "${COMPREPLY[@]}"; ' \
            'COMP_WORDS=(ekb ex); COMP_CWORD=1; _ekb; echo "${COMPREPLY[@]}"; ' \
            'COMP_WORDS=(ekb eval --backend o); COMP_CWORD=3; _ekb; echo "${COMPREPLY[@]}"' % f.name
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True).stdout.splitlines()
    os.unlink(f.name)
    if out[:3] != ["--backends", "experiments", "opencl"]:
        fail("completion answers %r" % out)
man = run("man")
if man.returncode != 0 or not man.stdout.startswith(".TH EKB 1"):
    fail("ekb man: rc %d" % man.returncode)
else:
    for cmd in commands:
        if ('.SS "ekb ' + cmd) not in man.stdout:
            fail("the man page has no section for ekb " + cmd)
    if shutil.which("groff"):
        r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z"], input=man.stdout, capture_output=True, text=True)
        if r.returncode != 0 or r.stderr.strip():
            fail("groff warns about the man page: " + r.stderr[:500])

print("help_options.py: %d commands, %d documented options checked, %d failures" % (len(helps), documented, len(failures)))
sys.exit(1 if failures else 0)
