// Runs before the app, blocking, so the first paint already has the saved theme: applies the display
// preferences cached in localStorage 'user-preferences' to <html>. A file, not inline: the server's CSP
// allows no inline script. Keep the rules in step with src/lib/theme.ts (src/lib/theme.test.ts runs both).
(function () {
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
})();
