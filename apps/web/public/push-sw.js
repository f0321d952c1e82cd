// Imported by the service worker (/sw.js, generated at build time; see vite.config.ts): shows the
// notifications the server pushes (Web Push) and opens the page a notification points to when clicked.
// A push carries JSON { title, body, url }; `url` must be a path of this site.

function sameOriginUrl(value) {
  try {
    var url = new URL(typeof value === 'string' && value ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', function (event) {
  var payload = {};
  if (event.data) {
    try {
      payload = event.data.json() || {};
    } catch {
      payload = { body: event.data.text() };
    }
  }
  var title = typeof payload.title === 'string' && payload.title ? payload.title : 'Lodestar';
  var body = typeof payload.body === 'string' ? payload.body : '';
  event.waitUntil(
    self.registration.showNotification(title, { body: body, data: { url: sameOriginUrl(payload.url) } }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var index = 0; index < windows.length; index += 1) {
        var client = windows[index];
        if (client.url === target && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow ? self.clients.openWindow(target) : undefined;
    }),
  );
});
