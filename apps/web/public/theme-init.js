// Runs before the app, blocking, so the first paint already has the saved theme: applies the display
// preferences cached in localStorage 'user-preferences' to <html>. A file, not inline: the server's CSP
// allows no inline script. Keep the rules in step with src/lib/theme.ts (src/lib/theme.test.ts runs both).
(function () {
  function apply() {
    var prefs = {};
    try {
      prefs = JSON.parse(window.localStorage.getItem('user-preferences') || '{}') || {};
    } catch {
      prefs = {};
    }
    var theme = prefs.theme === 'light' || prefs.theme === 'dark' ? prefs.theme : 'system';
    var prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var dark = theme === 'dark' || (theme === 'system' && prefersDark);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.classList.toggle('high-contrast', prefs.high_contrast === true);
    root.classList.toggle('reduce-motion', prefs.reduce_motion === true);
    root.setAttribute(
      'data-font-size',
      prefs.font_size === 'small' || prefs.font_size === 'large' ? prefs.font_size : 'medium',
    );
    root.style.colorScheme = dark ? 'dark' : 'light';
  }
  apply();
  // A page that starts its scripts only on interaction (start-on-interaction.js) still follows the
  // system's light or dark until the app takes over (the app applies the same rules again).
  var media = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)');
  if (media && media.addEventListener) media.addEventListener('change', apply);
})();
