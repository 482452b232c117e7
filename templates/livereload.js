// Live reload for `galley serve` (cmd/galley), which adds this script to
// every page it serves; a built site never loads it. The server sends
// Server-Sent Events on /_galley/events: "book", on connecting and after
// every rebuild, with {"build": N, "diagnostics": [...]}, the book's
// problems as file:line:col: message, and "moved", where the pages the
// builds took away went. A page reloads when the build number moves on, or
// goes where it moved, and shows the errors, if any, over the page.
(function () {
  "use strict";

  var seen = null;
  var overlay = null;

  function show(diagnostics) {
    if (overlay) {
      overlay.remove();
      overlay = null;
    }
    var errors = diagnostics.filter(function (d) { return d.severity === "error"; });
    if (!errors.length) {
      return;
    }
    overlay = document.createElement("section");
    overlay.className = "galley-overlay";
    overlay.setAttribute("role", "alert");
    var head = document.createElement("h2");
    head.textContent = errors.length === 1 ? "The book has an error" : "The book has " + errors.length + " errors";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Hide";
    close.addEventListener("click", function () { overlay.hidden = true; });
    var list = document.createElement("ol");
    errors.forEach(function (d) {
      var item = document.createElement("li");
      var where = document.createElement("code");
      where.textContent = d.pos;
      item.appendChild(where);
      item.appendChild(document.createTextNode(" " + d.message + (d.code ? " [" + d.code + "]" : "")));
      list.appendChild(item);
    });
    overlay.append(head, close, list);
    document.body.appendChild(overlay);
  }

  // movedTo is where this page went, if a build took its address away (its
  // heading renamed), as the server says in state.moved.
  function movedTo(state) {
    var here = window.location.pathname;
    if (/\/$/.test(here)) {
      here += "index.html";
    }
    return (state.moved || {})[here];
  }

  var events = new EventSource("/_galley/events");
  events.addEventListener("book", function (event) {
    var state = JSON.parse(event.data);
    var to = movedTo(state);
    if (to) {
      window.location.replace(to + window.location.hash);
      return;
    }
    if (seen !== null && state.build !== seen) {
      window.location.reload();
      return;
    }
    seen = state.build;
    show(state.diagnostics || []);
  });
})();
