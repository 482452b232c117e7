// The page's own controls (render/html): the theme toggle, the outline on a
// narrow screen and the roller's panel. It runs in the head, before the
// page is drawn, so that a reader who chose a theme never sees the other one
// flash by; the rest waits for the document.
(function () {
  "use strict";

  var root = document.documentElement;
  var storageKey = "galley-theme";
  try {
    var chosen = localStorage.getItem(storageKey);
    if (chosen === "light" || chosen === "dark") {
      root.dataset.theme = chosen;
    }
  } catch (e) {
    // Storage turned off: the system's setting stands.
  }

  function theme() {
    if (root.dataset.theme) {
      return root.dataset.theme;
    }
    return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  // showCurrent scrolls the outline to the current page's entry.
  function showCurrent(sidebar) {
    var current = sidebar.querySelector('[aria-current="page"]');
    if (current) {
      sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 3;
    }
  }

  // pageOf is the page at an address: without its fragment, and a
  // folder's address standing for its index.html, as a server serves it.
  function pageOf(url) {
    url = url.split("#")[0];
    return /\/$/.test(url) ? url + "index.html" : url;
  }

  // outlineList builds the lists of the whole outline: entries of
  // {t: title, u: address from the site's root, c: entries under it}.
  // The current page's entry is the page's own, with its sections and
  // headings.
  function outlineList(entries, here, ownCurrent) {
    var list = document.createElement("ul");
    entries.forEach(function (entry) {
      var a = document.createElement("a");
      a.setAttribute("href", (root.dataset.root || "") + entry.u);
      a.textContent = entry.t;
      if (ownCurrent && pageOf(a.href) === here) {
        list.appendChild(ownCurrent.parentElement);
        return;
      }
      var item = document.createElement("li");
      item.appendChild(a);
      if (entry.c) {
        item.appendChild(outlineList(entry.c, here, ownCurrent));
      }
      list.appendChild(item);
    });
    return list;
  }

  // loadOutline puts the book's whole outline, which assets/outline.js
  // sets and every page shares, in place of the page's own, which holds
  // only its chapter; the entries leading to the current page open.
  // Without the script the page's own outline stays.
  function loadOutline(sidebar) {
    var own = sidebar.querySelector("ul.nav");
    if (!Array.isArray(window.galleyOutline) || !own) {
      return;
    }
    var full = outlineList(window.galleyOutline, pageOf(location.href), own.querySelector('[aria-current="page"]'));
    full.className = "nav";
    full.querySelectorAll('[aria-current="page"]').forEach(function (a) {
      for (var li = a.closest("li"); li; li = li.parentElement.closest("li")) {
        li.classList.add("open");
      }
    });
    own.replaceWith(full);
    showCurrent(sidebar);
  }

  // galleyScript loads a script the page needs only later (the search
  // index, the dice roller), by a script element rather than fetch: a page
  // opened from a file (file://) may load scripts beside it but fetch
  // nothing. what names it in the error, which says what to do when a
  // browser refuses even that.
  window.galleyScript = function (src, what) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () { resolve(); };
      script.onerror = function () {
        script.remove();
        reject(new Error(what + " did not load." + (location.protocol === "file:"
          ? " Open this book with galley serve, or from a web server: browsers do not let every page opened from a file load the files beside it."
          : "")));
      };
      document.head.appendChild(script);
    });
  };

  // toggler wires a button that opens and closes a panel, keeping
  // aria-expanded true to what shows.
  function toggler(button, panel) {
    function set(open) {
      panel.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.addEventListener("click", function () {
      set(!panel.classList.contains("open"));
    });
    return set;
  }

  // watchTableFrames makes a table's frame a stop for the keyboard, which
  // scrolls it, and a region named as scrolling sideways, only while it is
  // too narrow for its table; a table that fits is no stop at all. The
  // page is written with every frame a stop, which stands without scripts.
  function watchTableFrames() {
    if (!window.ResizeObserver) {
      return;
    }
    var observer = new ResizeObserver(function (entries) {
      entries.forEach(function (entry) {
        var frame = entry.target.closest(".table-scroll");
        if (frame.dataset.label === undefined) {
          frame.dataset.label = frame.getAttribute("aria-label") || "";
        }
        if (frame.scrollWidth > frame.clientWidth) {
          frame.setAttribute("tabindex", "0");
          frame.setAttribute("role", "region");
          frame.setAttribute("aria-label", frame.dataset.label);
        } else {
          frame.removeAttribute("tabindex");
          frame.removeAttribute("role");
          frame.removeAttribute("aria-label");
        }
      });
    });
    // The frame changes with the window, the table with its fonts.
    document.querySelectorAll(".table-scroll").forEach(function (frame) {
      observer.observe(frame);
      if (frame.firstElementChild) {
        observer.observe(frame.firstElementChild);
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var themeButton = document.getElementById("theme-toggle");
    if (!themeButton) {
      // A page without the book's controls, as 404.html is, takes only
      // the reader's theme, set above.
      return;
    }
    watchTableFrames();
    function showTheme() {
      var dark = theme() === "dark";
      themeButton.setAttribute("aria-pressed", dark ? "true" : "false");
      themeButton.title = dark ? "Switch to the light theme" : "Switch to the dark theme";
    }
    showTheme();
    themeButton.addEventListener("click", function () {
      var next = theme() === "dark" ? "light" : "dark";
      root.dataset.theme = next;
      try {
        localStorage.setItem(storageKey, next);
      } catch (e) {
        // The choice lasts as long as the page.
      }
      showTheme();
    });
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", showTheme);

    var sidebar = document.getElementById("sidebar");
    var setNav = toggler(document.getElementById("nav-toggle"), sidebar);
    sidebar.addEventListener("click", function (event) {
      if (event.target.closest("a")) {
        setNav(false);
      }
    });
    showCurrent(sidebar);
    loadOutline(sidebar);

    var roller = document.getElementById("roller");
    var rollerToggle = document.getElementById("roller-toggle");
    var setRoller = toggler(rollerToggle, roller);
    // A reader who opens the roller with its button goes on in it, typing
    // dice; one who closes it from inside goes back to the button, rather
    // than lose their place with the panel.
    rollerToggle.addEventListener("click", function () {
      var input = document.getElementById("roller-input");
      if (input && roller.classList.contains("open")) {
        // Selected, so that what the reader types replaces the last dice.
        input.focus();
        input.select();
      }
    });
    function closeRoller() {
      var inside = roller.contains(document.activeElement);
      setRoller(false);
      if (inside) {
        rollerToggle.focus();
      }
    }
    document.getElementById("roller-close").addEventListener("click", closeRoller);
    // roller.js opens the panel when a roll starts from the text.
    roller.addEventListener("galley:open", function () {
      setRoller(true);
    });

    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        setNav(false);
        closeRoller();
      }
    });
  });
})();
