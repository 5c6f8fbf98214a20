// The shoplist page. One state object; what the user asks for and what the network
// answers are actions; `update` is pure and returns the next state and the effects
// to run (requests, timers); `render` draws the state. Every change is an intent in
// a queue kept in localStorage: sent at once when online, kept while offline, and
// replayed in order when the connection returns. The list on screen is the server's
// last copy with the waiting intents applied to it.
//
// The page's own files are kept on the phone by a service worker (sw.js), so that with no
// connection at all — even opened in a new tab after the phone restarted — it shows the
// lists as last seen, says since when, and takes changes into its queue.
//
// A queued intent applies only to what its author saw: each carries the item as the page
// last saw it on the server (`seen`: its updatedAt and checked state, or null for an item
// the page only knows from its own waiting add) and is sent with that `ifUpdatedAt`. An
// item someone else changed meanwhile is left as it is: the server answers 412 with the
// item, the page shows it and says which of its changes was not applied, and why. Our own
// earlier intents are not "someone else": when one succeeds, the intents waiting on the
// same item move to the time the server gave it.
'use strict';

(() => {
  const KEYS = {
    current: 'shoplist.current', docs: 'shoplist.docs', lists: 'shoplist.lists',
    notices: 'shoplist.notices', queue: 'shoplist.queue', seenAt: 'shoplist.seenAt',
  };
  const MAX_NOTICES = 20;
  const MESSAGE_MS = 5000;
  const CONFIRM_MS = 4000;
  const MAX_RETRY_MS = 10000;
  const REQUEST_TIMEOUT_MS = 15000;
  const CLOCK_MS = 30000;

  // MARK: - Helpers

  const load = (key, fallback) => {
    try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
  };
  const save = (key, value) => {
    // Storage full or disabled: the page still works for this visit.
    try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* keep going */ }
  };
  const tidy = (s) => String(s).trim().replace(/\s+/g, ' ');
  // Names compare as the server compares them: invisible (default-ignorable) characters left
  // out, case folded fully (ß = SS, ς = σ; upper then lower case does that, but for the
  // dotless ı, which folding keeps apart from i), accents composed.
  const fold = (s) => Array.from(
    s.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, ''),
    (c) => (c === '\u0131' ? c : c.toUpperCase().toLowerCase()),
  ).join('').normalize('NFC');
  const norm = (s) => fold(tidy(s));
  const enc = encodeURIComponent;
  // Control characters and the invisible ones that reorder or hide text (a name written
  // by another program may hold them) are shown escaped, as the CLI does: `\u{202E}`.
  const HIDDEN =
    /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
  const visible = (s) => String(s).replace(HIDDEN,
    (c) => `\\u{${c.codePointAt(0).toString(16).toUpperCase()}}`);
  const attr = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const esc = (s) => attr(visible(s));
  const isTemp = (id) => String(id).startsWith('tmp-');
  const isCheck = (q) => q.kind === 'check' || q.kind === 'uncheck';
  const quoted = (name) => `“${name}”`;
  /**
   * A queued change that was not applied: “Bread” was unchecked meanwhile — not removed.
   * `by` (who did it) has a place for when the server names the people of a household.
   */
  const notApplied = (name, happened, outcome, by) =>
    `${quoted(name)} was ${happened}${by ? ` by ${by}` : ''} meanwhile — ${outcome}.`;
  /** What became of an item since the page saw it (`seen`), in a word. */
  const happenedTo = (seen, item) => (!seen ? 'added'
    : seen.checked !== item.checked ? (item.checked ? 'checked' : 'unchecked') : 'changed');
  const seenOf = (item) => (item ? { updatedAt: item.updatedAt, checked: item.checked } : null);
  const sameSeen = (a, b) => (a && b ? a.updatedAt === b.updatedAt : a === b);
  const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
  const listFromHash = () => {
    try { return decodeURIComponent(location.hash.slice(1)) || null; } catch { return null; }
  };

  const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(undefined,
    { weekday: 'short', day: 'numeric', month: 'short' });
  const dayBefore = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - 1);
  /** When the page last had the server's copy: "10:42 (3 h ago)", "yesterday 18:02 (…)". */
  function sinceText(iso, now) {
    const then = new Date(iso);
    if (Number.isNaN(then.getTime())) return null;
    const minutes = Math.max(0, Math.floor((now - then) / 60000));
    const ago = minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago`
      : minutes < 48 * 60 ? `${Math.floor(minutes / 60)} h ago`
        : `${Math.floor(minutes / 1440)} days ago`;
    const when = then.toDateString() === now.toDateString() ? clock.format(then)
      : then.toDateString() === dayBefore(now).toDateString()
        ? `yesterday ${clock.format(then)}` : `${day.format(then)}, ${clock.format(then)}`;
    return `${when} (${ago})`;
  }

  /** "2", "0,5 kg", "500 g" -> {quantity, unit?}; "" -> {}; anything else -> null. */
  function parseQuantity(text) {
    const m = /^(\d+(?:[.,]\d+)?)\s*(.*)$/.exec(tidy(text));
    if (!tidy(text)) return {};
    const quantity = m ? Number(m[1].replace(',', '.')) : 0;
    if (!(quantity > 0)) return null;
    return m[2] ? { quantity, unit: m[2] } : { quantity };
  }

  // MARK: - State

  function initialState() {
    const chosen = listFromHash() || load(KEYS.current, null);
    // A clear still waiting from an earlier visit is a replay: see nextRequest.
    const queue = load(KEYS.queue, [])
      .map((q) => (q.kind === 'clear' ? { ...q, live: false } : q));
    return {
      list: chosen || 'shopping',
      listChosen: Boolean(chosen),  // by the URL, storage or the user, not by default
      lists: load(KEYS.lists, []),  // [{name, items, checked}] as GET /api/lists says
      docs: load(KEYS.docs, {}),    // normalised list name -> the server's last document
      seenAt: load(KEYS.seenAt, {}), // normalised list name -> when that document came
      queue,                        // intents the server has not accepted yet
      notices: load(KEYS.notices, []), // [{id, text}]: queued changes that were not applied
      inFlight: null,               // id of the intent being sent
      seq: 0,                       // numbers requests in the order they are made
      docSeq: {},                   // list -> seq of the request its document came from
      sentSeq: {},                  // list -> seq of the last intent sent for it
      stale: {},                    // list -> a read was set aside: read it again
      online: true,
      waiting: false,               // a retry timer runs: send nothing before it fires
      retryMs: 0,
      authorised: true,
      confirmClear: false,
      message: null,                // {id, text, error?, undo?}
    };
  }

  /** The list as shown: the server's copy with the waiting intents applied. */
  function view(s) {
    const doc = s.docs[norm(s.list)];
    let items = doc ? doc.items.map((i) => ({ ...i })) : [];
    const same = (ref) => (i) => (ref.itemId ? i.id === ref.itemId
      : norm(i.name) === norm(ref.name));
    for (const q of s.queue) {
      if (norm(q.list) !== norm(s.list)) continue;
      if (q.kind === 'add') {
        const found = items.find((i) => norm(i.name) === norm(q.name));
        if (found) Object.assign(found, q.fields, { name: q.name, checked: false, pending: true });
        else {
          items.push({ id: `tmp-${q.id}`, name: q.name, checked: false, quantity: 1, unit: null,
            category: null, note: null, ...q.fields, pending: true });
        }
      } else if (isCheck(q)) {
        const found = items.find(same(q));
        if (found) Object.assign(found, { checked: q.kind === 'check', pending: true });
      } else if (q.kind === 'remove') {
        items = items.filter((i) => !same(q)(i));
      } else if (q.kind === 'clear') {
        items = items.filter((i) => !q.targets.some((t) => same(t)(i)));
      }
    }
    const creating = s.queue.some((q) => q.kind === 'createList' && norm(q.list) === norm(s.list));
    return { items, known: Boolean(doc) || creating };
  }

  // MARK: - State changes shared by the actions

  /** Queues an intent; a newer check or uncheck of an item replaces a waiting older one. */
  function enqueue(s, a, intent) {
    const q = { id: a.id, at: a.at, ...intent };
    const sameItem = (o) => (q.itemId ? o.itemId === q.itemId
      : !o.itemId && norm(o.name) === norm(q.name));
    const replaced = (o) => isCheck(q) && isCheck(o) && o.id !== s.inFlight
      && norm(o.list) === norm(q.list) && sameItem(o);
    return { ...s, queue: [...s.queue.filter((o) => !replaced(o)), q], confirmClear: false };
  }

  /** The server's copy of an item of `list`, by id or (for a pending add) by name. */
  function onServer(s, list, ref) {
    const doc = s.docs[norm(list)];
    if (!doc) return null;
    return doc.items.find((i) => (ref.itemId ? i.id === ref.itemId
      : norm(i.name) === norm(ref.name))) || null;
  }
  /** How an intent names an item, with the item as the server last showed it. */
  const itemRef = (s, it) => {
    const ref = isTemp(it.id) ? { name: it.name } : { itemId: it.id, name: it.name };
    return { ...ref, seen: seenOf(onServer(s, s.list, ref)) };
  };
  const drop = (s, id) => ({ ...s, queue: s.queue.filter((q) => q.id !== id), inFlight: null });
  const connected = (s) => ({ ...s, online: true, waiting: false, retryMs: 0 });

  function withMessage(s, fx, id, text, extra = {}) {
    fx.push({ type: 'later', ms: MESSAGE_MS, action: { type: 'messageExpired', messageId: id } });
    return { ...s, message: { id, text, ...extra } };
  }

  function switchTo(s, fx, name, { fetch = true } = {}) {
    if (fetch) fx.push({ type: 'fetchList', list: name });
    fx.push({ type: 'showListInUrl', list: name });
    return { ...s, list: name, confirmClear: false };
  }

  /** Holds the queue back for a while (offline, or the server busy), longer each time. */
  function wait(s, fx) {
    if (s.waiting) return s;
    const retryMs = Math.min(Math.max(s.retryMs * 2, 1000), MAX_RETRY_MS);
    fx.push({ type: 'later', ms: retryMs, action: { type: 'retryDue' } });
    return { ...s, waiting: true, retryMs };
  }

  function refreshIfStale(s, fx, list) {
    if (!s.stale[norm(list)]) return s;
    fx.push({ type: 'fetchList', list });
    return { ...s, stale: { ...s.stale, [norm(list)]: false } };
  }

  /** Keeps a list document that came `at` unless a later request already brought one. */
  function adopt(s, doc, seq, at) {
    const key = norm(doc.list);
    if ((s.docSeq[key] || 0) > seq) return s;
    s = { ...s, docs: { ...s.docs, [key]: doc }, docSeq: { ...s.docSeq, [key]: seq },
      seenAt: { ...s.seenAt, [key]: at } };
    // Show the name as the server writes it (the URL may have said "SHOPPING").
    return key === norm(s.list) && doc.list !== s.list ? { ...s, list: doc.list } : s;
  }

  /**
   * `ifUpdatedAt` for an intent: the item's time as the page saw it, null for "only if
   * there is no such item", undefined for an intent queued before intents carried it.
   */
  const ifUpdatedAt = (q) => (!('seen' in q) ? undefined : q.seen && q.seen.updatedAt);

  /** Whether the server, as the page last read it, has exactly `targets` checked, as seen. */
  function agreesWith(doc, targets) {
    const checked = doc ? doc.items.filter((i) => i.checked) : [];
    return Boolean(doc) && targets.length === checked.length && targets.every((t) => {
      const item = t.itemId && checked.find((i) => i.id === t.itemId);
      return item && t.seen && t.seen.updatedAt === item.updatedAt;
    });
  }

  /** Picks the request for the head of the queue, resolving names to ids. */
  function nextRequest(s) {
    while (s.queue.length && s.authorised && !s.inFlight && !s.waiting) {
      const q = s.queue[0];
      const base = `/api/lists/${enc(q.list)}`;
      const doc = s.docs[norm(q.list)];
      const byName = (name) => doc && doc.items.find((i) => norm(i.name) === norm(name));
      const idOf = (ref) => ref.itemId || (byName(ref.name) || {}).id;
      const since = ifUpdatedAt(q);
      let req = null;
      if (q.kind === 'add') {
        const body = { name: q.name, ...q.fields };
        if (since !== undefined) body.ifUpdatedAt = since;
        req = { method: 'POST', path: `${base}/items`, body };
      } else if (q.kind === 'createList') {
        req = { method: 'POST', path: '/api/lists', body: { name: q.name } };
      } else if (since === null) {
        // An item the page knew only from its own add, which did not go through: whatever
        // has that name now is someone else's. Nothing to do.
      } else if (idOf(q) && q.kind === 'remove') {
        const query = since ? `?ifUpdatedAt=${enc(since)}` : '';
        req = { method: 'DELETE', path: `${base}/items/${enc(idOf(q))}${query}` };
      } else if (idOf(q) && isCheck(q)) {
        const body = { checked: q.kind === 'check' };
        if (since) body.ifUpdatedAt = since;
        req = { method: 'PATCH', path: `${base}/items/${enc(idOf(q))}`, body };
      } else if (q.kind === 'clear') {
        // Clear removes what *this* person saw checked. Tapped online, with the server
        // agreeing on that set as it was seen, one POST /clear does it. Otherwise (a replay,
        // or the server knows better) those items are removed one by one, each only if it
        // is still as it was seen.
        if (q.live && agreesWith(doc, q.targets)) {
          req = { method: 'POST', path: `${base}/clear` };
        } else {
          const removes = q.targets.map((t, n) => ({ id: `${q.id}.${n}`, at: q.at,
            kind: 'remove', list: q.list, itemId: t.itemId, name: t.name, seen: t.seen }));
          s = { ...s, queue: [...removes, ...s.queue.slice(1)] };
          continue;
        }
      }
      if (req) {
        const itemId = q.kind === 'add' ? undefined : idOf(q);
        return { s: { ...s, inFlight: q.id },
          req: { ...req, intentId: q.id, list: q.list, itemId } };
      }
      s = { ...s, queue: s.queue.slice(1) }; // its item is gone already: nothing to do
    }
    return { s, req: null };
  }

  /**
   * Our own change to an item went through: the intents still waiting on it saw it as it
   * was before that change, so they now expect it as the server has it after.
   */
  function rebase(s, q, doc, itemId) {
    if (!('seen' in q) || !doc || !Array.isArray(doc.items)) return s;
    const item = doc.items.find((i) => (itemId ? i.id === itemId
      : norm(i.name) === norm(q.name)));
    if (!item) return s;
    const onItem = (r) => (r.itemId ? r.itemId === item.id : norm(r.name) === norm(item.name));
    const moved = (r) => ('seen' in r && onItem(r) && sameSeen(r.seen, q.seen)
      ? { ...r, seen: seenOf(item) } : r);
    const queue = s.queue.map((r) => {
      if (norm(r.list) !== norm(q.list)) return r;
      return r.kind === 'clear' ? { ...r, targets: r.targets.map(moved) } : moved(r);
    });
    return { ...s, queue };
  }

  /**
   * An add that did not go through: the waiting intents on the item it would have made
   * (named, never seen on the server) have no item of theirs to act on.
   */
  function dropDependents(s, q) {
    const mine = (r) => norm(r.list) === norm(q.list) && !r.itemId && r.seen === null
      && norm(r.name) === norm(q.name);
    const queue = s.queue.filter((r) => r.kind === 'add' || !mine(r))
      .map((r) => (r.kind === 'clear' ? { ...r, targets: r.targets.filter((t) => !mine(
        { ...t, list: r.list })) } : r));
    return { ...s, queue };
  }

  /**
   * Shows an item as the server has it now in place of the page's copy: `item` (a 412's),
   * or, with `item` null, the item `id` gone (a 404's). The list is read again after.
   */
  function adoptItem(s, list, item, id) {
    const key = norm(list);
    const doc = s.docs[key];
    if (!doc) return s;
    let items = doc.items;
    if (item && typeof item.id === 'string') {
      const known = items.some((i) => i.id === item.id);
      items = known ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item];
    } else if (!item && id) {
      items = items.filter((i) => i.id !== id);
    } else {
      return s;
    }
    return { ...s, docs: { ...s.docs, [key]: { ...doc, items } } };
  }

  function notify(s, id, text) {
    return { ...s, notices: [...s.notices, { id, text }].slice(-MAX_NOTICES) };
  }

  /** Says which queued change was not applied, and why, when it was refused (412, 404). */
  function notAppliedText(q, status, item) {
    const name = (item && item.name) || q.name;
    if (status === 404) {
      if (isCheck(q)) return notApplied(name, 'removed', `not ${q.kind}ed`);
      if (q.kind === 'add' && q.seen) return notApplied(name, 'removed', 'not added');
      return null; // a remove of an item already gone did what it asked
    }
    if (!item) return null;
    const happened = happenedTo(q.seen, item);
    if (q.kind === 'add') return notApplied(name, happened, 'kept as it is');
    if (isCheck(q)) {
      // Someone else did the same: nothing of this person's is lost.
      if (item.checked === (q.kind === 'check')) return null;
      return notApplied(name, happened, `not ${q.kind}ed`);
    }
    if (q.kind === 'remove') return notApplied(name, happened, 'not removed');
    return null;
  }

  function sendFailed(s, fx, a, q) {
    const id = `m-${a.id}`;
    if (a.status === 0) {
      // Sent again later, as a replay of what was seen then.
      const queue = s.queue.map((r) => (r.id === q.id && r.kind === 'clear'
        ? { ...r, live: false } : r));
      return wait({ ...s, queue, online: false }, fx);
    }
    if (a.status === 401) return { ...s, authorised: false };
    if (a.status >= 500) { // 503: the database stayed busy; the intent waits its turn again
      const text = 'The server is busy. Your change will be sent again.';
      return wait(withMessage(s, fx, id, text), fx);
    }
    s = refreshIfStale(drop(s, q.id), fx, q.list);
    if (q.kind === 'add') s = dropDependents(s, q);
    // "Removed X. Undo" no longer holds for a remove that was not applied.
    if (s.message && s.message.id === `m-${q.id}`) s = { ...s, message: null };
    if (a.status === 412 || a.status === 404) {
      fx.push({ type: 'fetchList', list: q.list }, { type: 'fetchLists' });
      s = adoptItem(s, q.list, a.status === 412 ? a.item : null, a.itemId);
      const text = notAppliedText(q, a.status, a.item);
      if (text) return notify(s, id, text);
      if (a.status === 412 || q.kind === 'remove' || q.kind === 'createList') return s;
    }
    if (a.status === 409 && q.kind === 'createList') {
      fx.push({ type: 'fetchList', list: q.list }, { type: 'fetchLists' });
      return s; // there already
    }
    const verb = { add: 'add', check: 'check', uncheck: 'uncheck', remove: 'remove',
      clear: 'clear the checked items', createList: 'create the list' }[q.kind];
    const text = `Could not ${verb}${q.name ? ` ${quoted(q.name)}` : ''}: ${a.error}`;
    s = withMessage(s, fx, id, text, { error: true });
    if (q.kind === 'createList' && norm(q.list) === norm(s.list)) s = switchTo(s, fx, 'shopping');
    return s;
  }

  // MARK: - Update

  /** (state, action) -> [state, effects]. Actions carry `id` and `at` from dispatch. */
  function update(s, a) {
    const fx = [];
    switch (a.type) {
      case 'addSubmitted': {
        const name = tidy(a.name);
        const fields = parseQuantity(a.quantity);
        if (!name) break;
        if (!fields) {
          s = withMessage(s, fx, `m-${a.id}`, 'Quantity: a number, then a unit if you like '
            + '(2, 0.5 kg).', { error: true });
          break;
        }
        const seen = seenOf(onServer(s, s.list, { name }));
        s = enqueue(s, a, { kind: 'add', list: s.list, name, fields, seen });
        fx.push({ type: 'resetAddForm' });
        break;
      }
      case 'checkChanged': {
        const item = view(s).items.find((i) => i.id === a.itemId);
        const kind = a.checked ? 'check' : 'uncheck';
        if (item) s = enqueue(s, a, { kind, list: s.list, ...itemRef(s, item) });
        break;
      }
      case 'clearConfirmExpired': s = { ...s, confirmClear: false }; break;
      case 'clearTapped': {
        const targets = view(s).items.filter((i) => i.checked).map((i) => itemRef(s, i));
        if (!targets.length) break;
        if (s.confirmClear) {
          const live = s.online && !s.waiting && s.authorised;
          s = enqueue(s, a, { kind: 'clear', list: s.list, targets, live });
        } else {
          s = { ...s, confirmClear: true };
          fx.push({ type: 'later', ms: CONFIRM_MS, action: { type: 'clearConfirmExpired' } });
        }
        break;
      }
      case 'connectionLost': s = wait({ ...s, online: false }, fx); break;
      case 'connectionMaybeBack': // the browser's `online` event, or the page shown again
        s = { ...s, waiting: false };
        fx.push({ type: 'fetchList', list: s.list }, { type: 'fetchLists' });
        break;
      case 'eventsClosed': // refused (401) or failed for good: try again unless signed out
        if (s.authorised) fx.push({ type: 'connectEvents', delay: 5000 });
        break;
      case 'eventsFailed': if (s.online) fx.push({ type: 'fetchLists' }); break; // a probe
      case 'eventsOpened': // (re)connected: anything may have changed meanwhile
        s = connected(s);
        fx.push({ type: 'fetchList', list: s.list }, { type: 'fetchLists' });
        break;
      case 'listChanged': // a `change` event, whoever made the change
        if (norm(a.list) === norm(s.list)) fx.push({ type: 'fetchList', list: s.list });
        fx.push({ type: 'fetchLists' });
        break;
      case 'listCreateSubmitted': {
        const name = tidy(a.name);
        if (!name) break;
        fx.push({ type: 'resetNewListForm' });
        const existing = s.lists.find((l) => norm(l.name) === norm(name));
        if (existing) s = { ...switchTo(s, fx, existing.name), listChosen: true };
        else { // nothing to fetch until the intent has been sent
          s = enqueue(s, a, { kind: 'createList', list: name, name });
          s = { ...switchTo(s, fx, name, { fetch: false }), listChosen: true };
        }
        break;
      }
      case 'listFetched': {
        // A read that crossed one of our writes may predate it: the write's answer is
        // the fresher copy, and the list is read again once that write is done.
        const key = norm(a.list);
        const busy = s.queue.some((q) => q.id === s.inFlight && norm(q.list) === key);
        s = connected(s);
        if (busy) s = { ...s, stale: { ...s.stale, [key]: true } };
        else if ((s.sentSeq[key] || 0) < a.seq) s = adopt(s, a.doc, a.seq, a.at);
        break;
      }
      case 'listSelected':
        if (a.name && a.name !== s.list) s = { ...switchTo(s, fx, a.name), listChosen: true };
        break;
      case 'listsFetched': {
        s = { ...connected(s), lists: a.lists };
        const preferred = a.lists.find((l) => l.default);
        if (!s.listChosen && preferred && preferred.name !== s.list) {
          s = switchTo(s, fx, preferred.name);
        }
        break;
      }
      case 'messageDismissed': s = { ...s, message: null }; break;
      case 'noticesDismissed': s = { ...s, notices: [] }; break;
      case 'messageExpired':
        if (s.message && s.message.id === a.messageId) s = { ...s, message: null };
        break;
      case 'queueChangedElsewhere': s = { ...s, queue: a.queue }; break; // another tab
      case 'readFailed': {
        const creating = s.queue.some((q) => q.kind === 'createList'
          && norm(q.list) === norm(a.list));
        if (a.status === 0) s = wait({ ...s, online: false }, fx);
        else if (a.status === 401) s = { ...s, authorised: false };
        else if (a.status === 404 && a.list && norm(a.list) === norm(s.list) && !creating) {
          const docs = { ...s.docs };
          delete docs[norm(a.list)];
          const queue = s.queue.filter((q) => norm(q.list) !== norm(a.list)
            || q.id === s.inFlight);
          s = withMessage({ ...s, docs, queue }, fx, `m-${a.id}`,
            `There is no list “${a.list}”.`, { error: true });
          const other = s.lists.find((l) => norm(l.name) !== norm(a.list));
          const fallback = norm(a.list) !== 'shopping' ? 'shopping' : other && other.name;
          if (fallback) s = switchTo(s, fx, fallback);
        }
        break;
      }
      case 'removeTapped': {
        const item = view(s).items.find((i) => i.id === a.itemId);
        if (!item) break;
        s = enqueue(s, a, { kind: 'remove', list: s.list, ...itemRef(s, item) });
        const fields = {};
        for (const k of ['quantity', 'unit', 'category', 'note']) {
          if (item[k] != null) fields[k] = item[k];
        }
        s = withMessage(s, fx, `m-${a.id}`, `Removed “${item.name}”.`,
          { undo: { list: s.list, name: item.name, fields } });
        break;
      }
      case 'retryDue':
        s = { ...s, waiting: false };
        if (!s.queue.length) fx.push({ type: 'fetchLists' }); // a probe
        break;
      case 'sendFailed': {
        const q = s.queue.find((i) => i.id === a.intentId);
        s = q ? sendFailed({ ...s, inFlight: null }, fx, a, q) : { ...s, inFlight: null };
        break;
      }
      case 'sendSucceeded': {
        const q = s.queue.find((i) => i.id === a.intentId);
        s = connected(drop(s, a.intentId));
        if (q) s = rebase(refreshIfStale(s, fx, q.list), q, a.doc, a.itemId);
        if (a.doc && typeof a.doc.list === 'string' && Array.isArray(a.doc.items)) {
          s = adopt(s, a.doc, a.seq, a.at);
        }
        if (a.created) fx.push({ type: 'fetchLists' });
        break;
      }
      case 'started':
        fx.push({ type: 'fetchList', list: s.list }, { type: 'fetchLists' },
          { type: 'connectEvents', delay: 0 }, { type: 'showListInUrl', list: s.list });
        break;
      case 'undoTapped': {
        const u = s.message && s.message.undo;
        const seen = u && seenOf(onServer(s, u.list, { name: u.name }));
        if (u) s = { ...enqueue(s, a, { kind: 'add', ...u, seen }), message: null };
        break;
      }
      default: break;
    }
    const next = nextRequest(s);
    s = next.s;
    if (next.req) fx.push({ type: 'send', req: next.req });
    for (const e of fx) { // number the requests, in the order they will be made
      if (e.type !== 'fetchList' && e.type !== 'send') continue;
      s = { ...s, seq: s.seq + 1 };
      e.seq = s.seq;
      if (e.type === 'send') s = { ...s, sentSeq: { ...s.sentSeq, [norm(e.req.list)]: e.seq } };
    }
    return [s, fx];
  }

  // MARK: - Render

  const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

  function quantityText(it) {
    const q = it.quantity == null ? 1 : it.quantity;
    if (q === 1 && !it.unit) return '';
    return it.unit ? `${number.format(q)} ${it.unit}` : `${number.format(q)}×`;
  }

  function rowHTML(it, showPending) {
    const meta = [it.category, it.note].filter(Boolean).map(esc).join(' · ');
    const qty = quantityText(it);
    const waiting = showPending && it.pending ? '<span class="pending">not sent yet</span>' : '';
    const qtyHTML = qty
      ? ` <span class="item-qty" data-testid="item-quantity">${esc(qty)}</span>` : '';
    const metaHTML = meta || waiting
      ? `<span class="item-meta">${[meta, waiting].filter(Boolean).join(' ')}</span>` : '';
    return `<label class="item-main">
        <input type="checkbox" data-testid="item-checkbox"${it.checked ? ' checked' : ''}>
        <span class="item-text">
          <span class="item-line"><span class="item-name">${esc(it.name)}</span>${qtyHTML}</span>
          ${metaHTML}
        </span>
      </label>
      <button type="button" class="remove" data-testid="remove-button"
        aria-label="Remove ${esc(it.name)}">&times;</button>`;
  }

  /** Updates the rows in place, keyed by item id, so focus and scrolling stay put. */
  function renderItems(ul, items, showPending) {
    const old = new Map([...ul.children].map((li) => [li.dataset.itemId, li]));
    let prev = null;
    for (const it of items) {
      const html = rowHTML(it, showPending);
      const cls = `item${it.checked ? ' is-checked' : ''}`;
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

    renderItems($('items'), v.items, !s.online || s.waiting || !s.authorised);
    const empty = $('empty');
    empty.hidden = total > 0;
    empty.textContent = v.known ? 'Add the first item above.'
      : s.online ? 'Loading…' : 'This list has not been saved on this phone yet.';

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
    }
  }

  // MARK: - Effects

  let state = initialState();
  let events = null;
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
      return { status: res.status, ok: res.ok, data, error };
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
      case 'resetNewListForm':
        $('new-list-input').value = '';
        $('new-list').open = false;
        break;
      case 'send': {
        const { req } = fx;
        api(req.method, req.path, req.body).then((r) => dispatch(r.ok
          ? { type: 'sendSucceeded', intentId: req.intentId, itemId: req.itemId, doc: r.data,
            seq: fx.seq, created: r.status === 201 }
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
    const items = $('items');
    items.addEventListener('change', (e) => {
      const li = e.target.closest('[data-testid="item-row"]');
      if (li && e.target.matches('[data-testid="item-checkbox"]')) {
        dispatch({ type: 'checkChanged', itemId: li.dataset.itemId, checked: e.target.checked });
      }
    });
    items.addEventListener('click', (e) => {
      const button = e.target.closest('[data-testid="remove-button"]');
      if (button) dispatch({ type: 'removeTapped', itemId: button.closest('li').dataset.itemId });
    });
    $('add-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const f = e.target.elements;
      dispatch({ type: 'addSubmitted', name: f.name.value, quantity: f.quantity.value });
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
      type: e.target.closest('[data-testid="undo-button"]') ? 'undoTapped' : 'messageDismissed' }));
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
})();
