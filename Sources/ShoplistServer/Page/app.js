// The shoplist page: draws the model's state (model.js), runs the effects `update` asks for
// (requests, timers, the editor dialog) and turns what the user does into actions.
//
// The page's own files are kept on the phone by a service worker (sw.js), so that with no
// connection at all — even opened in a new tab after the phone restarted — it shows the
// lists as last seen, says since when, and takes changes into its queue.

import {
  CLOCK_MS, enc, KEYS, listFromHash, load, norm, number, REQUEST_TIMEOUT_MS, save,
  SUGGEST_DELAY_MS,
} from './words.js';
import {
  initialState, view,
} from './state.js';
import {
  update,
} from './model.js';
import {
  $, render,
} from './render.js';

// MARK: - Effects

let state = initialState();
let events = null;
let suggestTimer = null;
let editorOpener = null; // focus goes back there when the editor closes
let actionCount = 0;
const session = Math.random().toString(36).slice(2, 8);

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

function connectEvents() {
  if (events) events.close();
  events = new EventSource('/api/events');
  events.addEventListener('open', () => dispatch({ type: 'eventsOpened' }));
  events.addEventListener('change', (e) => {
    let data = null;
    try { data = JSON.parse(e.data); } catch { return; }
    if (data && typeof data.list === 'string') {
      dispatch({ type: 'listChanged', list: data.list, entry: Number(e.lastEventId) || null });
    }
  });
  events.addEventListener('error', () => {
    if (events.readyState !== EventSource.CLOSED) dispatch({ type: 'eventsFailed' });
    else { events = null; dispatch({ type: 'eventsClosed' }); }
  });
}

function run(fx) {
  switch (fx.type) {
    case 'connectEvents': setTimeout(connectEvents, fx.delay); break;
    case 'fetchList': {
      // Only if newer than the page's copy: 304 and no document when it is not.
      const known = state.versions[norm(fx.list)];
      const extra = Number.isInteger(known) && state.docs[norm(fx.list)]
        ? { 'If-None-Match': `"${known}"` } : {};
      api('GET', `/api/lists/${enc(fx.list)}`, undefined, extra).then((r) => dispatch(
        r.status === 304 ? { type: 'listUnchanged', list: fx.list }
          : r.ok && r.data && Array.isArray(r.data.items)
            ? { type: 'listFetched', list: fx.list, doc: r.data, seq: fx.seq, version: r.version }
            : { type: 'readFailed', list: fx.list, status: r.status, error: r.error,
              reason: r.reason }));
      break;
    }
    case 'fetchLists':
      api('GET', '/api/lists').then((r) => dispatch(r.ok && r.data && Array.isArray(r.data.lists)
        ? { type: 'listsFetched', lists: r.data.lists }
        : { type: 'readFailed', status: r.status, error: r.error, reason: r.reason }));
      break;
    case 'later': setTimeout(() => dispatch(fx.action), fx.ms); break;
    case 'resetAddForm':
      $('add-form').reset();
      $('add-input').focus(); // ready for the next item
      break;
    case 'fetchSuggestions':
      // Asked once the typing pauses; an answer to older text is set aside by update.
      clearTimeout(suggestTimer);
      suggestTimer = setTimeout(() => {
        api('GET', `/api/suggestions?q=${enc(fx.q)}&list=${enc(fx.list)}`).then((r) => {
          if (r.ok && r.data && Array.isArray(r.data.suggestions)) {
            dispatch({ type: 'suggestionsFetched', q: fx.q, list: fx.list,
              items: r.data.suggestions });
          }
        });
      }, SUGGEST_DELAY_MS);
      break;
    case 'fetchActivity': {
      const query = `list=${enc(fx.list)}&after=${fx.after === null ? 0 : fx.after}`;
      api('GET', `/api/activity?${query}`).then((r) => {
        if (r.ok && r.data && Array.isArray(r.data.activity)) {
          dispatch({ type: 'activityFetched', list: fx.list, after: fx.after,
            newest: r.data.newest, activity: r.data.activity });
        }
      });
      break;
    }
    case 'fetchAisles':
      api('GET', '/api/aisles').then((r) => {
        if (r.ok && r.data && Array.isArray(r.data.aisles)) {
          dispatch({ type: 'aislesFetched', aisles: r.data.aisles });
        }
      });
      break;
    case 'openEditor': {
      const f = $('editor-form').elements;
      const it = fx.item;
      f.name.value = it.name;
      f.quantity.value = number.format(it.quantity ?? 1).replace(/\s/g, '');
      f.unit.value = it.unit || '';
      f.category.value = it.category || '';
      f.note.value = it.note || '';
      editorOpener = document.activeElement;
      if (!$('editor').open) $('editor').showModal();
      break;
    }
    case 'closeEditor':
      if ($('editor').open) $('editor').close();
      if (editorOpener && editorOpener.isConnected) editorOpener.focus();
      editorOpener = null;
      break;
    case 'resetNewListForm':
      $('new-list-input').value = '';
      $('new-list').open = false;
      break;
    case 'send': {
      const { req } = fx;
      api(req.method, req.path, req.body).then((r) => dispatch(r.ok
        ? { type: 'sendSucceeded', intentId: req.intentId, itemId: req.itemId, doc: r.data,
          seq: fx.seq, created: r.status === 201, entry: r.entry, alone: req.alone,
          list: req.list }
        : { type: 'sendFailed', intentId: req.intentId, itemId: req.itemId, status: r.status,
          error: r.error, reason: r.reason, item: r.data && r.data.item,
          changedBy: r.data && r.data.changedBy }));
      break;
    }
    case 'showListInUrl': {
      const hash = `#${enc(fx.list)}`;
      if (location.hash !== hash) history.replaceState(null, '', hash);
      break;
    }
    default: break;
  }
}

