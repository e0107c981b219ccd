"""The Markdown subset that spec/ uses, to HTML (Python 3 standard library only).

Blocks: ATX headings, paragraphs, bullet and numbered lists (nested by
indentation, lazy continuation lines), pipe tables, fenced and indented code
blocks, block quotes. Inline: code spans, **bold**, *italic*, [links](url).

The converter knows nothing about cuteref: every cuteref-specific decision is
a hook of the `Hooks` object the caller passes (how a ```cuteref block is
drawn, where a code span links, what anchors a post-condition gets). Lines
keep their line numbers so that hooks can match them with
tools/spec_index.py's parse of the same page.
"""
import html
import re

HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
ITEM_RE = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
FENCE_RE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)\s*$")
TABLE_SEP_RE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
LINK_RE = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
CODE_RE = re.compile(r"(`+)(.+?)\1")
BOLD_RE = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
ITALIC_RE = re.compile(r"(?<![\w*\\])\*(?=[^\s*])([^*]+?)(?<=[^\s*])\*(?![\w*])")
# An emphasis around a link (`*Read with [principle.md](principle.md): ...*`,
# the first line of every spec page): found on the whole text, since the
# pieces between links are emphasized one by one.
ITALIC_LINK_RE = re.compile(r"(?<![\w*\\])\*(?=[^\s*])([^*`]*?\]\([^*`]*?)(?<=[^\s*])\*(?![\w*])")
EM_OPEN, EM_CLOSE = "\x01", "\x02"  # that emphasis, until the pieces are joined


def esc(s):
    """Escapes text or an attribute value."""
    return html.escape(s, quote=True).replace("&#x27;", "'")


def slug(text):
    s = re.sub(r"<[^>]+>", "", text)
    s = re.sub(r"[^A-Za-z0-9_]+", "-", s).strip("-").lower()
    return s or "section"


class Hooks:
    """Defaults: plain rendering. Subclass to add cross-references."""

    def code_span(self, code):
        return "<code>%s</code>" % esc(code)

    def link(self, url):
        return url

    def text(self, escaped):
        """Post-processes escaped plain text (e.g. to link IDs)."""
        return escaped

    def fence(self, lang, lines):
        """lines: [(lineno, text)]; returns HTML or None for the default."""
        return None

    def list_item(self, first_text):
        """Returns (li attributes, HTML put before the item's text, the item's
        first line with what that HTML replaces removed, HTML put after the
        item) or None."""
        return None

    def heading(self, level, text, anchor):
        return None


