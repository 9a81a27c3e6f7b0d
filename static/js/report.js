// The Report control: a link marked data-report opens its form over the page (fetched with htmx into #report-box)
// instead of going to the form's page; the form is sent with htmx (hx-post) and its answer, the confirmation or
// the form with the refusal, takes its place. Escape, Cancel, Close or a click beside the form closes it and
// gives the focus back to the control. Delegated from document: chat lines and seats come and go.
(function () {
  "use strict";
  var opener = null;

  function box() {
    var b = document.getElementById("report-box");
    if (!b) {
      b = document.createElement("div");
      b.id = "report-box";
      document.body.appendChild(b);
    }
    return b;
  }

  function close() {
    var b = document.getElementById("report-box");
    if (!b || !b.firstChild) return;
    b.textContent = "";
    if (opener && document.contains(opener)) opener.focus();
    opener = null;
  }

  // The refusal's field when the form came back refused, else the reason chosen (or the first), else Close.
  function focusForm() {
    var b = box();
    var target = (b.querySelector(".report-error") && b.querySelector("textarea[name=note]")) ||
      b.querySelector("input[name=category]:checked") || b.querySelector("input[name=category]") ||
      b.querySelector("[data-report-close]");
    if (target) target.focus();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-report]");
    if (link && window.htmx && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      opener = link;
      window.htmx.ajax("GET", link.href, {target: box(), swap: "innerHTML"}).then(focusForm);
      return;
    }
    var inBox = event.target.closest && event.target.closest("#report-box");
    if (!inBox || inBox.hasAttribute("data-page")) return;  // the form's own page: its links go where they say
    if (event.target.closest("[data-report-close]")) {
      event.preventDefault();
      close();
    } else if (event.target.classList.contains("report-dialog")) {
      close();  // the shade around the form
    }
  });

  document.addEventListener("keydown", function (event) {
    var b = document.getElementById("report-box");
    if (event.key === "Escape" && b && !b.hasAttribute("data-page")) close();
  });

  // The confirmation (or the form again) replaced the form: the focus goes to it.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target.closest && event.target.closest("#report-box")) focusForm();
  });
})();
