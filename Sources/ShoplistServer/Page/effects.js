// The effects `update` asks for, run: requests (their answers dispatched as actions), the
// event stream, timers, and the editor dialog and forms the model cannot touch itself.

import {
  enc, norm, number, SUGGEST_DELAY_MS,
} from './words.js';
import {
  api,
} from './net.js';
import {
  $,
} from './render.js';

let events = null;
let suggestTimer = null;
let editorOpener = null; // focus goes back there when the editor closes
let state = null; // the state as of the effect's action: what a request needs of it

function connectEvents(dispatch) {
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
  // A shop, the default shop or the order of the lists changed.
  events.addEventListener('household', () => dispatch({ type: 'householdChanged' }));
  events.addEventListener('error', () => {
    if (events.readyState !== EventSource.CLOSED) dispatch({ type: 'eventsFailed' });
    else { events = null; dispatch({ type: 'eventsClosed' }); }
  });
}

function run(fx, dispatch) {
  switch (fx.type) {
    case 'connectEvents': setTimeout(() => connectEvents(dispatch), fx.delay); break;
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
    case 'fetchShops':
      api('GET', '/api/shops').then((r) => {
        if (r.ok && r.data && Array.isArray(r.data.shops)) {
          dispatch({ type: 'shopsFetched', shops: r.data.shops });
        }
      });
      break;
    case 'fetchHistory':
      api('GET', `/api/history?limit=${fx.limit}`).then((r) => {
        if (r.ok && r.data && Array.isArray(r.data.history)) {
          dispatch({ type: 'historyFetched', entries: r.data.history });
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
          seq: fx.seq, entry: r.entry, alone: req.alone,
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

/** Closes the event stream for good (the device was signed out). */
function closeEvents() {
  if (events) events.close();
  events = null;
}

/** Runs `effects`, asked for by an action that left the page in `now`. */
function runAll(effects, now, dispatch) {
  state = now;
  effects.forEach((fx) => run(fx, dispatch));
}

export {
  closeEvents, runAll,
};
