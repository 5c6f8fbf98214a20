// The page's state: what it starts from (its storage), the list as shown (the server's copy
// with the waiting intents applied), and the small changes the actions share.

import {
  isCheck, isTemp, KEYS, listFromHash, load, MAX_RETRY_MS, MESSAGE_MS, norm, number, seenOf,
} from './words.js';

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
    // normalised list name -> the history entry its document stands at, when known exactly:
    // a change event up to it needs no read, and a read asks "only if newer" (304)
    versions: load(KEYS.versions, {}),
    heard: {},                    // list -> {list, entry}: an event that came while a write was out
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
    shops: load(KEYS.shops, []),  // [{name, aisles, default}] as GET /api/shops says
    shopFor: load(KEYS.shopFor, {}), // normalised list name -> the shop picked for its aisles
    editingAisles: false,         // the aisle order's editor is open
    panel: null,                  // 'lists' or 'history': the sheet open over the list
    renaming: null,               // {list, error}: a list's name being changed
    history: null,                // the newest history entries, as GET /api/history says
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

/**
 * Keeps a list document that came `at` unless a later request already brought one, with
 * the history entry it stands at when known (`version`), and its counts in the lists.
 */
function adopt(s, doc, seq, at, version) {
  const key = norm(doc.list);
  if ((s.docSeq[key] || 0) > seq) return s;
  const versions = { ...s.versions };
  if (Number.isInteger(version)) versions[key] = version;
  else delete versions[key];
  const checked = doc.items.filter((i) => i.checked).length;
  const lists = s.lists.map((l) => (norm(l.name) === key
    && (l.items !== doc.items.length || l.checked !== checked)
    ? { ...l, items: doc.items.length, checked } : l));
  s = { ...s, docs: { ...s.docs, [key]: doc }, docSeq: { ...s.docSeq, [key]: seq },
    seenAt: { ...s.seenAt, [key]: at }, versions,
    lists: lists.some((l, n) => l !== s.lists[n]) ? lists : s.lists };
  // Show the name as the server writes it (the URL may have said "SHOPPING").
  return key === norm(s.list) && doc.list !== s.list ? { ...s, list: doc.list } : s;
}

/**
 * The list document after a write that answered with what it changed alone
 * (`?return=item`): an item object put in place of the item with its id (a new one at its
 * position), `{"removed": ID}` or `{"removed": [IDs]}` taken out, `{"items": [...]}` each
 * put in place; positions numbered again. Null when there is no document to change, or the
 * answer is none of these.
 */
function withAnswer(doc, answer) {
  if (!doc || !Array.isArray(doc.items) || !answer || typeof answer !== 'object') return null;
  let items = doc.items;
  const put = (item) => {
    const at = items.findIndex((i) => i.id === item.id);
    if (at >= 0) items = items.map((i, n) => (n === at ? item : i));
    else {
      const n = Math.min(Math.max((item.position || items.length + 1) - 1, 0), items.length);
      items = [...items.slice(0, n), item, ...items.slice(n)];
    }
  };
  if (typeof answer.id === 'string') put(answer);
  else if (Array.isArray(answer.items)) answer.items.forEach(put);
  else if (answer.removed !== undefined) {
    const gone = new Set([].concat(answer.removed));
    items = items.filter((i) => !gone.has(i.id));
  } else return null;
  const numbered = items.map((i, n) => (i.position === n + 1 ? i : { ...i, position: n + 1 }));
  return { ...doc, items: numbered };
}

/**
 * `ifUpdatedAt` for an intent: the item's time as the page saw it, null for "only if
 * there is no such item", undefined for an intent queued before intents carried it.
 */

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
  initialState, view, enqueue, onServer, itemRef, drop, connected, withMessage, offerUndo,
  switchTo, wait, refreshIfStale, adopt, withAnswer, quantityText, aisleGroups,
};