function dispatch(action) {
  // A signed-out device keeps nothing more: no change is taken into its queue.
  if (signedOut) return;
  actionCount += 1;
  const a = { id: `${Date.now().toString(36)}-${session}-${actionCount}`,
    at: new Date().toISOString(), ...action };
  const prev = state;
  const [next, effects] = update(state, a);
  state = next;
  // A queue adopted from another tab is not written back (the tabs would echo forever).
  const fromElsewhere = a.type === 'queueChangedElsewhere';
  if (prev.queue !== next.queue && !fromElsewhere) save(KEYS.queue, next.queue);
  if (prev.docs !== next.docs) save(KEYS.docs, next.docs);
  if (prev.versions !== next.versions) save(KEYS.versions, next.versions);
  if (prev.seenAt !== next.seenAt) save(KEYS.seenAt, next.seenAt);
  if (prev.lists !== next.lists) save(KEYS.lists, next.lists);
  if (prev.notices !== next.notices) save(KEYS.notices, next.notices);
  if (prev.mode !== next.mode) save(KEYS.view, next.mode);
  if (prev.aisles !== next.aisles) save(KEYS.aisles, next.aisles);
  if (prev.list !== next.list || a.type === 'started') save(KEYS.current, next.list);
  render(next);
  effects.forEach(run);
  if (prev.authorised && !next.authorised && load(KEYS.member, null)) signOut();
}

// MARK: - Who is signed in

let signedOut = false;

/** The member's name in the header when a member of the household is signed in (nothing
 *  with the household's link, nor offline), with "Add another device" for them. A device
 *  that was a member's and is refused now was signed out: it says so. */
async function showWhoIsSignedIn() {
  const r = await api('GET', '/api/me');
  if (r.status === 401 && (load(KEYS.member, null) || load(KEYS.signedOut, null))) {
    signOut();
    return;
  }
  if (!r.ok) return;
  if (signedOut) {
    // Signed in again (a new invite used on this device): the list, afresh.
    localStorage.removeItem(KEYS.signedOut);
    location.reload();
    return;
  }
  const name = r.data && typeof r.data.member === 'string' ? r.data.member : '';
  if (name) save(KEYS.member, name);
  else localStorage.removeItem(KEYS.member);
  $('signed-in-as').textContent = name;
  $('signed-in-as').hidden = !name;
  $('devices').hidden = !name;
}

/** The member was removed: the device forgets the lists it kept for offline use and its
 *  queue, takes no more changes, and says in words what happened. Only the name stays, so
 *  that a reload says the same. */
function signOut() {
  signedOut = true;
  const name = load(KEYS.member, null) || load(KEYS.signedOut, '');
  Object.values(KEYS).forEach((key) => localStorage.removeItem(key));
  save(KEYS.signedOut, name);
  // What is on screen goes too: the state as storage now holds it, empty.
  state = initialState();
  render(state);
  if (events) events.close();
  events = null;
  $('signed-out-name').textContent = name || 'This device’s member';
  $('signed-out').hidden = false;
  document.body.classList.add('is-signed-out');
  document.title = 'Signed out · shoplist';
}

/** "Add another device": a new one-time link for the signed-in member, with its QR code. */
async function addDevice() {
  const dialog = $('device-dialog');
  $('device-error').hidden = true;
  $('device-qr').hidden = true;
  $('device-link').value = '';
  $('device-until').textContent = '';
  if (!dialog.open) dialog.showModal();
  const r = await api('POST', '/api/invites', {});
  if (!r.ok) {
    $('device-error').textContent = r.status === 0
      ? 'No connection: a link can be made once the phone is back online.'
      : `No link was made: ${r.error}`;
    $('device-error').hidden = false;
    return;
  }
  $('device-link').value = r.data.link;
  const until = new Date(r.data.expiresAt);
  $('device-until').textContent = Number.isNaN(until.getTime()) ? ''
    : `, until ${until.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
  if (r.data.svg) {
    $('device-qr').src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(r.data.svg)}`;
    $('device-qr').hidden = false;
  }
}

// MARK: - Wiring (event delegation)

