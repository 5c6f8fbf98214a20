// The shoplist page's model: one state object; what the user asks for and what the network
// answers are actions; `update` is pure and returns the next state and the effects to run
// (requests, timers), which app.js runs and draws. Every change is an intent in a queue kept
// in localStorage: sent at once when online, kept while offline, and replayed in order when
// the connection returns. The list on screen is the server's last copy with the waiting
// intents applied to it.
//
// A queued intent applies only to what its author saw: each carries the item as the page
// last saw it on the server (`seen`: its updatedAt and checked state, or null for an item
// the page only knows from its own waiting add) and is sent with that `ifUpdatedAt`. An
// item someone else changed meanwhile is left as it is: the server answers 412 with the
// item, the page shows it and says which of its changes was not applied, and why. Our own
// earlier intents are not "someone else": when one succeeds, the intents waiting on the
// same item move to the time the server gave it.
//
// After every change of the user's own the page offers Undo: the write's answer names the
// history entry that recorded it, and Undo asks the server to undo exactly that entry (an
// intent still waiting is simply taken out of the queue). Others' changes are read from
// /api/activity when the list changes, and their items highlighted with who made them.

const KEYS = {
  current: 'shoplist.current', docs: 'shoplist.docs', lists: 'shoplist.lists',
  notices: 'shoplist.notices', queue: 'shoplist.queue', seenAt: 'shoplist.seenAt',
  view: 'shoplist.view', aisles: 'shoplist.aisles',
};
const MAX_NOTICES = 20;
const MESSAGE_MS = 5000;
const CONFIRM_MS = 4000;
const MAX_RETRY_MS = 10000;
const REQUEST_TIMEOUT_MS = 15000;
const CLOCK_MS = 30000;
const HIGHLIGHT_MS = 8000;
const SUGGEST_DELAY_MS = 150;
const MAX_SUGGESTIONS = 6;

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

