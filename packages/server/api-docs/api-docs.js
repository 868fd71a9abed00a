// The API reference page (/api/docs): reads the console's session from the browser's storage,
// fetches the OpenAPI document with it and renders it with Swagger UI, whose "Try it out" calls
// carry the same headers as the console's own requests (spec §7). A file of ours, not an inline
// script: the server's CSP runs only scripts from its own origin. The server writes what it
// shares with the console (storage keys, paths, texts) into the body's data-config.
(() => {
  const config = JSON.parse(document.body.dataset.config);
  const keys = config.storageKeys;
  const status = document.getElementById('api-docs-status');

  // The console's storage keeps each value as { value, expires } (web lib/storage.ts); an expired one is gone.
  function read(key) {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    let item;
    try {
      item = JSON.parse(raw);
    } catch {
      item = undefined;
    }
    if (!item || typeof item !== 'object' || !('value' in item) || typeof item.expires !== 'number' || item.expires <= Date.now()) {
      localStorage.removeItem(key);
      return undefined;
    }
    return item.value;
  }

  // As the console saves its tokens: each lives exactly as long as the server accepts it (web lib/session.ts).
  function jwtExpiry(token) {
    try {
      const exp = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp;
      return typeof exp === 'number' ? exp * 1000 : undefined;
    } catch {
      return undefined;
    }
  }
  function saveToken(key, token) {
    localStorage.setItem(key, JSON.stringify({ value: token, expires: jwtExpiry(token) ?? Date.now() + config.defaultStorageMs }));
  }
  function clearSession() {
    for (const key of [keys.user, keys.uid, keys.accessToken, keys.refreshToken]) localStorage.removeItem(key);
  }

  const language = () => read(keys.language) || config.defaultLanguage;
  const text = (name) => config.texts[name][language().toLowerCase().startsWith('en') ? 'en' : 'zh'];
  function show(message) {
    status.textContent = message;
    status.hidden = !message;
  }

  function headers() {
    const uuid = read(keys.uuid);
    return { clientType: 'PC', language: language(), ...(uuid ? { uuid } : {}) };
  }

  function toLogin() {
    show(text('redirecting'));
    location.replace(config.loginUrl);
    return new Promise(() => {});
  }

  // Refresh tokens rotate and a reused one revokes the session: one refresh at a time across the
  // console's tabs and this page, under the console's own lock (web lib/request.ts).
  async function withRefreshLock(task) {
    if (navigator.locks) await navigator.locks.request(config.refreshLock, task);
    else await task();
  }

  async function renew(stale) {
    await withRefreshLock(async () => {
      const current = read(keys.accessToken);
      if (current && current !== stale) return;
      const refreshToken = read(keys.refreshToken);
      if (!refreshToken) return;
      const response = await fetch(config.refreshUrl, {
        method: 'POST',
        headers: { ...headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      // A refused refresh ends the session, as in the console; the sign-in page then shows its form.
      if (!response.ok) {
        clearSession();
        return;
      }
      const tokens = await response.json();
      saveToken(keys.accessToken, tokens.accessToken);
      saveToken(keys.refreshToken, tokens.refreshToken);
    });
    return read(keys.accessToken);
  }

  /** A usable access token, renewed when the stored one has expired; the sign-in page when there is none. */
  async function accessToken(stale) {
    const token = (!stale && read(keys.accessToken)) || (await renew(stale));
    return token || toLogin();
  }

  async function loadDocument() {
    let token = await accessToken();
    let response = await fetch(config.specUrl, { headers: { ...headers(), Authorization: `Bearer ${token}` } });
    if (response.status === 401) {
      token = await accessToken(token);
      response = await fetch(config.specUrl, { headers: { ...headers(), Authorization: `Bearer ${token}` } });
    }
    if (response.status === 401 || response.status === 403) {
      clearSession();
      return toLogin();
    }
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      throw new Error(body.message || `HTTP ${response.status}`);
    }
    return response.json();
  }

  async function start() {
    show(text('loading'));
    let spec;
    try {
      spec = await loadDocument();
    } catch (error) {
      show(`${text('failed')}: ${error instanceof TypeError ? text('network') : error.message}`);
      return;
    }
    show('');
    window.ui = SwaggerUIBundle({
      spec,
      dom_id: '#swagger-ui',
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'none',
      filter: true,
      defaultModelsExpandDepth: -1,
      displayOperationId: true,
      showExtensions: true,
      // "Try it out" sends what the console sends: its session and spec §7's headers.
      requestInterceptor: async (request) => {
        const token = await accessToken();
        // What the reader typed into a header field (another language, say) stays.
        request.headers = { ...headers(), ...request.headers, Authorization: `Bearer ${token}` };
        return request;
      },
    });
  }

  start();
})();
