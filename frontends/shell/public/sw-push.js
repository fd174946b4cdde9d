/*
 * Web Push of Popote's alerts, imported by the shell's service worker (sw.js, see pwa.config.ts).
 * Notifications sends each push as JSON { title, body, url, tag } (docs/alerts.md):
 * - `push`: shows it (a later push with the same tag replaces the earlier one on the device);
 * - `notificationclick`: brings the app to the pushed page: a tab already there is focused, else an
 *   open tab of the app goes there, else a new window opens.
 * Only pages of this origin are ever opened: a `url` elsewhere opens the home page.
 * Plain script (no build step): the browser runs it as is inside the worker.
 */
(function () {
  'use strict';

  var FALLBACK_TITLE = 'Popote';
  var ICON = '/icons/icon-192.png';

  /** The page a push names, as an absolute URL of this origin (the home page otherwise). */
  function pageOf(url) {
    try {
      var target = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
      return target.origin === self.location.origin ? target.href : self.location.origin + '/';
    } catch (error) {
      return self.location.origin + '/';
    }
  }

  /** A push's data as { title, options } for showNotification (a payload that is not JSON is its body). */
  function notificationOf(data) {
    var payload = {};
    if (data) {
      try {
        payload = data.json() || {};
      } catch (error) {
        payload = { body: data.text() };
      }
    }
    var options = {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: ICON,
      badge: ICON,
      lang: 'fr',
      data: { url: pageOf(payload.url) },
    };
    if (typeof payload.tag === 'string' && payload.tag) {
      options.tag = payload.tag;
      // A newer alert of the same thing (an order's next step) is announced again.
      options.renotify = true;
    }
    var title = typeof payload.title === 'string' && payload.title ? payload.title : FALLBACK_TITLE;
    return { title: title, options: options };
  }

  /** Focuses a tab; a browser that refuses (no click to answer) leaves it where it is. */
  function focus(tab) {
    return 'focus' in tab
      ? tab.focus().catch(function () {
          return tab;
        })
      : tab;
  }

  /** Brings the app to `url`: the tab already there, else a tab of the app sent there, else a new window. */
  function openPage(url) {
    return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      var i;
      for (i = 0; i < windows.length; i++) {
        if (windows[i].url === url) return focus(windows[i]);
      }
      for (i = 0; i < windows.length; i++) {
        var tab = windows[i];
        if (new URL(tab.url).origin === self.location.origin && 'navigate' in tab) {
          return tab.navigate(url).then(function (moved) {
            return focus(moved || tab);
          });
        }
      }
      return self.clients.openWindow(url);
    });
  }

  self.addEventListener('push', function (event) {
    var notification = notificationOf(event.data);
    event.waitUntil(self.registration.showNotification(notification.title, notification.options));
  });

  self.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var url = pageOf(event.notification.data && event.notification.data.url);
    event.waitUntil(openPage(url));
  });
})();
