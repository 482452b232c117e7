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

  // loadOutline puts the book's whole outline, one file every page shares,
  // in place of the page's own, which holds only its chapter. The current
  // page's entry keeps the page's list (its sections and headings), and the
  // entries leading to it open. Without the file (a page opened from disk)
  // the page's own outline stays.
  function loadOutline(sidebar) {
    var source = sidebar.getAttribute("data-outline");
    var own = sidebar.querySelector("ul.nav");
    if (!source || !own || !window.fetch) {
      return;
    }
    fetch(source).then(function (response) {
      if (!response.ok) {
        throw new Error(source + ": " + response.status);
      }
      return response.text().then(function (text) {
        return { base: response.url, text: text };
      });
    }).then(function (got) {
      var full = new DOMParser().parseFromString(got.text, "text/html").querySelector("ul.nav");
      if (!full) {
        return;
      }
      var here = location.href.split("#")[0];
      var ownCurrent = own.querySelector('[aria-current="page"]');
      full.querySelectorAll("a").forEach(function (a) {
        var url = new URL(a.getAttribute("href"), got.base).href;
        a.setAttribute("href", url);
        if (url.split("#")[0] !== here || !ownCurrent) {
          return;
        }
        var entry = a.parentElement;
        entry.replaceWith(document.importNode(ownCurrent.parentElement, true));
      });
      full.querySelectorAll('[aria-current="page"]').forEach(function (a) {
        for (var li = a.closest("li"); li; li = li.parentElement.closest("li")) {
          li.classList.add("open");
        }
      });
      own.replaceWith(document.importNode(full, true));
      showCurrent(sidebar);
    }).catch(function () {
      // The page's own outline stands.
    });
  }

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

  document.addEventListener("DOMContentLoaded", function () {
    var themeButton = document.getElementById("theme-toggle");
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
    var setRoller = toggler(document.getElementById("roller-toggle"), roller);
    document.getElementById("roller-close").addEventListener("click", function () {
      setRoller(false);
    });
    // roller.js opens the panel when a roll starts from the text.
    roller.addEventListener("galley:open", function () {
      setRoller(true);
    });

    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        setNav(false);
        setRoller(false);
      }
    });
  });
})();