/** The editor's quantity: "2", "0,5" -> the number; "" -> 1; anything else -> null. */
function parseNumber(text) {
  const t = tidy(text);
  if (!t) return 1;
  if (!/^\d+(?:[.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return n > 0 ? n : null;
}

/** Who made a change, as the page says it: "by Ana", "on another phone", "from the
 *  command line" (history's `by`, else what its label starts with). */
const whoDid = (entry) => (entry.by ? `by ${entry.by}`
  : /^web[: (]/.test(entry.command) ? 'on another phone' : 'from the command line');
/** A history label without the page's prefix: "web (Ana): check Milk" -> "check Milk". */
const bareCommand = (command) => String(command).replace(/^web(?: \([^)]*\))?: /, '');

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
    message: null,                // {id, text, error?, undo?: {of}, redo?: true}
    mode: load(KEYS.view, 'list'), // 'list' or 'aisles' (by aisle)
    aisles: load(KEYS.aisles, []), // the shop order: categories as met in the shop
    entries: {},                  // intent id -> history entries its requests recorded
    mine: [],                     // history entries this page made (not "someone else")
    activityAfter: {},            // list -> the newest history entry read for highlights
    activityStale: {},            // list -> activity was set aside while a write was out
    highlights: {},               // item id -> {text, until}: someone else's change
    activity: null,               // {id, text, itemId}: the latest of others' changes
    addText: '',                  // what the add box holds
    suggestions: { q: '', items: [], active: -1 },
    editing: null,                // {list, itemId, error?}: the item editor is open
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
    } else if (q.kind === 'edit') {
      const found = items.find(same(q));
      const shown = Object.fromEntries(Object.entries(q.fields)
        .map(([k, v]) => [k, v === '' ? null : v]));
      if (found) Object.assign(found, shown, { pending: true });
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

/** The message after a change of the user's own: what was done, and "Undo" for a while. */
const offerUndo = (s, fx, a, text) => withMessage(s, fx, `m-${a.id}`, text,
  { undo: { of: a.id, list: s.list } });

function switchTo(s, fx, name, { fetch = true } = {}) {
  if (norm(name) !== norm(s.list)) s = { ...s, activity: null, highlights: {} };
  if (fetch) fx.push({ type: 'fetchList', list: name });
  if (fetch && s.activityAfter[norm(name)] === undefined) {
    fx.push({ type: 'fetchActivity', list: name, after: null });
  }
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
function nextRequest(s, fx) {
  while (s.queue.length && s.authorised && !s.inFlight && !s.waiting) {
    const q = s.queue[0];
    const base = `/api/lists/${enc(q.list)}`;
    const doc = s.docs[norm(q.list)];
    const byName = (name) => doc && doc.items.find((i) => norm(i.name) === norm(name));
    const idOf = (ref) => ref.itemId || (byName(ref.name) || {}).id;
    const since = ifUpdatedAt(q);
    let req = null;
    if (q.kind === 'add') {
      // A phrase ("2 l milk") is read by the server. Sent as it was typed, online, it
      // follows add's rules; only a replay says "only if the item is still as seen".
      const body = q.text !== undefined ? { text: q.text } : { name: q.name, ...q.fields };
      const plain = q.text !== undefined && since === null && q.live;
      if (since !== undefined && !plain) body.ifUpdatedAt = since;
      req = { method: 'POST', path: `${base}/items`, body };
    } else if (q.kind === 'createList') {
      req = { method: 'POST', path: '/api/lists', body: { name: q.name } };
    } else if (q.kind === 'undo' && q.entry) {
      req = { method: 'POST', path: `/api/history/${enc(q.entry)}/undo` };
    } else if (q.kind === 'undo') {
      // Undoes every entry the change recorded (a replayed clear records one per item),
      // newest first.
      const entries = s.entries[q.of] || [];
      if (entries.length) {
        const undos = [...entries].reverse().map((entry, n) => ({ id: `${q.id}.${n}`,
          at: q.at, kind: 'undo', list: q.list, name: q.name, entry, single: n === 0
            && entries.length === 1 }));
        s = { ...s, queue: [...undos, ...s.queue.slice(1)] };
        continue;
      }
      s = withMessage(s, fx, `m-${q.id}`, 'Nothing to undo: that change changed nothing.');
    } else if (q.kind === 'redo') {
      req = { method: 'POST', path: '/api/redo' };
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
    } else if (idOf(q) && q.kind === 'edit') {
      const body = { ...q.fields };
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
      const itemId = q.kind === 'add' || q.kind === 'undo' || q.kind === 'redo'
        ? undefined : idOf(q);
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
    if (q.kind === 'edit') return notApplied(name, 'removed', 'not changed');
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
  if (q.kind === 'edit') return notApplied(name, happened, 'not changed');
  return null;
}

function sendFailed(s, fx, a, q) {
  const id = `m-${a.id}`;
  if (a.status === 0) {
    // Sent again later, as a replay of what was seen then.
    const queue = s.queue.map((r) => (r.id === q.id && (r.kind === 'clear' || r.kind === 'add')
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
    clear: 'clear the checked items', createList: 'create the list', edit: 'change',
    undo: 'undo', redo: 'redo' }[q.kind];
  // An undo's refusal is the history's own sentence: "Cannot undo #41 …; undo #42 first."
  const history = q.kind === 'undo' || q.kind === 'redo';
  const text = history && /^cannot /.test(a.error) ? `C${a.error.slice(1)}.`
    : `Could not ${verb}${q.name && !history ? ` ${quoted(q.name)}` : ''}: ${a.error}`;
  s = withMessage(s, fx, id, text, { error: true });
  if (q.kind === 'createList' && norm(q.list) === norm(s.list)) s = switchTo(s, fx, 'shopping');
  return s;
}

/** The history entry a request of intent `id` recorded: this page's, to undo. */
function recorded(s, id, entry) {
  const entries = { ...s.entries, [id]: [...(s.entries[id] || []), entry] };
  return { ...s, entries, mine: [...s.mine, entry].slice(-500) };
}

/** An undo or redo went through: the lists it changed, and a message saying what. */
function undid(s, fx, q, a) {
  const doc = a.doc;
  if (Array.isArray(doc.lists)) {
    for (const d of doc.lists) {
      if (d && typeof d.list === 'string' && Array.isArray(d.items)) s = adopt(s, d, a.seq, a.at);
    }
  }
  if (typeof doc.entry === 'number') s = { ...s, mine: [...s.mine, doc.entry].slice(-500) };
  const entry = doc.undone || doc.redone;
  const what = entry && typeof entry.command === 'string' ? `: ${bareCommand(entry.command)}`
    : '';
  if (q.kind === 'redo') return withMessage(s, fx, `m-${q.id}`, `Redone${what}.`);
  return withMessage(s, fx, `m-${q.id}`, `Undone${what}.`, q.single ? { redo: true } : {});
}

/** Reads who changed the list since the page last looked, unless one of its own writes is
 *  out (its entry is not known to be its own yet): then once that write is answered. */
function readActivity(s, fx, list) {
  const key = norm(list);
  if (s.activityAfter[key] === undefined) {
    // Never read (the page opened offline): from now on, then.
    fx.push({ type: 'fetchActivity', list, after: null });
    return s;
  }
  if (s.inFlight) return { ...s, activityStale: { ...s.activityStale, [key]: true } };
  fx.push({ type: 'fetchActivity', list, after: s.activityAfter[key] });
  return { ...s, activityStale: { ...s.activityStale, [key]: false } };
}

/** Others' changes to the list: their items highlighted for a while, with who did it. */
function sawActivity(s, fx, a) {
  const key = norm(a.list);
  const after = s.activityAfter[key];
  if (a.after === null) {
    return after === undefined ? { ...s, activityAfter: { ...s.activityAfter, [key]: a.newest } }
      : s;
  }
  if (s.inFlight) return { ...s, activityStale: { ...s.activityStale, [key]: true } };
  if (after !== undefined && a.newest <= after) return s;
  const highlights = { ...s.highlights };
  const id = `h-${a.id}`;
  const said = [];
  let shown = null;
  for (const act of a.activity) {
    if (s.mine.includes(act.entry) || (after !== undefined && act.entry <= after)) continue;
    const text = `${act.change} ${whoDid(act)}`;
    if (act.change !== 'removed') {
      highlights[act.item] = { id, text };
      shown = act.item;
    }
    said.push(`${quoted(act.name)} ${text}`);
    fx.push({ type: 'later', ms: HIGHLIGHT_MS,
      action: { type: 'highlightExpired', itemId: act.item, highlightId: id } });
  }
  s = { ...s, highlights, activityAfter: { ...s.activityAfter, [key]: a.newest } };
  if (!said.length) return s;
  // "“Bread” added by Ana; “Eggs” checked by Ana and 3 more."
  const more = said.length > 2 ? ` and ${said.length - 2} more` : '';
  return { ...s, activity: { id, text: `${said.slice(0, 2).join('; ')}${more}.`, itemId: shown } };
}

// MARK: - Update

/** (state, action) -> [state, effects]. Actions carry `id` and `at` from dispatch. */
function update(s, a) {
  const fx = [];
  switch (a.type) {
    case 'addSubmitted': {
      if (s.suggestions.active >= 0) return update(s, { ...a, type: 'suggestionPicked',
        index: s.suggestions.active });
      const text = tidy(a.text);
      if (!text) break;
      // The server reads the phrase ("2 l milk": milk, 2 l); until it has, the row shows
      // what was typed.
      const seen = seenOf(onServer(s, s.list, { name: text }));
      const live = s.online && !s.waiting && s.authorised;
      s = enqueue(s, a, { kind: 'add', list: s.list, name: text, text, fields: {}, seen, live });
      s = offerUndo({ ...s, addText: '', suggestions: { q: '', items: [], active: -1 } }, fx, a,
        `Added ${quoted(text)}.`);
      fx.push({ type: 'resetAddForm' });
      break;
    }
    case 'addTyped': {
      const q = tidy(a.text);
      s = { ...s, addText: a.text };
      if (!q) s = { ...s, suggestions: { q: '', items: [], active: -1 } };
      else fx.push({ type: 'fetchSuggestions', q, list: s.list });
      break;
    }
    case 'suggestionsFetched':
      if (a.q === tidy(s.addText) && norm(a.list) === norm(s.list)) {
        s = { ...s, suggestions: { q: a.q, items: a.items.slice(0, MAX_SUGGESTIONS),
          active: -1 } };
      }
      break;
    case 'suggestionMoved': {
      const n = s.suggestions.items.length;
      if (!n) break;
      const active = (s.suggestions.active + a.by + n + 2) % (n + 1) - 1; // -1: the box
      s = { ...s, suggestions: { ...s.suggestions, active } };
      break;
    }
    case 'suggestionsClosed': s = { ...s, suggestions: { q: '', items: [], active: -1 } }; break;
    case 'suggestionPicked': {
      const picked = s.suggestions.items[a.index];
      if (!picked) break;
      const fields = { quantity: picked.quantity };
      if (picked.unit) fields.unit = picked.unit;
      if (picked.category) fields.category = picked.category;
      const seen = seenOf(onServer(s, s.list, { name: picked.name }));
      s = enqueue(s, a, { kind: 'add', list: s.list, name: picked.name, fields, seen });
      s = offerUndo({ ...s, addText: '', suggestions: { q: '', items: [], active: -1 } }, fx, a,
        `Added ${quoted(picked.name)}.`);
      fx.push({ type: 'resetAddForm' });
      break;
    }
    case 'checkChanged': {
      const item = view(s).items.find((i) => i.id === a.itemId);
      const kind = a.checked ? 'check' : 'uncheck';
      if (item) {
        s = enqueue(s, a, { kind, list: s.list, ...itemRef(s, item) });
        s = offerUndo(s, fx, a, `${a.checked ? 'Checked' : 'Unchecked'} ${quoted(item.name)}.`);
      }
      break;
    }
    case 'editOpened': {
      const item = view(s).items.find((i) => i.id === a.itemId);
      if (!item) break;
      s = { ...s, editing: { list: s.list, itemId: item.id, error: null } };
      fx.push({ type: 'openEditor', item });
      break;
    }
    case 'editClosed':
      if (s.editing) s = { ...s, editing: null };
      fx.push({ type: 'closeEditor' });
      break;
    case 'editSaved': {
      const e = s.editing;
      const item = e && norm(e.list) === norm(s.list)
        && view(s).items.find((i) => i.id === e.itemId);
      if (!item) {
        s = { ...s, editing: null };
        fx.push({ type: 'closeEditor' });
        break;
      }
      const name = tidy(a.fields.name);
      const quantity = parseNumber(a.fields.quantity);
      const error = !name ? 'The item needs a name.'
        : quantity === null ? 'Quantity: a number above 0, such as 2 or 0,5.' : null;
      if (error) { s = { ...s, editing: { ...e, error } }; break; }
      const fields = {};
      if (name !== item.name) fields.name = name;
      if (quantity !== (item.quantity ?? 1)) fields.quantity = quantity;
      for (const k of ['unit', 'category', 'note']) {
        const value = tidy(a.fields[k]);
        if (value !== (item[k] ?? '')) fields[k] = value; // "" clears it
      }
      s = { ...s, editing: null };
      fx.push({ type: 'closeEditor' });
      if (!Object.keys(fields).length) break;
      s = enqueue(s, a, { kind: 'edit', list: s.list, ...itemRef(s, item), fields });
      s = offerUndo(s, fx, a, `Changed ${quoted(fields.name || item.name)}.`);
      break;
    }
    case 'viewChosen':
      if (a.mode === 'list' || a.mode === 'aisles') s = { ...s, mode: a.mode };
      if (a.mode === 'aisles') fx.push({ type: 'fetchAisles' });
      break;
    case 'aislesFetched': s = { ...s, aisles: a.aisles }; break;
    case 'activityFetched': s = sawActivity(s, fx, a); break;
    case 'highlightExpired': {
      const h = s.highlights[a.itemId];
      if (h && h.id === a.highlightId) {
        const highlights = { ...s.highlights };
        delete highlights[a.itemId];
        s = { ...s, highlights };
      }
      if (s.activity && s.activity.id === a.highlightId) s = { ...s, activity: null };
      break;
    }
    case 'clearConfirmExpired': s = { ...s, confirmClear: false }; break;
    case 'clearTapped': {
      const targets = view(s).items.filter((i) => i.checked).map((i) => itemRef(s, i));
      if (!targets.length) break;
      if (s.confirmClear) {
        const live = s.online && !s.waiting && s.authorised;
        s = enqueue(s, a, { kind: 'clear', list: s.list, targets, live });
        s = offerUndo(s, fx, a, `Cleared ${targets.length} checked.`);
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
      if (norm(a.list) === norm(s.list)) {
        fx.push({ type: 'fetchList', list: s.list });
        s = readActivity(s, fx, s.list);
      }
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
      s = offerUndo(s, fx, a, `Removed ${quoted(item.name)}.`);
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
      if (a.entry) s = recorded(s, String(a.intentId).replace(/\.\d+$/, ''), a.entry);
      if (q) s = rebase(refreshIfStale(s, fx, q.list), q, a.doc, a.itemId);
      if (a.doc && typeof a.doc.list === 'string' && Array.isArray(a.doc.items)) {
        s = adopt(s, a.doc, a.seq, a.at);
      }
      if (q && (q.kind === 'undo' || q.kind === 'redo') && a.doc) s = undid(s, fx, q, a);
      if (q && s.activityStale[norm(q.list)]) s = readActivity(s, fx, q.list);
      if (a.created) fx.push({ type: 'fetchLists' });
      break;
    }
    case 'started':
      fx.push({ type: 'fetchList', list: s.list }, { type: 'fetchLists' },
        { type: 'connectEvents', delay: 0 }, { type: 'showListInUrl', list: s.list },
        { type: 'fetchActivity', list: s.list, after: null }, { type: 'fetchAisles' });
      break;
    case 'undoTapped': {
      const u = s.message && s.message.undo;
      if (!u) break;
      // Not sent yet: it is simply taken out of the queue, as if never made.
      const mine = (q) => q.id === u.of || String(q.id).startsWith(`${u.of}.`);
      const waiting = s.queue.filter(mine);
      if (waiting.length && !waiting.some((q) => q.id === s.inFlight) && !s.entries[u.of]) {
        s = { ...s, queue: s.queue.filter((q) => !mine(q)), message: null };
        s = withMessage(s, fx, `m-${a.id}`, 'Undone (it had not been sent yet).');
      } else {
        s = { ...enqueue(s, a, { kind: 'undo', list: u.list, of: u.of }), message: null };
      }
      break;
    }
    case 'redoTapped':
      if (s.message && s.message.redo) {
        s = { ...enqueue(s, a, { kind: 'redo', list: s.list }), message: null };
      }
      break;
    default: break;
  }
  const next = nextRequest(s, fx);
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

// MARK: - What the view shows

function quantityText(it) {
  const q = it.quantity == null ? 1 : it.quantity;
  if (q === 1 && !it.unit) return '';
  return it.unit ? `${number.format(q)} ${it.unit}` : `${number.format(q)}×`;
}

/**
 * The items under their categories' headings: the shop order's categories first, in that
 * order, then the others by name, then the items with none; within one, in list order.
 */
function aisleGroups(items, order) {
  const rank = new Map(order.map((c, n) => [norm(c), n]));
  const groups = new Map();
  for (const it of items) {
    const key = it.category ? norm(it.category) : '';
    if (!groups.has(key)) groups.set(key, { key, title: it.category || 'No category', items: [] });
    groups.get(key).items.push(it);
  }
  const place = (g) => (g.key === '' ? order.length + 1
    : rank.has(g.key) ? rank.get(g.key) : order.length);
  return [...groups.values()].sort((a, b) => place(a) - place(b)
    || a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }));
}

export {
  KEYS, REQUEST_TIMEOUT_MS, CLOCK_MS, SUGGEST_DELAY_MS, load, save,
  norm, enc, visible, attr, esc, number,
  listFromHash, sinceText, initialState, view, update, quantityText,
  aisleGroups,
};
