"""ct_site: the generated reference site, a directory of static files.

A rule (not a genrule) because the site's files are not known in advance:
the output is one directory (a tree artifact), `bazel-bin/docs/site/`.
The action runs Debian's python3 and Graphviz's dot from the action PATH
(.bazelrc); nothing is downloaded.
"""

def _ct_site_impl(ctx):
    out = ctx.actions.declare_directory(ctx.label.name)
    ctx.actions.run_shell(
        outputs = [out],
        inputs = ctx.files.srcs + ctx.files.data + [ctx.file.generator],
        tools = [ctx.executable.cuteref],
        command = "python3 %s --root . --cuteref %s --out %s" % (
            ctx.file.generator.path,
            ctx.executable.cuteref.path,
            out.path,
        ),
        use_default_shell_env = True,
        mnemonic = "CuterefSite",
        progress_message = "Generating the reference site %s" % out.short_path,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

ct_site = rule(
    implementation = _ct_site_impl,
    attrs = {
        "generator": attr.label(allow_single_file = [".py"], mandatory = True),
        "srcs": attr.label_list(allow_files = True, doc = "the generator's own files"),
        "data": attr.label_list(allow_files = True, doc = "spec pages and the files the site includes"),
        "cuteref": attr.label(executable = True, cfg = "exec", mandatory = True),
    },
)
