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
    // A page rendered on the server shows without its code: the code comes after the page's images.
    else if (serverRendered) link.setAttribute('fetchpriority', 'low');
    document.head.appendChild(link);
  }
  var serverRendered = document.documentElement.hasAttribute('data-ssr');
  var early = earlyPath(location.pathname, location.search);
  // The app ran first (its code came from the cache): it has asked already.
  if (!early || typeof fetch !== 'function' || window.__circuitAppStarted) return;
  // The screen's code would otherwise be asked for only after the app's own code has arrived and run.
  (ROUTE_CHUNKS[early.screen] || []).forEach(function (file) { preload('modulepreload', file); });
  // A page rendered on the server carries its data: only its screen's code is worth starting early.
  if (!early.api || serverRendered) return;
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
