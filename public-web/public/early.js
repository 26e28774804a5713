/*
 * Loaded beside the app's code (a classic async script, allowed by the page's script-src 'self'): on the two
 * pages whose largest paint is a listing's banner, the API call and then the banner's download start with the
 * HTML instead of after the app's code has arrived and run. The app's GET of the same path takes the answer
 * once (public-web/src/auth/earlyRequests.ts); these paths are checked against the app's own in
 * earlyRequests.unit.spec.ts.
 */
(function () {
  'use strict';
  function earlyPath(pathname, search) {
    if (pathname === '/hackathons' && search === '') return { api: '/api/hackathons?country=India&limit=16', banner: function (body) { return body.data && body.data[0] && body.data[0].images && body.data[0].images.banner; } };
    var detail = /^\/hackathons\/([A-Za-z0-9_-]{3,50})\/?$/.exec(pathname);
    if (detail) return { api: '/api/hackathons/username/' + encodeURIComponent(detail[1]), banner: function (body) { return body.data && body.data.images && body.data.images.banner; } };
    return null;
  }
  var early = earlyPath(location.pathname, location.search);
  if (!early || typeof fetch !== 'function') return;
  var answer = fetch(early.api, { credentials: 'include', headers: { Accept: 'application/json' } });
  window.__circuitEarly = { path: early.api, answer: answer };
  answer
    .then(function (res) { return res.ok ? res.clone().json() : null; })
    .then(function (body) {
      var src = body && early.banner(body);
      if (typeof src !== 'string' || !src) return;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = src;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    .catch(function () { /* the app asks again */ });
})();
