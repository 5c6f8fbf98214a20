// The shoplist page: draws the model's state (model.js), runs the effects `update` asks for
// (requests, timers, the editor dialog) and turns what the user does into actions.
//
// The page's own files are kept on the phone by a service worker (sw.js), so that with no
// connection at all — even opened in a new tab after the phone restarted — it shows the
// lists as last seen, says since when, and takes changes into its queue.

import {
  KEYS, REQUEST_TIMEOUT_MS, CLOCK_MS, SUGGEST_DELAY_MS, load, save,
  norm, enc, visible, attr, esc, number,
  listFromHash, sinceText, initialState, view, update, quantityText,
  aisleGroups,
} from '/model.js';

// MARK: - Render

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/**
 * One row: the checkbox (named by the item), the item as a button that opens the editor,
 * and the remove button. `o.category`: the category is shown (not under its heading);
 * `o.pending`: say which changes are not sent yet; `o.highlight`: someone else's change.
 */
function rowHTML(it, o) {
  const meta = [o.category ? it.category : null, it.note].filter(Boolean).map(esc).join(' · ');
  const qty = quantityText(it);
  const waiting = o.pending && it.pending ? '<span class="pending">not sent yet</span>' : '';
  const qtyHTML = qty
    ? ` <span class="item-qty" data-testid="item-quantity">${esc(qty)}</span>` : '';
  const metaHTML = meta || waiting
    ? `<span class="item-meta">${[meta, waiting].filter(Boolean).join(' ')}</span>` : '';
  const byHTML = o.highlight
    ? `<span class="item-by" data-testid="item-by">${esc(o.highlight.text)}</span>` : '';
  return `<label class="item-check">
      <input type="checkbox" data-testid="item-checkbox" aria-label="${esc(it.name)}"${
it.checked ? ' checked' : ''}>
    </label>
    <button type="button" class="item-text" data-testid="item-edit" aria-haspopup="dialog">
      <span class="sr-only">Edit </span>
      <span class="item-line"><span class="item-name">${esc(it.name)}</span>${qtyHTML}</span>
      ${metaHTML}${byHTML}
    </button>
    <button type="button" class="remove" data-testid="remove-button"
      aria-label="Remove ${esc(it.name)}">&times;</button>`;
}

/** Updates the rows in place, keyed by item id, so focus and scrolling stay put. */
function renderItems(ul, items, o) {
  const old = new Map([...ul.children].map((li) => [li.dataset.itemId, li]));
  let prev = null;
  for (const it of items) {
    const highlight = o.highlights[it.id];
    const html = rowHTML(it, { ...o, highlight });
    const cls = `item${it.checked ? ' is-checked' : ''}${highlight ? ' is-highlighted' : ''}`;
    let li = old.get(it.id);
    if (li) old.delete(it.id);
    else {
      li = document.createElement('li');
      li.dataset.testid = 'item-row';
      li.dataset.itemId = it.id;
    }
    if (li.dataset.sig !== cls + html) {
      const active = document.activeElement;
      const focused = li.contains(active) && active.dataset.testid;
      li.className = cls;
      li.dataset.itemName = it.name;
      li.innerHTML = html;
      li.dataset.sig = cls + html;
      if (focused) li.querySelector(`[data-testid="${focused}"]`).focus();
    }
    const want = prev ? prev.nextSibling : ul.firstChild;
    if (want !== li) ul.insertBefore(li, want);
    prev = li;
  }
  old.forEach((li) => li.remove());
}

let aisleCount = 0;
function renderAisles(box, groups, o) {
  const old = new Map([...box.children].map((section) => [section.dataset.key, section]));
  let prev = null;
  for (const g of groups) {
    let section = old.get(g.key);
    if (section) old.delete(g.key);
    else {
      aisleCount += 1;
      section = document.createElement('section');
      section.className = 'aisle';
      section.dataset.key = g.key;
      section.dataset.testid = 'aisle';
      section.innerHTML = `<h3 class="aisle-heading" data-testid="aisle-heading"
        id="aisle-${aisleCount}"></h3><ul class="items" aria-labelledby="aisle-${aisleCount}"></ul>`;
    }
    const heading = section.querySelector('h3');
    if (heading.textContent !== visible(g.title)) heading.textContent = visible(g.title);
    renderItems(section.querySelector('ul'), g.items, o);
    const want = prev ? prev.nextSibling : box.firstChild;
    if (want !== section) box.insertBefore(section, want);
    prev = section;
  }
  old.forEach((section) => section.remove());
}

