// The shoplist page: sends what the user does to the model (model.js) as actions, keeps the
// state it returns, draws it (render.js, panels.js) and has the effects it asks for run
// (effects.js: requests, timers, the editor dialog).
//
// The page's own files are kept on the phone by a service worker (sw.js), so that with no
// connection at all — even opened in a new tab after the phone restarted — it shows the
// lists as last seen, says since when, and takes changes into its queue.

import {
  CLOCK_MS, KEYS, listFromHash, load, save,
} from './words.js';
import {
  initialState,
} from './state.js';
import {
  update,
} from './model.js';
import {
  $, render,
} from './render.js';
import {
  api,
} from './net.js';
import {
  addDevice,
} from './devices.js';
import {
  renderPanels, wirePanels,
} from './panels.js';
import {
  closeEvents, runAll,
} from './effects.js';

// MARK: - Dispatch

let state = initialState();
let actionCount = 0;
const session = Math.random().toString(36).slice(2, 8);

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
  if (prev.shops !== next.shops) save(KEYS.shops, next.shops);
  if (prev.shopFor !== next.shopFor) save(KEYS.shopFor, next.shopFor);
  if (prev.list !== next.list || a.type === 'started') save(KEYS.current, next.list);
  render(next);
  renderPanels(prev, next);
  runAll(effects, next, dispatch);
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
  const was = state;
  state = initialState();
  render(state);
  renderPanels(was, state);
  closeEvents();
  $('signed-out-name').textContent = name || 'This device’s member';
  $('signed-out').hidden = false;
  document.body.classList.add('is-signed-out');
  document.title = 'Signed out · shoplist';
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
  wirePanels(dispatch, () => state);
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
