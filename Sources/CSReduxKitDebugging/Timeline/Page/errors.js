"use strict";
// Runs before the page's script: any error it throws is written on <body> (data-error), where
// a person's developer tools and the Chromium check both find it.
window.addEventListener("error", function (event) {
  document.body.dataset.error = String(event.message);
});
