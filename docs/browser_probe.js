// Measures one page of the site in a real browser (docs/browser_check.py).
// browser_check.py injects this script at the end of each page's copy and
// loads the copy in an iframe of the width under test; once the page and its
// pictures have loaded, the script posts what it measured to the driver page.
// It changes nothing on the page.
(function () {
  "use strict";
  var SLACK = 0.5; // sub-pixel rounding: an edge this far past the window is still inside

  function describe(el) {
    var s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    if (typeof el.className === "string" && el.className.trim()) s += "." + el.className.trim().split(/\s+/).join(".");
    return s;
  }

  function path(el) {
    var parts = [];
    for (var e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) parts.unshift(describe(e));
    return parts.join(" > ");
  }

  // An ancestor that clips or scrolls sideways keeps el's overflow inside its own box.
  function clippedByAncestor(el) {
    for (var e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== "visible") return true;
    }
    return false;
  }

  // How far right an element or its own text reaches (a long word can stick
  // out of a box that keeps its width: then scrollWidth > clientWidth).
  function reach(el) {
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return 0;
    var right = r.right + window.scrollX;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === "visible")
      right = Math.max(right, r.left + window.scrollX + el.scrollWidth);
    return right;
  }

  // The elements that make the page wider than the window: each one reaches
  // past the window's right edge, no ancestor scrolls it, and none of its own
  // element children does (the innermost culprit, e.g. one long <code>).
  function widest(limit) {
    var over = [];
    var all = document.body.querySelectorAll("*");
    for (var i = 0; i < all.length; i++) {
      if (reach(all[i]) > limit + SLACK && !clippedByAncestor(all[i])) over.push(all[i]);
    }
    var inner = over.filter(function (el) {
      return !over.some(function (o) { return o !== el && el.contains(o); });
    });
    return {
      count: inner.length,
      elements: inner.slice(0, 3).map(function (el) {
        return {
          path: path(el),
          right: Math.round(reach(el)),
          text: (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 70)
        };
      })
    };
  }

  function images() {
    var out = [];
    var imgs = document.images;
    for (var i = 0; i < imgs.length; i++) {
      var im = imgs[i];
      var r = im.getBoundingClientRect();
      var link = im.closest("a");
      out.push({
        src: im.getAttribute("src"),
        alt: im.getAttribute("alt") || "",
        complete: im.complete,
        naturalWidth: im.naturalWidth,
        naturalHeight: im.naturalHeight,
        width: r.width,
        height: r.height,
        link: link ? link.getAttribute("href") : null,
        label: link ? link.innerText.replace(/\s+/g, " ").trim() : "", // what the reader sees of the link
        path: path(im)
      });
    }
    return out;
  }

  // Inline <svg> (the dependency graph): the browser knows every scale between
  // a text's font size and the screen, its screen transform included.
  function inlineSvgs() {
    var out = [];
    var svgs = document.querySelectorAll("svg");
    for (var i = 0; i < svgs.length; i++) {
      var svg = svgs[i];
      if (svg.parentElement.closest("svg")) continue;
      var r = svg.getBoundingClientRect();
      var least = null, text = "";
      var texts = svg.querySelectorAll("text");
      for (var k = 0; k < texts.length; k++) {
        var t = texts[k];
        if (!/\S/.test(t.textContent)) continue;
        var m = t.getScreenCTM();
        if (!m) continue;
        var px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(m.a * m.a + m.b * m.b);
        if (least === null || px < least) { least = px; text = t.textContent.trim().slice(0, 40); }
      }
      out.push({ width: r.width, height: r.height, texts: texts.length, least: least, text: text, path: path(svg) });
    }
    return out;
  }

  function measure() {
    var doc = document.documentElement;
    var verdict = {
      page: location.pathname.split("/").pop(),
      viewport: doc.clientWidth,
      scrollWidth: doc.scrollWidth,
      images: images(),
      svgs: inlineSvgs()
    };
    if (doc.scrollWidth > doc.clientWidth) verdict.wide = widest(doc.clientWidth);
    parent.postMessage(verdict, "*");
  }

  window.addEventListener("load", function () {
    // after the load event's own layout work: one more turn of the event loop
    setTimeout(measure, 0);
  });
})();
