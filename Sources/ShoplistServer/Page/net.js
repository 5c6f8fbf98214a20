// The page's requests to the server: JSON in and out, the session cookie, a time limit, and
// what the answer says beside its body (the history entry a write recorded, the entry a list
// document stands at).

import {
  REQUEST_TIMEOUT_MS,
} from './words.js';

async function api(method, path, body, extra = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers = { Accept: 'application/json', ...extra };
  if (body) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(path, {
      method, headers, body: body && JSON.stringify(body),
      credentials: 'same-origin', cache: 'no-store', signal: controller.signal,
    });
    const data = await res.json().catch(() => null);
    const error = (data && data.error) || `the server answered ${res.status}`;
    const entry = Number(res.headers.get('Shoplist-Entry')) || null;
    // A list document's ETag: the history entry it stands at ("12").
    const tag = /^"(\d+)"$/.exec(res.headers.get('ETag') || '');
    const version = tag ? Number(tag[1]) : undefined;
    const reason = data && data.reason;
    return { status: res.status, ok: res.ok, data, error, reason, entry, version };
  } catch {
    return { status: 0, ok: false, data: null, error: 'no connection' };
  } finally {
    clearTimeout(timer);
  }
}

export {
  api,
};