class Converter:
    def __init__(self, hooks=None):
        self.hooks = hooks or Hooks()
        self.ids = set()
        self.headings = []  # (level, text, anchor)

    # ---- inline -----------------------------------------------------------
    def inline(self, s):
        s = ITALIC_LINK_RE.sub(lambda m: EM_OPEN + m.group(1) + EM_CLOSE, s)
        return self._inline_links(s).replace(EM_OPEN, "<em>").replace(EM_CLOSE, "</em>")

    def _inline_links(self, s):
        out = []
        pos = 0
        # a link starts outside code spans: `smem_ptr[16b](unset)` is code
        code = [(c.start(), c.end()) for c in CODE_RE.finditer(s)]
        links, at = [], 0
        while True:
            m = LINK_RE.search(s, at)
            if not m:
                break
            inside = next((b for a, b in code if a <= m.start() < b), None)
            if inside is None:
                links.append(m)
                at = m.end()
            else:
                at = inside
        for m in links:
            out.append(self._inline_nolink(s[pos:m.start()]))
            url = self.hooks.link(m.group(2))
            ext = url.startswith("http://") or url.startswith("https://")
            out.append('<a href="%s"%s>%s</a>' % (esc(url), ' class="ext"' if ext else "",
                                                   self._inline_nolink(m.group(1))))
            pos = m.end()
        out.append(self._inline_nolink(s[pos:]))
        return "".join(out)

    def _inline_nolink(self, s):
        out = []
        pos = 0
        for m in CODE_RE.finditer(s):
            out.append(self._emph(s[pos:m.start()]))
            out.append(self.hooks.code_span(m.group(2).strip() if m.group(2).strip() else m.group(2)))
            pos = m.end()
        out.append(self._emph(s[pos:]))
        return "".join(out)

    def _emph(self, s):
        t = esc(s)
        t = self.hooks.text(t)
        t = BOLD_RE.sub(lambda m: "<strong>%s</strong>" % m.group(1), t)
        t = ITALIC_RE.sub(lambda m: "<em>%s</em>" % m.group(1), t)
        return t

    # ---- blocks -------------------------------------------------------------
    def convert(self, text, first_lineno=1):
        lines = [(first_lineno + i, l.rstrip("\n").replace("\t", "    ")) for i, l in enumerate(text.split("\n"))]
        return self.blocks(lines)

    def unique_id(self, base):
        cand, n = base, 2
        while cand in self.ids:
            cand = "%s-%d" % (base, n)
            n += 1
        self.ids.add(cand)
        return cand

    @staticmethod
    def _indent(s):
        return len(s) - len(s.lstrip(" "))

    def _starts_block(self, s):
        st = s.strip()
        return bool(HEADING_RE.match(st) or FENCE_RE.match(s) or ITEM_RE.match(s) or st.startswith("|")
                    or st.startswith(">"))

    def blocks(self, lines):
        out = []
        i, n = 0, len(lines)
        while i < n:
            ln, s = lines[i]
            st = s.strip()
            if not st:
                i += 1
                continue
            ind = self._indent(s)
            m = FENCE_RE.match(s)
            if m:
                fence, lang = m.group(2), m.group(3)
                body = []
                i += 1
                while i < n and not lines[i][1].strip().startswith(fence[:3]):
                    l2 = lines[i][1]
                    body.append((lines[i][0], l2[min(ind, self._indent(l2)):]))
                    i += 1
                i += 1
                out.append(self.code_block(lang, body))
                continue
            m = HEADING_RE.match(st) if ind < 4 else None
            if m:
                level, text = len(m.group(1)), m.group(2)
                anchor = self.unique_id(slug(text))
                self.headings.append((level, text, anchor))
                custom = self.hooks.heading(level, text, anchor)
                out.append(custom if custom is not None else
                           '<h%d id="%s">%s</h%d>' % (level, anchor, self.inline(text), level))
                i += 1
                continue
            if st.startswith("|") and i + 1 < n and TABLE_SEP_RE.match(lines[i + 1][1]):
                rows = []
                while i < n and lines[i][1].strip().startswith("|"):
                    rows.append(lines[i][1].strip())
                    i += 1
                out.append(self.table(rows))
                continue
            if ITEM_RE.match(s) and ind < 4:
                i = self.list_block(lines, i, out)
                continue
            if ind >= 4:
                body = []
                while i < n and (not lines[i][1].strip() or self._indent(lines[i][1]) >= 4):
                    body.append((lines[i][0], lines[i][1][4:]))
                    i += 1
                while body and not body[-1][1].strip():
                    body.pop()
                out.append(self.code_block("", body))
                continue
            if st.startswith(">"):
                body = []
                while i < n and lines[i][1].strip().startswith(">"):
                    body.append((lines[i][0], re.sub(r"^\s*>\s?", "", lines[i][1])))
                    i += 1
                out.append("<blockquote>\n%s\n</blockquote>" % self.blocks(body))
                continue
            para = [st]
            i += 1
            while i < n and lines[i][1].strip() and not self._starts_block(lines[i][1]):
                para.append(lines[i][1].strip())
                i += 1
            out.append("<p>%s</p>" % self.inline(" ".join(para)))
        return "\n".join(out)

    def code_block(self, lang, body):
        custom = self.hooks.fence(lang, body)
        if custom is not None:
            return custom
        return '<pre class="code"><code>%s</code></pre>' % esc("\n".join(t for _, t in body))

    def table(self, rows):
        def cells(r):
            r = r.strip()
            if r.startswith("|"):
                r = r[1:]
            if r.endswith("|") and not r.endswith("\\|"):
                r = r[:-1]
            # split on | outside code spans
            parts, cur, in_code = [], [], False
            for ch in r:
                if ch == "`":
                    in_code = not in_code
                if ch == "|" and not in_code:
                    parts.append("".join(cur))
                    cur = []
                else:
                    cur.append(ch)
            parts.append("".join(cur))
            return [p.strip() for p in parts]

        head = cells(rows[0])
        out = ['<div class="table-wrap"><table>', "<thead><tr>%s</tr></thead>" %
               "".join("<th>%s</th>" % self.inline(c) for c in head), "<tbody>"]
        for r in rows[2:]:
            out.append("<tr>%s</tr>" % "".join("<td>%s</td>" % self.inline(c) for c in cells(r)))
        out.append("</tbody></table></div>")
        return "\n".join(out)

    def list_block(self, lines, i, out):
        n = len(lines)
        first_item = i
        m = ITEM_RE.match(lines[i][1])
        base = len(m.group(1))
        ordered = m.group(2)[0].isdigit()
        items = []  # list of (lines, loose)
        loose = False
        while i < n:
            m = ITEM_RE.match(lines[i][1])
            if not m or len(m.group(1)) != base or m.group(2)[0].isdigit() != ordered:
                break
            content_ind = len(lines[i][1]) - len(m.group(3))
            body = [(lines[i][0], m.group(3))]
            i += 1
            while i < n:
                ln, s = lines[i]
                if not s.strip():
                    # a blank line: the item goes on if the next line is indented into it
                    j = i
                    while j < n and not lines[j][1].strip():
                        j += 1
                    if j < n and self._indent(lines[j][1]) >= content_ind:
                        body.extend(lines[i:j])
                        i = j
                        loose = loose or not ITEM_RE.match(lines[j][1])
                        continue
                    if j < n:
                        m2 = ITEM_RE.match(lines[j][1])
                        if m2 and len(m2.group(1)) == base:
                            loose = True
                            i = j  # the list goes on with the next item
                    break
                ind = self._indent(s)
                if ind >= content_ind:
                    body.append((ln, s[content_ind:]))
                elif ITEM_RE.match(s) or self._starts_block(s):
                    if ITEM_RE.match(s) and ind > base:
                        body.append((ln, s[min(ind, content_ind):]))
                    else:
                        break
                else:
                    body.append((ln, s.strip()))  # lazy continuation
                i += 1
            items.append(body)
        tag = "ol" if ordered else "ul"
        start = ""
        if ordered:
            first_number = int(re.match(r"\d+", ITEM_RE.match(lines[first_item][1]).group(2)).group(0))
            if first_number != 1:
                start = ' start="%d"' % first_number
        html_items = []
        for body in items:
            first_ln, first = body[0]
            attrs, before, after = "", "", ""
            hook = self.hooks.list_item(first)
            if hook is not None:
                attrs, before, first, after = hook
                body = [(first_ln, first)] + body[1:]
            inner = self.blocks(body)
            if not loose and inner.startswith("<p>") and inner.count("<p>") == 1:
                inner = inner[3:].replace("</p>", "", 1)
            if inner.startswith("<p>"):
                inner = "<p>" + before + inner[3:]
            else:
                inner = before + inner
            html_items.append("<li%s>%s%s</li>" % (attrs, inner, after))
        out.append("<%s%s>\n%s\n</%s>" % (tag, start, "\n".join(html_items), tag))
        return i