function start() {
  const main = document.querySelector('main');
  main.addEventListener('change', (e) => {
    const li = e.target.closest('[data-testid="item-row"]');
    if (li && e.target.matches('[data-testid="item-checkbox"]')) {
      dispatch({ type: 'checkChanged', itemId: li.dataset.itemId, checked: e.target.checked });
    }
  });
  main.addEventListener('click', (e) => {
    const li = e.target.closest('[data-testid="item-row"]');
    if (li && e.target.closest('[data-testid="remove-button"]')) {
      dispatch({ type: 'removeTapped', itemId: li.dataset.itemId });
    } else if (li && e.target.closest('[data-testid="item-edit"]')) {
      dispatch({ type: 'editOpened', itemId: li.dataset.itemId });
    }
    const view = e.target.closest('.view-choice');
    if (view) dispatch({ type: 'viewChosen', mode: view.dataset.view });
  });
  $('add-form').addEventListener('submit', (e) => {
    e.preventDefault();
    dispatch({ type: 'addSubmitted', text: e.target.elements.text.value });
  });
  const input = $('add-input');
  input.addEventListener('input', () => dispatch({ type: 'addTyped', text: input.value }));
  input.addEventListener('keydown', (e) => {
    if (!state.suggestions.items.length) return;
    const by = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (by) {
      e.preventDefault();
      dispatch({ type: 'suggestionMoved', by });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      dispatch({ type: 'suggestionsClosed' });
    }
  });
  input.addEventListener('blur', () => setTimeout(() => {
    if (document.activeElement !== input) dispatch({ type: 'suggestionsClosed' });
  }, 200));
  const suggestions = $('suggestions');
  suggestions.addEventListener('mousedown', (e) => e.preventDefault()); // keeps the focus
  suggestions.addEventListener('click', (e) => {
    const option = e.target.closest('[data-testid="suggestion"]');
    if (option) dispatch({ type: 'suggestionPicked', index: Number(option.dataset.index) });
  });
  const editor = $('editor');
  $('editor-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = e.target.elements;
    dispatch({ type: 'editSaved', fields: { name: f.name.value, quantity: f.quantity.value,
      unit: f.unit.value, category: f.category.value, note: f.note.value } });
  });
  $('edit-cancel').addEventListener('click', () => dispatch({ type: 'editClosed' }));
  editor.addEventListener('close', () => { if (state.editing) dispatch({ type: 'editClosed' }); });
  $('activity').addEventListener('click', () => {
    const id = state.activity && state.activity.itemId;
    const row = id && document.querySelector(`[data-item-id="${CSS.escape(id)}"]`);
    if (row && row.closest('[data-testid="basket"]')) $('basket').open = true;
    if (row) row.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
  // The skip link moves the focus past the list (the URL's #fragment names the list).
  $('skip-link').addEventListener('click', (e) => {
    e.preventDefault();
    $('after-list').focus();
    $('after-list').scrollIntoView({ block: 'start' });
  });
  $('new-list').addEventListener('submit', (e) => {
    e.preventDefault();
    dispatch({ type: 'listCreateSubmitted', name: e.target.elements.name.value });
  });
  $('list-switcher').addEventListener('change',
    (e) => dispatch({ type: 'listSelected', name: e.target.value }));
  $('clear-checked').addEventListener('click', () => dispatch({ type: 'clearTapped' }));
  $('notices-dismiss').addEventListener('click',
    () => dispatch({ type: 'noticesDismissed' }));
  $('notice-list').addEventListener('click', (e) => {
    const button = e.target.closest('[data-testid="use-mine"]');
    if (button) dispatch({ type: 'useMineTapped', noticeId: button.dataset.noticeId });
  });
  $('message').addEventListener('click', (e) => dispatch({
    type: e.target.closest('[data-testid="undo-button"]') ? 'undoTapped'
      : e.target.closest('[data-testid="redo-button"]') ? 'redoTapped' : 'messageDismissed' }));
  window.addEventListener('hashchange',
    () => dispatch({ type: 'listSelected', name: listFromHash() }));
  window.addEventListener('online', () => dispatch({ type: 'connectionMaybeBack' }));
  window.addEventListener('offline', () => dispatch({ type: 'connectionLost' }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') dispatch({ type: 'connectionMaybeBack' });
  });
  window.addEventListener('storage', (e) => {
    if (e.key !== KEYS.queue) return;
    dispatch({ type: 'queueChangedElsewhere', queue: load(KEYS.queue, []) });
  });
  $('add-device').addEventListener('click', addDevice);
  $('device-close').addEventListener('click', () => $('device-dialog').close());
  $('device-copy').addEventListener('click', () => {
    const link = $('device-link').value;
    if (link && navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
    $('device-link').select();
  });
  if (load(KEYS.signedOut, null)) signOut();
  dispatch({ type: 'started' });
  // "As of 10:42 (3 min ago)" keeps counting while there is no connection.
  setInterval(() => { if (!state.online && !signedOut) render(state); }, CLOCK_MS);
  // Keeps the page's files on the phone for opening it with no signal. Browsers offer
  // workers only on HTTPS and on this machine's own addresses; elsewhere the page simply
  // needs the connection to open.
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .catch(() => { /* the page works without it, online */ });
  }
  showWhoIsSignedIn();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
