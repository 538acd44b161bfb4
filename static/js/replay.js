// The replay page: the arrow keys follow the Back and Forward links (plain links without it).
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    var link = document.querySelector('.replay-nav a[data-key="' + event.key + '"]');
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
})();