function renderSuggestions(s) {
  const box = $('suggestions');
  const input = $('add-input');
  const { items, active } = s.suggestions;
  const html = items.map((it, n) => {
    const meta = [quantityText(it), it.category].filter(Boolean).map(esc).join(' · ');
    return `<li role="option" id="suggestion-${n}" class="suggestion" data-testid="suggestion"
      data-index="${n}" aria-selected="${n === active}"><span class="suggestion-name">${
esc(it.name)}</span>${meta ? ` <span class="suggestion-meta">${meta}</span>` : ''}</li>`;
  }).join('');
  if (box.dataset.sig !== html) {
    box.innerHTML = html;
    box.dataset.sig = html;
  }
  box.hidden = items.length === 0;
  input.setAttribute('aria-expanded', String(items.length > 0));
  if (active >= 0) input.setAttribute('aria-activedescendant', `suggestion-${active}`);
  else input.removeAttribute('aria-activedescendant');
}

/** The changes that were not applied, in a live region: added lines are announced. */
function renderNotices(notices) {
  const list = $('notice-list');
  const html = notices.map((n) => `<li data-testid="notice">${esc(n.text)}</li>`).join('');
  if (list.dataset.sig !== html) {
    list.innerHTML = html;
    list.dataset.sig = html;
  }
  $('notices').classList.toggle('is-shown', notices.length > 0);
  $('notices-dismiss').hidden = notices.length === 0;
}

function render(s) {
  const v = view(s);
  const done = v.items.filter((i) => i.checked).length;
  const total = v.items.length;

  const names = s.lists.map((l) => l.name);
  for (const q of s.queue) if (q.kind === 'createList') names.push(q.name);
  names.push(s.list);
  const unique = names.filter((n, i) => names.findIndex((m) => norm(m) === norm(n)) === i);
  const select = $('list-switcher');
  const options = unique.map((n) => `<option value="${attr(n)}">${esc(n)}</option>`).join('');
  if (select.dataset.sig !== options) {
    select.innerHTML = options;
    select.dataset.sig = options;
  }
  select.value = unique.find((n) => norm(n) === norm(s.list));
  $('list-name').textContent = visible(s.list);
  document.title = `${visible(s.list)} · shoplist`;

  $('count').textContent = !v.known ? '' : total === 0 ? 'Nothing on this list yet'
    : done === total ? `All ${total} in the basket` : `${done} of ${total} in the basket`;
  $('progress').style.width = total ? `${(100 * done) / total}%` : '0';

  const pending = s.queue.length;
  $('offline-banner').hidden = s.online;
  const seenAt = v.known && s.seenAt[norm(s.list)];
  const since = seenAt && sinceText(seenAt, new Date());
  $('offline-since').hidden = !since;
  $('offline-since').textContent = since ? `The list as of ${since}.` : '';
  $('offline-text').innerHTML = pending
    ? `<span data-testid="pending-count">${pending}</span>`
      + ` ${pending === 1 ? 'change' : 'changes'} saved here, sent when you are back online.`
    : 'Changes you make are saved here and sent when you are back online.';
  $('auth-error').hidden = s.authorised;
  renderNotices(s.notices);

  // Keyboard focus on a row that moves (checked into the basket, or back) goes to the row
  // that took its place, so the next item is one key away.
  const active = document.activeElement;
  const activeRow = active && active.closest && active.closest('[data-testid="item-row"]');
  const activeList = activeRow && activeRow.parentElement;
  const activeIndex = activeRow ? [...activeList.children].indexOf(activeRow) : -1;

  const o = { pending: !s.online || s.waiting || !s.authorised, highlights: s.highlights };
  const toBuy = v.items.filter((i) => !i.checked);
  const basket = v.items.filter((i) => i.checked);
  const byAisle = s.mode === 'aisles';
  $('items').hidden = byAisle;
  $('aisles').hidden = !byAisle;
  // The other view is emptied: one row per item in the page, for tests and readers alike.
  renderAisles($('aisles'), byAisle ? aisleGroups(toBuy, s.aisles) : [], o);
  renderItems($('items'), byAisle ? [] : toBuy, { ...o, category: true });
  renderItems($('basket-items'), basket, { ...o, category: true });
  for (const b of document.querySelectorAll('.view-choice')) {
    b.setAttribute('aria-pressed', String(b.dataset.view === s.mode));
  }
  $('to-buy-heading').textContent = toBuy.length ? `To buy · ${toBuy.length}` : 'To buy';
  $('basket').hidden = basket.length === 0;
  $('basket-heading').textContent = `In the basket · ${basket.length}`;
  $('skip-link').hidden = toBuy.length < 8;
  if (activeRow && !activeRow.isConnected && activeIndex >= 0) {
    const next = activeList.children[Math.min(activeIndex, activeList.children.length - 1)];
    const target = next ? next.querySelector(`[data-testid="${active.dataset.testid}"]`)
      : $('basket-summary');
    if (target && !$('basket').hidden) target.focus();
    else if (target && next) target.focus();
  }

  const empty = $('empty');
  empty.hidden = toBuy.length > 0;
  empty.textContent = !v.known ? (s.online ? 'Loading…'
    : 'This list has not been saved on this phone yet.')
    : total === 0 ? 'Add the first item above.' : 'Everything is in the basket.';
  $('heading').textContent = visible(s.list);
  renderSuggestions(s);
  const categories = [...new Set([...s.aisles, ...v.items.map((i) => i.category)
    .filter(Boolean)])].map((c) => `<option value="${attr(c)}"></option>`).join('');
  if ($('categories').dataset.sig !== categories) {
    $('categories').innerHTML = categories;
    $('categories').dataset.sig = categories;
  }
  const editorError = $('editor-error');
  const error = s.editing && s.editing.error;
  editorError.hidden = !error;
  editorError.textContent = error || '';
  const activity = $('activity');
  const activityText = s.activity ? visible(s.activity.text) : '';
  if (activity.textContent !== activityText) activity.textContent = activityText;
  activity.classList.toggle('is-shown', Boolean(s.activity));

  const clear = $('clear-checked');
  clear.hidden = done === 0;
  clear.classList.toggle('is-confirming', s.confirmClear);
  clear.textContent = s.confirmClear ? `Tap again to remove ${done} checked`
    : `Clear ${done} checked`;

  const toast = $('message');
  toast.hidden = !s.message;
  if (s.message) {
    $('message-text').textContent = visible(s.message.text);
    toast.classList.toggle('is-error', Boolean(s.message.error));
    toast.setAttribute('role', s.message.error ? 'alert' : 'status');
    $('undo-button').hidden = !s.message.undo;
    $('redo-button').hidden = !s.message.redo;
  }
}

