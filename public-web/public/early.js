/*
 * Loaded beside the app's code (a classic async script, allowed by the page's script-src 'self'): on the two
 * pages whose largest paint is a listing's banner, the API call, the screen's code and then the banner's download
 * start with the HTML instead of after the app's code has arrived and run; on the sign-in and home pages, their code
 * (a page rendered on the server has its data already: only the code). The app's GET of the same path takes the answer
 * once (public-web/src/auth/earlyRequests.ts); these paths are checked against the app's own in
 * earlyRequests.unit.spec.ts.
 */
(function () {
  'use strict';
  // The built screens' files, by screen (written by public-web/build/earlyRouteChunks.ts; empty in development).
  var ROUTE_CHUNKS = {};
  function earlyPath(pathname, search) {
    if (pathname === '/') return { screen: 'home' };
    if (pathname === '/login') return { screen: 'login' };
    if (pathname === '/hackathons' && search === '') return { screen: 'list', api: '/api/hackathons?country=India&limit=16', banner: function (body) { return body.data && body.data[0] && body.data[0].images && body.data[0].images.banner; } };
    var detail = /^\/hackathons\/([A-Za-z0-9_-]{3,50})\/?$/.exec(pathname);
    if (detail) return { screen: 'detail', api: '/api/hackathons/username/' + encodeURIComponent(detail[1]), banner: function (body) { return body.data && body.data.images && body.data.images.banner; } };
    return null;
  }
  function preload(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    if (as === 'image') link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }
  var early = earlyPath(location.pathname, location.search);
  /*
   * A page rendered on the server shows and reads without its code, and carries its data. Its code (named in
   * the circuit-code meta tag by public-web/src/ssr/page-document.ts: the entry, then its imports) is asked
   * for once the page has loaded, so that on a phone's network it does not share the line with the page's
   * own images, or as soon as the visitor touches or types, whichever comes first.
   */
  if (document.documentElement.hasAttribute('data-ssr')) {
    var started = false;
    var startCode = function () {
      var listed = document.querySelector('meta[name="circuit-code"]');
      if (started || !listed) return;
      started = true;
      var files = listed.getAttribute('content').split(' ');
      files.slice(1).concat((early && ROUTE_CHUNKS[early.screen]) || []).forEach(function (file) { preload('modulepreload', file); });
      var entry = document.createElement('script');
      entry.type = 'module';
      entry.crossOrigin = '';
      entry.src = files[0];
      document.head.appendChild(entry);
    };
    // After the load and the frame painted after it: a page without images (the sign-in form) loads before
    // its first paint. A hidden tab paints no frame, hence the timer beside it.
    var afterPaint = function () {
      requestAnimationFrame(function () { setTimeout(startCode, 0); });
      setTimeout(startCode, 500);
    };
    if (document.readyState === 'complete') afterPaint();
    else {
      window.addEventListener('load', afterPaint, { once: true });
      ['pointerdown', 'keydown', 'touchstart', 'focusin'].forEach(function (type) {
        window.addEventListener(type, startCode, { once: true, capture: true, passive: true });
      });
    }
    return;
  }
  // The app ran first (its code came from the cache): it has asked already.
  if (!early || typeof fetch !== 'function' || window.__circuitAppStarted) return;
  // The screen's code would otherwise be asked for only after the app's own code has arrived and run.
  (ROUTE_CHUNKS[early.screen] || []).forEach(function (file) { preload('modulepreload', file); });
  if (!early.api) return;
  var answer = fetch(early.api, { credentials: 'include', headers: { Accept: 'application/json' } });
  window.__circuitEarly = { path: early.api, answer: answer };
  answer
    .then(function (res) { return res.ok ? res.clone().json() : null; })
    .then(function (body) {
      var src = body && early.banner(body);
      if (typeof src === 'string' && src) preload('preload', src, 'image');
    })
    .catch(function () { /* the app asks again */ });
})();
