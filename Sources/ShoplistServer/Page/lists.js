// The household's lists on the page: switching, creating, renaming, moving and deleting
// them. Each change is an intent in the queue like any other (sent in order, kept while
// offline, undone from the message), and the lists as shown are the server's with the
// waiting intents applied, so that an Undo before sending simply takes one out.

import {
  norm, quoted, tidy,
} from './words.js';
import {
  connected, enqueue, switchTo, withMessage,
} from './state.js';

const LIST_KINDS = ['createList', 'renameList', 'moveList', 'deleteList'];

/** The lists `lists` after the list intent `q` (server-side, or still waiting). */
function applyToLists(lists, q) {
  const n = lists.findIndex((l) => norm(l.name) === norm(q.list));
  if (q.kind === 'createList') {
    return n >= 0 ? lists : [...lists, { name: q.name, items: 0, checked: 0 }];
  }
  if (n < 0) return lists;
  if (q.kind === 'renameList') return lists.map((l, i) => (i === n ? { ...l, name: q.name } : l));
  if (q.kind === 'deleteList') return lists.filter((_, i) => i !== n);
  if (q.kind === 'moveList') {
    const rest = lists.filter((_, i) => i !== n);
    const at = Math.min(Math.max(q.position - 1, 0), rest.length);
    return [...rest.slice(0, at), lists[n], ...rest.slice(at)];
  }
  return lists;
}

/** The lists as the page shows them: the server's, with the waiting list intents applied. */
function listsShown(s) {
  return s.queue.filter((q) => LIST_KINDS.includes(q.kind)).reduce(applyToLists, s.lists);
}

/** The list to show when the one shown goes away: the default, else the first left. */
function fallbackList(s, gone) {
  const left = listsShown(s).filter((l) => norm(l.name) !== norm(gone));
  const preferred = left.find((l) => l.default) || left[0];
  return preferred ? preferred.name : 'shopping';
}

/** The page's copy of list `from` kept under the name `to` as well (a rename not sent yet). */
function aliasDoc(s, from, to) {
  const doc = s.docs[norm(from)];
  if (!doc) return s;
  return { ...s, docs: { ...s.docs, [norm(to)]: { ...doc, list: to } } };
}

/** Forgets what the page kept of list `name` (deleted, or renamed away). */
function forget(s, name) {
  const key = norm(name);
  const drop = (o) => {
    if (!(key in o)) return o;
    const rest = { ...o };
    delete rest[key];
    return rest;
  };
  return { ...s, docs: drop(s.docs), versions: drop(s.versions), seenAt: drop(s.seenAt) };
}

/** A list intent went through: the server's lists as it left them, read again after. */
function listIntentDone(s, fx, q) {
  if (!LIST_KINDS.includes(q.kind)) return s;
  s = { ...s, lists: applyToLists(s.lists, q) };
  if (q.kind === 'renameList' && norm(q.name) !== norm(q.list)) s = forget(s, q.list);
  if (q.kind === 'deleteList') s = forget(s, q.list);
  fx.push({ type: 'fetchLists' });
  return s;
}

/** A rename the server refused: the list is shown under its old name again (the lists are
 *  read again by the caller, as after any refused list intent). */
function renameRefused(s, fx, q) {
  if (q.kind !== 'renameList') return s;
  const back = (r) => (norm(r.list) === norm(q.name) ? { ...r, list: q.list } : r);
  s = { ...forget(s, q.name), queue: s.queue.map(back) };
  if (norm(s.list) === norm(q.name)) s = switchTo(s, fx, q.list);
  return s;
}

/** A message after a change to the lists, with Undo; `back`: the list's name before. */
function listMessage(s, fx, a, text, list, back) {
  return withMessage(s, fx, `m-${a.id}`, text, { undo: back ? { of: a.id, list, back }
    : { of: a.id, list } });
}

function renameList(s, fx, a) {
  const name = tidy(a.name);
  const old = listsShown(s).find((l) => norm(l.name) === norm(a.list));
  if (!old) return { ...s, renaming: null };
  const error = !name ? 'The list needs a name.'
    : listsShown(s).some((l) => l !== old && norm(l.name) === norm(name))
      ? `There is a list ${quoted(name)} already.` : null;
  if (error) return { ...s, renaming: { list: old.name, error } };
  if (name === old.name) return { ...s, renaming: null };
  s = { ...enqueue(s, a, { kind: 'renameList', list: old.name, name }), renaming: null };
  if (norm(s.list) === norm(old.name)) {
    s = switchTo(aliasDoc(s, old.name, name), fx, name, { fetch: false });
  }
  return listMessage(s, fx, a, `Renamed ${quoted(old.name)} to ${quoted(name)}.`, name, old.name);
}

function moveList(s, fx, a) {
  const shown = listsShown(s);
  const n = shown.findIndex((l) => norm(l.name) === norm(a.list));
  const to = n + a.by;
  if (n < 0 || to < 0 || to >= shown.length) return s;
  s = enqueue(s, a, { kind: 'moveList', list: shown[n].name, position: to + 1 });
  return listMessage(s, fx, a, `Moved ${quoted(shown[n].name)} ${a.by < 0 ? 'up' : 'down'}.`,
    shown[n].name);
}

function deleteList(s, fx, a) {
  const list = listsShown(s).find((l) => norm(l.name) === norm(a.list));
  if (!list) return s;
  const fallback = fallbackList(s, list.name);
  s = enqueue(s, a, { kind: 'deleteList', list: list.name });
  if (norm(s.list) === norm(list.name)) s = switchTo(s, fx, fallback);
  const items = list.items ? ` and its ${list.items} ${list.items === 1 ? 'item' : 'items'}` : '';
  return listMessage(s, fx, a, `Deleted ${quoted(list.name)}${items}.`, list.name);
}

/** The lists' own actions; null for any other action. */
function reduceLists(s, a, fx) {
  switch (a.type) {
    case 'listCreateSubmitted': {
      const name = tidy(a.name);
      if (!name) return s;
      fx.push({ type: 'resetNewListForm' });
      const existing = listsShown(s).find((l) => norm(l.name) === norm(name));
      if (existing) return { ...switchTo(s, fx, existing.name), listChosen: true };
      // Nothing to fetch until the intent has been sent.
      s = enqueue(s, a, { kind: 'createList', list: name, name });
      return { ...switchTo(s, fx, name, { fetch: false }), listChosen: true };
    }
    case 'listSelected':
      if (a.name && a.name !== s.list) s = { ...switchTo(s, fx, a.name), listChosen: true };
      return { ...s, panel: s.panel === 'lists' ? null : s.panel };
    case 'listsFetched': {
      s = { ...connected(s), lists: a.lists };
      const preferred = a.lists.find((l) => l.default);
      if (!s.listChosen && preferred && preferred.name !== s.list) {
        s = switchTo(s, fx, preferred.name);
      }
      return s;
    }
    case 'listRenameStarted': return { ...s, renaming: { list: a.list, error: null } };
    case 'listRenameCancelled': return { ...s, renaming: null };
    case 'listRenameSubmitted': return renameList(s, fx, a);
    case 'listMoveTapped': return moveList(s, fx, a);
    case 'listDeleteTapped': return deleteList(s, fx, a);
    default: return null;
  }
}

export {
  LIST_KINDS, applyToLists, listsShown, fallbackList, listIntentDone, renameRefused, reduceLists,
};
