// Keeps the edits a player makes to a character sheet (render/html) in the
// browser. Each form.sheet saves its inputs to localStorage, under its
// data-storage-key (the book and the class), whenever one changes, and puts
// them back when the page loads again. Its reset button brings back the
// sheet's own values, which the form holds as its defaults, and forgets the
// edits. Nothing leaves the browser.
(function () {
  "use strict";

  // A sheet's page takes the theme the reader chose on the site, which
  // site.js keeps under this key; without one, the system's stands.
  try {
    var theme = localStorage.getItem("galley-theme");
    if (theme === "light" || theme === "dark") {
      document.documentElement.dataset.theme = theme;
    }
  } catch (e) {
    // Storage turned off.
  }

  // editable returns the inputs whose values are the player's to change.
  function editable(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.tagName === "INPUT" && el.name && !el.readOnly && !el.disabled;
    });
  }

  function save(form) {
    var values = {};
    editable(form).forEach(function (el) {
      if (el.type === "checkbox") {
        values[el.name] = el.checked;
      } else if (el.type === "radio") {
        if (el.checked) {
          values[el.name] = el.value;
        }
      } else {
        values[el.name] = el.value;
      }
    });
    try {
      localStorage.setItem(form.dataset.storageKey, JSON.stringify(values));
    } catch (e) {
      // Storage may be full or turned off: the sheet still works, unsaved.
    }
  }

  function restore(form) {
    var values;
    try {
      values = JSON.parse(localStorage.getItem(form.dataset.storageKey) || "null");
    } catch (e) {
      return;
    }
    if (!values || typeof values !== "object") {
      return;
    }
    editable(form).forEach(function (el) {
      if (!Object.prototype.hasOwnProperty.call(values, el.name)) {
        return;
      }
      var value = values[el.name];
      if (el.type === "checkbox") {
        el.checked = value === true;
      } else if (el.type === "radio") {
        el.checked = el.value === value;
      } else if (typeof value === "string") {
        el.value = value;
      }
    });
  }

  function forget(form) {
    try {
      localStorage.removeItem(form.dataset.storageKey);
    } catch (e) {
      // Nothing was stored.
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("form.sheet[data-storage-key]"), function (form) {
    restore(form);
    form.addEventListener("input", function () { save(form); });
    form.addEventListener("change", function () { save(form); });
    form.addEventListener("reset", function () { forget(form); });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    Array.prototype.forEach.call(form.querySelectorAll("[data-sheet-print]"), function (button) {
      button.addEventListener("click", function () { window.print(); });
    });
    form.dataset.ready = "true";
  });
})();
