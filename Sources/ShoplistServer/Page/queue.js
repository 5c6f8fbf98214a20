// The queue of intents: each turned into its request when its turn comes, and what the
// page does with the answer. A queued intent applies only to what its author saw: each
// carries the item as the page last saw it on the server (`seen`) and is sent with that
// `ifUpdatedAt`; an item someone else changed meanwhile is left as it is, and the page says
// which of its changes was not applied, and why. Our own earlier intents are not "someone
// else": when one succeeds, the intents waiting on the same item move to the time the
// server gave it.

import {
  conflictText, enc, isCheck, MAX_NOTICES, norm, notApplied, quoted, replacedText, sameSeen,
  seenOf,
} from './words.js';
import {
  drop, refreshIfStale, switchTo, wait, withMessage,
} from './state.js';
import {
  renameRefused,
} from './lists.js';

const ifUpdatedAt = (q) => (!('seen' in q) ? undefined : q.seen && q.seen.updatedAt);

/** A write that answers with what it changed alone, not the whole list (a long list's
 *  document would cross the network on every tap). */
const alone = (req) => ({ ...req, path: `${req.path}${req.path.includes('?') ? '&' : '?'}`
  + 'return=item', alone: true });

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
      req = alone({ method: 'POST', path: `${base}/items`, body });
    } else if (q.kind === 'createList') {
      req = { method: 'POST', path: '/api/lists', body: { name: q.name } };
    } else if (q.kind === 'renameList') {
      req = { method: 'PATCH', path: base, body: { name: q.name } };
    } else if (q.kind === 'moveList') {
      req = { method: 'PATCH', path: base, body: { position: q.position } };
    } else if (q.kind === 'deleteList') {
      req = { method: 'DELETE', path: base };
    } else if (q.kind === 'setAisles') {
      req = { method: 'PUT', path: `/api/shops/${enc(q.shop)}`, body: { aisles: q.aisles } };
    } else if (q.kind === 'undo' && q.entry) {
      req = { method: 'POST', path: `/api/history/${enc(q.entry)}/undo` };
    } else if (q.kind === 'undo') {
      // Undoes every entry the change recorded (a replayed clear records one per item),
      // newest first.
      const entries = s.entries[q.of] || [];
      if (entries.length) {
        const undos = [...entries].reverse().map((entry, n) => ({ id: `${q.id}.${n}`,
          at: q.at, kind: 'undo', list: q.list, name: q.name, entry, single: n === 0
            && entries.length === 1, ...(q.back ? { back: q.back } : {}) }));
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
      req = alone({ method: 'DELETE', path: `${base}/items/${enc(idOf(q))}${query}` });
    } else if (idOf(q) && isCheck(q)) {
      const body = { checked: q.kind === 'check' };
      if (since) body.ifUpdatedAt = since;
      req = alone({ method: 'PATCH', path: `${base}/items/${enc(idOf(q))}`, body });
    } else if (idOf(q) && q.kind === 'edit') {
      const body = { ...q.fields };
      if (since) body.ifUpdatedAt = since;
      req = alone({ method: 'PATCH', path: `${base}/items/${enc(idOf(q))}`, body });
    } else if (q.kind === 'clear') {
      // Clear removes what *this* person saw checked. Tapped online, with the server
      // agreeing on that set as it was seen, one POST /clear does it. Otherwise (a replay,
      // or the server knows better) those items are removed one by one, each only if it
      // is still as it was seen.
      if (q.live && agreesWith(doc, q.targets)) {
        req = alone({ method: 'POST', path: `${base}/clear` });
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

/** A notice of a change not applied; `retry`, when given, is the intent "Use mine" sends
 *  again, to the item as it is now. */
function notify(s, id, text, retry) {
  const notice = retry ? { id, text, retry } : { id, text };
  return { ...s, notices: [...s.notices, notice].slice(-MAX_NOTICES) };
}

/** Says which queued change was not applied, and why, when it was refused (412, 404): who
 *  changed the item, when, and what it is now. */
function notAppliedText(q, status, item, changedBy) {
  const name = (item && item.name) || q.name;
  if (status === 404) {
    if (isCheck(q)) return notApplied(name, 'removed', `not ${q.kind}ed`);
    if (q.kind === 'edit') return notApplied(name, 'removed', 'not changed');
    if (q.kind === 'add' && q.seen) return notApplied(name, 'removed', 'not added');
    return null; // a remove of an item already gone did what it asked
  }
  if (!item) return null;
  // Someone else did the same: nothing of this person's is lost.
  if (isCheck(q) && item.checked === (q.kind === 'check')) return null;
  if (['add', 'check', 'uncheck', 'remove', 'edit'].includes(q.kind)) {
    // A phrase's item, seen when it was typed, was changed since, not added.
    const seen = q.seen || (q.near || []).find((n) => n.id === item.id) || null;
    return conflictText({ ...q, seen }, item, changedBy);
  }
  return null;
}

/** Whether a refused add of a phrase ("3 apples") named an item the page showed when it was
 *  typed, unchanged since: nobody's change stands in its way, so it is applied as `add`
 *  applies it. */
const unchangedSinceTyped = (q, item) => q.kind === 'add' && q.seen === null && item
  && (q.near || []).some((n) => n.id === item.id && n.updatedAt === item.updatedAt);

function sendFailed(s, fx, a, q) {
  const id = `m-${a.id}`;
  if (a.status === 0) {
    // Sent again later, as a replay of what was seen then.
    const queue = s.queue.map((r) => (r.id === q.id && (r.kind === 'clear' || r.kind === 'add')
      ? { ...r, live: false } : r));
    return wait({ ...s, queue, online: false }, fx);
  }
  if (a.status === 401) return { ...s, authorised: false };
  if (a.status >= 500) { // 503: the database stayed busy, or was replaced; the intent waits
    const text = a.reason === 'databaseReplaced' ? replacedText(true)
      : 'The server is busy. Your change will be sent again.';
    return wait(withMessage(s, fx, id, text), fx);
  }
  if (a.status === 412 && unchangedSinceTyped(q, a.item)) {
    // Sent again at once, now naming the item as it is (and was when it was typed).
    const again = { ...q, seen: seenOf(a.item), near: [] };
    return { ...s, queue: s.queue.map((r) => (r.id === q.id ? again : r)) };
  }
  s = refreshIfStale(drop(s, q.id), fx, q.list);
  if (q.kind === 'add') s = dropDependents(s, q);
  // "Removed X. Undo" no longer holds for a remove that was not applied.
  if (s.message && s.message.id === `m-${q.id}`) s = { ...s, message: null };
  if (a.status === 412 || a.status === 404) {
    fx.push({ type: 'fetchList', list: q.list }, { type: 'fetchLists' });
    s = adoptItem(s, q.list, a.status === 412 ? a.item : null, a.itemId);
    const text = notAppliedText(q, a.status, a.item, a.changedBy);
    const retry = a.status === 412 && a.item ? q : null;
    if (text) return notify(s, id, text, retry);
    if (a.status === 412 || q.kind === 'remove' || q.kind === 'createList') return s;
  }
  if (a.status === 409 && q.kind === 'createList') {
    fx.push({ type: 'fetchList', list: q.list }, { type: 'fetchLists' });
    return s; // there already
  }
  s = renameRefused(s, fx, q);
  if (['renameList', 'moveList', 'deleteList', 'setAisles'].includes(q.kind)) {
    fx.push({ type: q.kind === 'setAisles' ? 'fetchShops' : 'fetchLists' });
    const what = { renameList: 'rename', moveList: 'move', deleteList: 'delete',
      setAisles: 'reorder the aisles of' }[q.kind];
    return withMessage(s, fx, id, `Could not ${what} ${quoted(q.shop || q.list)}: ${a.error}`,
      { error: true });
  }
  const verb = { add: 'add', check: 'check', uncheck: 'uncheck', remove: 'remove',
    clear: 'clear the checked items', createList: 'create the list', edit: 'change',
    undo: 'undo', redo: 'redo' }[q.kind];
  // An undo's refusal is the server's own sentence, in people's words: "Not undone: Ben
  // changed the same items since, and undoing it would overwrite that."
  const history = q.kind === 'undo' || q.kind === 'redo';
  const text = history && /^(Not (un|re)done|That change)/.test(a.error) ? a.error
    : `Could not ${verb}${q.name && !history ? ` ${quoted(q.name)}` : ''}: ${a.error}`;
  s = withMessage(s, fx, id, text, { error: true });
  if (q.kind === 'createList' && norm(q.list) === norm(s.list)) s = switchTo(s, fx, 'shopping');
  return s;
}

/** The history entry a request of intent `id` recorded: this page's, to undo. */

export {
  ifUpdatedAt, agreesWith, nextRequest, rebase, dropDependents, adoptItem, notify, notAppliedText,
  sendFailed,
};