// MARK: - Effects

let state = initialState();
let events = null;
let suggestTimer = null;
let editorOpener = null; // focus goes back there when the editor closes
let actionCount = 0;
const session = Math.random().toString(36).slice(2, 8);

async function api(method, path, body) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(path, {
      method, headers, body: body && JSON.stringify(body),
      credentials: 'same-origin', cache: 'no-store', signal: controller.signal,
    });
    const data = await res.json().catch(() => null);
    const error = (data && data.error) || `the server answered ${res.status}`;
    const entry = Number(res.headers.get('Shoplist-Entry')) || null;
    return { status: res.status, ok: res.ok, data, error, entry };
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
    if (data && typeof data.list === 'string') dispatch({ type: 'listChanged', list: data.list });
  });
  events.addEventListener('error', () => {
    if (events.readyState !== EventSource.CLOSED) dispatch({ type: 'eventsFailed' });
    else { events = null; dispatch({ type: 'eventsClosed' }); }
  });
}

function run(fx) {
  switch (fx.type) {
    case 'connectEvents': setTimeout(connectEvents, fx.delay); break;
    case 'fetchList':
      api('GET', `/api/lists/${enc(fx.list)}`).then((r) => dispatch(
        r.ok && r.data && Array.isArray(r.data.items)
          ? { type: 'listFetched', list: fx.list, doc: r.data, seq: fx.seq }
          : { type: 'readFailed', list: fx.list, status: r.status, error: r.error }));
      break;
    case 'fetchLists':
      api('GET', '/api/lists').then((r) => dispatch(r.ok && r.data && Array.isArray(r.data.lists)
        ? { type: 'listsFetched', lists: r.data.lists }
        : { type: 'readFailed', status: r.status, error: r.error }));
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
          seq: fx.seq, created: r.status === 201, entry: r.entry }
        : { type: 'sendFailed', intentId: req.intentId, itemId: req.itemId, status: r.status,
          error: r.error, item: r.data && r.data.item }));
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
  if (prev.seenAt !== next.seenAt) save(KEYS.seenAt, next.seenAt);
  if (prev.lists !== next.lists) save(KEYS.lists, next.lists);
  if (prev.notices !== next.notices) save(KEYS.notices, next.notices);
  if (prev.mode !== next.mode) save(KEYS.view, next.mode);
  if (prev.aisles !== next.aisles) save(KEYS.aisles, next.aisles);
  if (prev.list !== next.list || a.type === 'started') save(KEYS.current, next.list);
  render(next);
  effects.forEach(run);
}

// MARK: - Who is signed in

/** The member's name in the header when a member of the household is signed in (nothing
 *  with the household's link, nor offline). */
async function showWhoIsSignedIn() {
  const r = await api('GET', '/api/me');
  const name = r.ok && r.data && typeof r.data.member === 'string' ? r.data.member : '';
  $('signed-in-as').textContent = name;
  $('signed-in-as').hidden = !name;
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
  dispatch({ type: 'started' });
  // "As of 10:42 (3 min ago)" keeps counting while there is no connection.
  setInterval(() => { if (!state.online) render(state); }, CLOCK_MS);
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
