// The dice roller (render/html): the book's rules engine, compiled to
// WebAssembly (cmd/roller), loaded the first time something is rolled. It
// offers, for the page and for scripts:
//
//   galley.roll(expr, {system, seed}) → Promise of {value | outcome, text, …}
//   galley.odds(expr, {system})       → Promise of the object `galley odds --json` prints
//
// The system defaults to the book's (<html data-system>). Around it: the
// roller panel's form, the dice notation in the text ([data-roll]), which
// rolls when clicked, and the roll tables' buttons ([data-roll-table]),
// which roll the table's die and mark the row that came up. The panel
// opens beside the text on a wide screen and as a sheet over its lower part
// on a narrow one; either way the paragraph a roll came from stays in view.
// Text from the engine and the reader is always set as text, never as
// markup.
(function () {
  "use strict";

  var html = document.documentElement;
  var assets = (html.dataset.root || "") + "assets/";
  var bookSystem = html.dataset.system || "generic";
  var svgNS = "http://www.w3.org/2000/svg";
  var engine = null;

  // wasm compiles the roller's module: fetched from a server, compiled as
  // it downloads; from a page opened from a file, which may load scripts
  // beside it but fetch nothing, read from roller-wasm.js, the same module
  // in base64 (a third larger, so only where fetch cannot be used).
  function wasm(imports) {
    if (location.protocol === "file:") {
      return window.galleyScript(assets + "roller-wasm.js", "The dice roller").then(function () {
        var text = window.galleyRollerWasm;
        window.galleyRollerWasm = undefined;
        var bytes = Uint8Array.fromBase64 ? Uint8Array.fromBase64(text) : Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); });
        return WebAssembly.instantiate(bytes, imports);
      });
    }
    var url = assets + "roller.wasm";
    function whole() {
      return fetch(url).then(function (r) {
        if (!r.ok) {
          throw new Error("The dice roller did not load: " + url + " answered " + r.status + ".");
        }
        return r.arrayBuffer();
      }, function () {
        throw new Error("The dice roller did not load: " + url + " could not be fetched.");
      }).then(function (bytes) {
        return WebAssembly.instantiate(bytes, imports);
      });
    }
    if (!WebAssembly.instantiateStreaming) {
      return whole();
    }
    // A server that does not call .wasm application/wasm gets the whole
    // file asked for again.
    return WebAssembly.instantiateStreaming(fetch(url), imports).catch(whole);
  }

  // load starts the engine once: wasm_exec.js, then the module. A load
  // that fails may be tried again by the next roll.
  function load() {
    if (engine) {
      return engine;
    }
    if (html.dataset.roller !== "ready") {
      engine = Promise.reject(new Error("The dice roller needs Go to build: this site was built without it."));
      return engine;
    }
    engine = (window.Go ? Promise.resolve() : window.galleyScript(assets + "wasm_exec.js", "The dice roller's wasm_exec.js")).then(function () {
      var go = new window.Go();
      return wasm(go.importObject).then(function (result) {
        go.run(result.instance);
        if (!window.galleyEngine) {
          throw new Error("The dice roller did not start.");
        }
        return window.galleyEngine;
      });
    });
    engine.catch(function () {
      engine = null;
    });
    return engine;
  }

  function call(name, expr, options) {
    options = options || {};
    var system = options.system || bookSystem;
    return load().then(function (e) {
      var out = name === "roll"
        ? e.roll(String(expr), String(system), typeof options.seed === "number" ? options.seed : undefined)
        : e.odds(String(expr), String(system));
      if (out.error) {
        var err = new Error(out.error);
        err.column = out.column;
        err.expr = String(expr);
        throw err;
      }
      return out;
    });
  }

  window.galley = {
    system: bookSystem,
    roll: function (expr, options) { return call("roll", expr, options); },
    odds: function (expr, options) { return call("odds", expr, options); }
  };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function svg(tag, attrs, text) {
    var node = document.createElementNS(svgNS, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  // percent writes a chance as render/chart does: two decimals at most.
  function percent(p) {
    if (p > 0 && p < 0.00005) {
      return "<0.01%";
    }
    return String(Math.round(p * 10000) / 100) + "%";
  }

  // chart draws odds as render/chart lays them out: rows for a named roll
  // or a few outcomes, columns for many; the rolled outcome is marked.
  function chart(odds, rolled) {
    var rows = odds.outcomes;
    var top = Math.max.apply(null, rows.map(function (r) { return r.p; }).concat([0]));
    var width = 320;
    var node;
    function bar(row, x, y, w, h) {
      var rect = svg("rect", { "class": "bar" + (String(row.outcome) === String(rolled) ? " rolled" : ""), x: x, y: y, width: Math.max(w, 0), height: Math.max(h, 0), fill: "currentColor" });
      rect.appendChild(svg("title", {}, row.outcome + ": " + row.num + "/" + row.den + " = " + percent(row.p)));
      return rect;
    }
    if (rows.length <= 12) {
      var label = 7 * Math.max.apply(null, rows.map(function (r) { return String(r.outcome).length; }));
      var x0 = label + 8, plot = width - x0 - 56;
      node = svg("svg", { "class": "odds-chart", viewBox: "0 0 " + width + " " + (rows.length * 22 + 8), role: "img", "font-size": 12 });
      rows.forEach(function (row, i) {
        var y = 4 + i * 22, w = top > 0 ? row.p / top * plot : 0;
        node.appendChild(bar(row, x0, y + 3.5, w, 15));
        node.appendChild(svg("text", { x: label, y: y + 15.2, "text-anchor": "end", fill: "currentColor" }, String(row.outcome)));
        node.appendChild(svg("text", { x: x0 + w + 4, y: y + 15.2, fill: "currentColor" }, percent(row.p)));
      });
    } else {
      var floor = 128, slot = (width - 8) / rows.length, every = Math.ceil(30 / slot);
      node = svg("svg", { "class": "odds-chart", viewBox: "0 0 " + width + " 146", role: "img", "font-size": 12 });
      node.appendChild(svg("line", { x1: 4, y1: floor, x2: width - 4, y2: floor, stroke: "currentColor", "stroke-opacity": 0.25 }));
      node.appendChild(svg("text", { x: 4, y: 12, fill: "currentColor" }, "highest " + percent(top)));
      rows.forEach(function (row, i) {
        var h = top > 0 ? row.p / top * (floor - 20) : 0, x = 4 + i * slot;
        node.appendChild(bar(row, x + slot * 0.1, floor - h, slot * 0.8, h));
        if (i % every === 0) {
          node.appendChild(svg("text", { x: x + slot / 2, y: floor + 14, "text-anchor": "middle", fill: "currentColor" }, String(row.outcome)));
        }
      });
    }
    node.insertBefore(svg("title", {}, "Exact odds of " + (odds.words ? odds.words + " (" + odds.expr + ")" : odds.expr)), node.firstChild);
    return node;
  }

  var result = document.getElementById("roller-result");
  var oddsBox = document.getElementById("roller-odds");
  var history = document.getElementById("roller-history");
  var input = document.getElementById("roller-input");
  var systemSelect = document.getElementById("roller-system");
  var panel = document.getElementById("roller");

  function showError(err) {
    result.replaceChildren();
    oddsBox.replaceChildren();
    var p = el("div", "roll-error", err.message);
    if (err.column && err.expr) {
      p.appendChild(el("pre", "", err.expr + "\n" + " ".repeat(err.column - 1) + "^"));
    }
    result.appendChild(p);
  }

  function showRoll(r) {
    var named = r.outcome !== undefined;
    var head = el("p", "roll-headline");
    // A named roll reads in words, its expression under them.
    var said = el("span", "roll-said");
    if (r.words) {
      said.appendChild(el("span", "roll-words", r.words));
    }
    var expr = el("span", "roll-expr", r.expr.trim());
    said.appendChild(expr);
    head.appendChild(said);
    head.appendChild(el("output", named ? "roll-value outcome" : "roll-value", named ? r.outcome : String(r.value)));
    var dice = el("ul", "roll-dice");
    dice.setAttribute("aria-label", "Dice thrown");
    r.dice.forEach(function (d) {
      var face = el("li", d.dropped ? "dropped" : "", String(d.face));
      face.title = "d" + d.sides + (d.term ? " of " + d.term : "") + (d.dropped ? ", dropped" : "");
      dice.appendChild(face);
    });
    if (r.system !== bookSystem) {
      expr.appendChild(el("span", "roll-system", " in " + r.system));
    }
    var lines = r.text.split("\n").slice(1).map(function (l) { return l.trim(); }).join("\n");
    // The command that repeats the roll is for the book's authors, who
    // check a roll at the command line; a reader need not see it.
    var seed = el("details", "roll-seed");
    seed.appendChild(el("summary", "", "Repeat this roll with galley"));
    seed.appendChild(el("code", "", "galley roll --system " + r.system + " --seed " + r.seed + " '" + r.expr.trim() + "'"));
    // A single die's face is the value: showing it twice says nothing.
    var bare = !named && r.dice.length === 1 && r.dice[0].face === r.value;
    result.replaceChildren(head);
    if (!bare) {
      result.appendChild(dice);
    }
    if (lines && !bare) {
      result.appendChild(el("pre", "roll-breakdown", lines));
    }
    result.appendChild(seed);
    var item = el("li", "", (r.words || r.expr.trim()) + " → " + (named ? r.outcome : r.value));
    history.insertBefore(item, history.firstChild);
    while (history.children.length > 8) {
      history.removeChild(history.lastChild);
    }
  }

  // uniformRange returns the least and greatest of a number's outcomes
  // when they are every whole number between, each as likely: a single die.
  function uniformRange(odds) {
    var rows = odds.outcomes;
    var values = rows.map(function (r) { return r.outcome; });
    var lo = Math.min.apply(null, values), hi = Math.max.apply(null, values);
    var even = rows.every(function (r) { return Math.abs(r.p - rows[0].p) < 1e-12; });
    return rows.length > 1 && even && hi - lo === rows.length - 1 ? { lo: lo, hi: hi } : null;
  }

  // showOdds shows the exact odds: a named roll's outcomes and a number's
  // spread as a chart, with the outcome rolled marked; a number's range in
  // words, which is all there is to say of a single die.
  function showOdds(odds, rolled) {
    if (odds.mean === null) {
      oddsBox.replaceChildren(el("p", "", "Exact odds"), chart(odds, rolled));
      return;
    }
    var uniform = uniformRange(odds);
    if (uniform) {
      var n = odds.outcomes.length;
      oddsBox.replaceChildren(el("p", "odds-range", "Each whole number from " + uniform.lo + " to " + uniform.hi +
        " is as likely as any other: 1 in " + n + " (" + percent(1 / n) + ")."));
      return;
    }
    // An exploding roll has no greatest result: its last row is the chance
    // of the rolls beyond the depth it was followed to.
    var values = odds.outcomes.filter(function (r) { return !r.beyond; }).map(function (r) { return r.outcome; });
    var upTo = odds.depth ? " and up" : "";
    oddsBox.replaceChildren(el("p", "odds-range", "From " + Math.min.apply(null, values) + " to " + Math.max.apply(null, values) + upTo +
      ", " + (odds.mean_exact === false ? "about " : "") + (Math.round(odds.mean * 1000) / 1000) + " on average. Exact odds" +
      (odds.depth ? ", each exploding die followed through " + odds.depth + " explosions:" : ":")), chart(odds, rolled));
  }

  // rollPanel rolls an expression in the panel: the result and its
  // breakdown, then the exact odds with the outcome that came up marked.
  function rollPanel(expr, system) {
    if (!result || !oddsBox) {
      return Promise.resolve();
    }
    return galley.roll(expr, { system: system }).then(function (r) {
      showRoll(r);
      return galley.odds(expr, { system: system }).then(function (odds) {
        showOdds(odds, r.outcome !== undefined ? r.outcome : r.value);
      }, function () {
        oddsBox.replaceChildren();
      });
    }, showError);
  }

  var form = document.getElementById("roller-form");
  if (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      rollPanel(input.value, systemSelect.value);
    });
  }

  // openBeside opens the panel for a roll from a link in the text. Docked
  // beside the text, the panel narrows its column and moves the link: the
  // page scrolls to keep the link where the reader had it. As a sheet over
  // the lower part of a narrow screen, it would cover the paragraph: the
  // page scrolls to bring the paragraph above it, or, if the paragraph is
  // too tall to fit, the link at least.
  function openBeside(link) {
    var before = link.getBoundingClientRect().top;
    panel.dispatchEvent(new CustomEvent("galley:open"));
    window.scrollBy(0, link.getBoundingClientRect().top - before);
    var block = link.closest("p, li, td, th, figcaption") || link;
    var b = block.getBoundingClientRect(), sheet = panel.getBoundingClientRect();
    if (sheet.left >= b.right || sheet.right <= b.left || sheet.top >= b.bottom || sheet.bottom <= b.top) {
      return;
    }
    var bar = document.querySelector(".topbar");
    var room = b.top - (bar ? bar.getBoundingClientRect().bottom : 0) - 8;
    var need = b.bottom - sheet.top + 8;
    window.scrollBy(0, need <= room ? need : Math.max(room, link.getBoundingClientRect().bottom - sheet.top + 8));
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-roll]");
    if (link) {
      event.preventDefault();
      openBeside(link);
      if (input) {
        input.value = link.dataset.roll;
        systemSelect.value = bookSystem;
      }
      if (!result || !oddsBox) {
        return;
      }
      rollPanel(link.dataset.roll, bookSystem);
      return;
    }
    var button = event.target.closest("[data-roll-table]");
    if (button) {
      rollTable(button);
    }
  });

  // rollTable rolls a roll table's die and marks the row that came up.
  function rollTable(button) {
    var block = button.closest(".table-block");
    var out = block.querySelector(".roll-table-result");
    galley.roll(button.dataset.rollTable, { system: button.dataset.system }).then(function (r) {
      var hit = null;
      block.querySelectorAll("tr[data-lo]").forEach(function (row) {
        var on = Number(row.dataset.lo) <= r.value && r.value <= Number(row.dataset.hi);
        row.classList.toggle("rolled", on && !hit);
        if (on && !hit) {
          hit = row;
        }
      });
      out.textContent = "Rolled " + r.value;
      if (hit) {
        hit.scrollIntoView({ block: "nearest" });
      }
    }, function (err) {
      out.textContent = err.message;
    });
  }
})();
