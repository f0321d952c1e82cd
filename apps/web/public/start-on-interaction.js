// The prerendered homepage (ADR 053) carries this file instead of the app's module script, so a visitor's
// first load fetches no more JavaScript than this: the app (React, the router, the UI kit) is imported at
// the first sign of a person using the page (a pointer, a key, a touch, focus or scrolling), then hydrates
// the HTML already shown. A click on a button that arrives before the app has hydrated is held and replayed once it has; a
// link needs no script and simply navigates. A file, not inline: the server's CSP allows no inline script.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin', 'wheel', 'scroll'];
  var started = false;
  var hydrated = false;
  var held = null;
  function start(event) {
    // A pointermove without movement is not a pointer moving: a browser updating hover under a pointer at
    // rest as the page draws (Chromium's headless shell sends one at 0,0 after the first layout), or a
    // browser's first move into a page, which reports none; the next move starts the app.
    if (event.type === 'pointermove' && !event.movementX && !event.movementY) return;
    if (started) return;
    started = true;
    for (var i = 0; i < EVENTS.length; i += 1) {
      window.removeEventListener(EVENTS[i], start, { capture: true });
    }
    import(entry);
  }
  for (var i = 0; i < EVENTS.length; i += 1) {
    window.addEventListener(EVENTS[i], start, { capture: true, passive: true });
  }
  document.addEventListener(
    'click',
    function (event) {
      if (hydrated) return;
      var target = event.target instanceof Element ? event.target.closest('button') : null;
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      held = target;
      start(event);
    },
    true,
  );
  window.addEventListener(
    'lodestar:hydrated',
    function () {
      hydrated = true;
      if (held && held.isConnected) {
        // A menu's trigger opens on pointerdown, a plain button on click: the replay sends both.
        var pointer = { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse', isPrimary: true };
        held.dispatchEvent(new PointerEvent('pointerdown', pointer));
        held.dispatchEvent(new PointerEvent('pointerup', pointer));
        held.click();
      }
      held = null;
    },
    { once: true },
  );
})();
