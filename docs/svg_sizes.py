"""The sizes in an SVG file that decide whether its text is legible as shown
(docs/gen_site.py sizes pictures with them; docs/browser_check.py judges what
the browser shows). Python 3 standard library only."""
import re
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
# What a thumbnail shown smaller than legible says; it links to the full-size
# picture (docs/README.md, "Pictures at normal zoom").
THUMB_NOTE = "reduced: open full size"


def length_px(v):
    """An SVG length in CSS px (Graphviz writes pt), or None."""
    m = re.match(r"^\s*([0-9.]+)\s*(pt|px)?\s*$", v or "")
    if not m:
        return None
    return float(m.group(1)) * (4.0 / 3.0 if m.group(2) == "pt" else 1.0)


def _scale(transform):
    s = 1.0
    for m in re.finditer(r"scale\(\s*([-0-9.]+)(?:[ ,]+([-0-9.]+))?\s*\)", transform or ""):
        s *= min(abs(float(m.group(1))), abs(float(m.group(2) or m.group(1))))
    return s


class SvgSizes:
    """natural_w, natural_h: the intrinsic size in CSS px (what <img> shows
    with no width given); view_w, view_h: the viewBox; least: the smallest
    font size of any text, in viewBox units, transforms applied (None when the
    picture has no text); least_text: that text."""

    def __init__(self, path):
        root = ET.parse(path).getroot()
        vb = (root.get("viewBox") or "").replace(",", " ").split()
        self.natural_w = length_px(root.get("width"))
        self.natural_h = length_px(root.get("height"))
        if len(vb) == 4:
            self.view_w, self.view_h = float(vb[2]), float(vb[3])
        else:
            self.view_w, self.view_h = self.natural_w or 0.0, self.natural_h or 0.0
        if self.natural_w is None:
            self.natural_w = self.view_w
        if self.natural_h is None:
            self.natural_h = self.view_h
        self.least, self.least_text = None, ""
        self._walk(root, 1.0)

    def _walk(self, el, scale):
        scale *= _scale(el.get("transform"))
        if el.tag == SVG_NS + "text" and "".join(el.itertext()).strip():
            fs = length_px(el.get("font-size") or "") or 14.0  # Graphviz always writes it; 14 is its default
            if self.least is None or fs * scale < self.least:
                self.least, self.least_text = fs * scale, "".join(el.itertext()).strip()[:40]
        for c in el:
            self._walk(c, scale)

    def text_px(self, shown_w, shown_h):
        """The smallest text in CSS px when the picture is shown at shown_w x
        shown_h (the viewBox fits the box, aspect kept: SVG's default)."""
        if self.least is None or self.view_w <= 0 or self.view_h <= 0:
            return None
        return self.least * min(shown_w / self.view_w, shown_h / self.view_h)

    def legible_width(self, min_px):
        """The least width, in CSS px, at which the smallest text is min_px."""
        if self.least is None or self.view_w <= 0:
            return 0.0
        return min_px * self.view_w / self.least
