// Search (render/html): the index galley built with the site
// (assets/search-index.js: title, page, address and text of every heading's
// stretch, table, figure and box) is loaded the first time the reader
// types, as a script so that a page opened from a file finds it too, and
// searched in the browser. Every word typed must appear; a
// word in a title counts ten times one in the text, once however often the
// title repeats it, and of two results as good the shorter title comes
// first, so that a heading named as searched beats a long caption that
// says the word thrice. "/" focuses the box;
// the arrow keys walk the results and Enter opens one.
(function () {
  "use strict";

  var root = document.documentElement.dataset.root || "";
  var input = document.getElementById("search-input");
  var box = document.getElementById("search-results");
  var form = document.getElementById("search");
  var index = null;
  var loading = null;
  var maxResults = 12;

  // fold lowercases and strips accents, so "deja" finds "Déjà", and
  // straightens the typographic quotes and dashes the index is written
  // with, so "don't" finds "don’t"; each mark for one character, so that
  // a place in the folded text is a place in the shown one.
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, "-");
  }

  function load() {
    if (!loading) {
      loading = window.galleyScript(root + "assets/search-index.js", "The search index").then(function () {
        index = window.galleySearchIndex.map(function (e) {
          return { entry: e, title: fold(e.t), text: fold(e.x || "") };
        });
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  function count(haystack, word) {
    var n = 0;
    for (var i = haystack.indexOf(word); i >= 0; i = haystack.indexOf(word, i + word.length)) {
      n++;
    }
    return n;
  }

  function find(query) {
    var words = fold(query).split(/\s+/).filter(Boolean);
    if (!words.length) {
      return [];
    }
    var found = [];
    index.forEach(function (item) {
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var inTitle = count(item.title, words[i]);
        var inText = count(item.text, words[i]);
        if (!inTitle && !inText) {
          return;
        }
        score += (inTitle ? 10 : 0) + Math.min(inText, 5);
      }
      found.push({ item: item, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score || a.item.title.length - b.item.title.length; });
    return found.slice(0, maxResults).map(function (f) { return f.item; });
  }

  // marked appends text to node with the words wrapped in <mark>.
  function marked(node, text, words) {
    var folded = fold(text);
    var at = 0;
    while (at < text.length) {
      var next = -1, len = 0;
      words.forEach(function (w) {
        var i = folded.indexOf(w, at);
        if (i >= 0 && (next < 0 || i < next)) {
          next = i;
          len = w.length;
        }
      });
      if (next < 0) {
        break;
      }
      node.appendChild(document.createTextNode(text.slice(at, next)));
      var m = document.createElement("mark");
      m.textContent = text.slice(next, next + len);
      node.appendChild(m);
      at = next + len;
    }
    node.appendChild(document.createTextNode(text.slice(at)));
    return node;
  }

  // snippet returns the text around the first word found.
  function snippet(item, words) {
    var text = item.entry.x || "";
    var first = -1;
    words.forEach(function (w) {
      var i = item.text.indexOf(w);
      if (i >= 0 && (first < 0 || i < first)) {
        first = i;
      }
    });
    if (first < 0) {
      return text.slice(0, 120) + (text.length > 120 ? "…" : "");
    }
    var start = Math.max(0, first - 50);
    return (start > 0 ? "…" : "") + text.slice(start, start + 140) + (start + 140 < text.length ? "…" : "");
  }

  function span(className, text, words) {
    var s = document.createElement("span");
    s.className = className;
    return marked(s, text, words);
  }

  function show() {
    var query = input.value;
    var words = fold(query).split(/\s+/).filter(Boolean);
    box.replaceChildren();
    if (!words.length) {
      box.hidden = true;
      return;
    }
    var results = find(query);
    if (!results.length) {
      var none = document.createElement("p");
      none.className = "no-results";
      none.textContent = "Nothing in the book matches “" + query + "”.";
      box.appendChild(none);
    }
    results.forEach(function (item, i) {
      var a = document.createElement("a");
      a.href = root + item.entry.u;
      a.setAttribute("role", "option");
      a.id = "search-result-" + i;
      a.appendChild(span("result-title", item.entry.t, words));
      if (item.entry.p !== item.entry.t) {
        a.appendChild(span("result-page", item.entry.p, []));
      }
      if (item.entry.x) {
        a.appendChild(span("result-text", snippet(item, words), words));
      }
      box.appendChild(a);
    });
    box.hidden = false;
  }

  function update() {
    load().then(show, function (err) {
      box.replaceChildren();
      var p = document.createElement("p");
      p.className = "no-results";
      p.textContent = err.message;
      box.appendChild(p);
      box.hidden = false;
    });
  }

  function select(step) {
    var links = Array.prototype.slice.call(box.querySelectorAll("a"));
    if (!links.length) {
      return;
    }
    var i = links.findIndex(function (a) { return a.getAttribute("aria-selected") === "true"; });
    links.forEach(function (a) { a.removeAttribute("aria-selected"); });
    i = (i + step + links.length) % links.length;
    links[i].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", links[i].id);
    links[i].scrollIntoView({ block: "nearest" });
  }

  input.addEventListener("focus", function () { load(); });
  input.addEventListener("input", update);
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      select(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Escape") {
      box.hidden = true;
      input.blur();
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var chosen = box.querySelector('a[aria-selected="true"]') || box.querySelector("a");
    if (chosen) {
      window.location.href = chosen.href;
    }
  });
  box.addEventListener("click", function () { box.hidden = true; });
  document.addEventListener("click", function (event) {
    if (!form.contains(event.target)) {
      box.hidden = true;
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "/" && document.activeElement !== input && !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)) {
      event.preventDefault();
      input.focus();
    }
  });
})();
