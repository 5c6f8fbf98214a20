// The shoplist page's model: one state object; what the user asks for and what the network
// answers are actions; `update` is pure and returns the next state and the effects to run
// (requests, timers), which app.js runs and render.js draws. Every change is an intent in a
// queue kept in localStorage (queue.js), sent at once when online and replayed in order
// when the connection returns.

import {
  CONFIRM_MS, norm, quoted, replacedText, seenOf,
} from './words.js';
import {
  adopt, connected, drop, enqueue, itemRef, offerUndo, onServer, refreshIfStale, switchTo, view,
  wait, withAnswer, withMessage,
} from './state.js';
import {
  nextRequest, rebase, sendFailed,
} from './queue.js';
import {
  readActivity, recorded, sawActivity, undid,
} from './history.js';
import {
  listIntentDone, reduceLists,
} from './lists.js';
import {
  reduceAdding,
} from './adding.js';
import {
  reduceEditing,
} from './editing.js';
import {
  reduceShops,
} from './shops.js';
import {
  reduceJournal, refreshJournal,
} from './journal.js';

// MARK: - Update

/**
 * A `change` event for `list`, whoever made the change; `entry` is the newest history entry
 * then. Nothing is read when the page holds the list as that entry left it (its own change).
 * While one of the page's own writes to the list is out, the event may be that write's,
 * told before its answer came: it is looked at again once the answer is in.
 */
function heard(s, fx, list, entry) {
  const key = norm(list);
  if (entry && s.versions[key] >= entry) return s;
  if (entry && s.queue.some((q) => q.id === s.inFlight && norm(q.list) === key)) {
    return { ...s, heard: { ...s.heard, [key]: { list, entry: Math.max(entry,
      (s.heard[key] || {}).entry || 0) } } };
  }
  if (key === norm(s.list)) {
    fx.push({ type: 'fetchList', list: s.list });
    s = readActivity(s, fx, s.list);
  }
  fx.push({ type: 'fetchLists' });
  return refreshJournal(s, fx);
}

/** The events heard for `list` while the page's write to it was out, looked at now. */
function heardMeanwhile(s, fx, list) {
  const event = s.heard[norm(list)];
  if (!event) return s;
  const rest = { ...s.heard };
  delete rest[norm(list)];
  return heard({ ...s, heard: rest }, fx, event.list, event.entry);
}

/** (state, action) -> [state, effects]. Actions carry `id` and `at` from dispatch. */
function update(s, a) {
  const fx = [];
  switch (a.type) {
    case 'checkChanged': {
      const item = view(s).items.find((i) => i.id === a.itemId);
      const kind = a.checked ? 'check' : 'uncheck';
      if (item) {
        s = enqueue(s, a, { kind, list: s.list, ...itemRef(s, item) });
        s = offerUndo(s, fx, a, `${a.checked ? 'Checked' : 'Unchecked'} ${quoted(item.name)}.`);
      }
      break;
    }
    case 'viewChosen':
      if (a.mode === 'list' || a.mode === 'aisles') s = { ...s, mode: a.mode };
      if (a.mode === 'aisles') fx.push({ type: 'fetchShops' });
      break;
    case 'panelOpened': // the lists or the history, over the list
      s = { ...s, panel: a.panel, renaming: null };
      if (a.panel === 'history') s = refreshJournal(s, fx);
      else fx.push({ type: 'fetchLists' });
      break;
    case 'panelClosed': s = { ...s, panel: null, renaming: null }; break;
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
    case 'listChanged': s = heard(s, fx, a.list, a.entry); break; // a `change` event
    case 'householdChanged': // a `household` event
      fx.push({ type: 'fetchLists' }, { type: 'fetchShops' });
      s = refreshJournal(s, fx);
      break;
    case 'listFetched': {
      // A read that crossed one of our writes may predate it: the write's answer is
      // the fresher copy, and the list is read again once that write is done.
      const key = norm(a.list);
      const busy = s.queue.some((q) => q.id === s.inFlight && norm(q.list) === key);
      s = connected(s);
      if (busy) s = { ...s, stale: { ...s.stale, [key]: true } };
      else if ((s.sentSeq[key] || 0) < a.seq) s = adopt(s, a.doc, a.seq, a.at, a.version);
      break;
    }
    case 'listUnchanged': s = connected(s); break; // 304: the page's copy is the server's
    case 'messageDismissed': s = { ...s, message: null }; break;
    case 'noticesDismissed': s = { ...s, notices: [] }; break;
    case 'useMineTapped': {
      // The change again, to the item as it is now: what the person chose over the other's.
      const notice = s.notices.find((n) => n.id === a.noticeId);
      if (!notice || !notice.retry) break;
      const q = notice.retry;
      const item = onServer(s, q.list, q.itemId ? { itemId: q.itemId } : { name: q.name });
      s = { ...s, notices: s.notices.filter((n) => n.id !== a.noticeId) };
      if (!item) break;
      const { id: _id, at: _at, ...intent } = q;
      s = enqueue(s, a, { ...intent, seen: seenOf(item), near: [], live: s.online });
      break;
    }
    case 'messageExpired':
      if (s.message && s.message.id === a.messageId) s = { ...s, message: null };
      break;
    case 'queueChangedElsewhere': s = { ...s, queue: a.queue }; break; // another tab
    case 'readFailed': {
      // A list made or renamed here, not sent yet, is not there yet.
      const creating = s.queue.some((q) => (q.kind === 'createList' && norm(q.list) === norm(a.list))
        || (q.kind === 'renameList' && norm(q.name) === norm(a.list)));
      if (a.status === 0) s = wait({ ...s, online: false }, fx);
      else if (a.status === 401) s = { ...s, authorised: false };
      else if (a.reason === 'databaseReplaced') {
        s = wait(withMessage(s, fx, 'm-replaced', replacedText(false), { error: true }), fx);
      } else if (a.status === 404 && a.list && norm(a.list) === norm(s.list) && !creating) {
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
      if (q) s = heardMeanwhile(s, fx, q.list);
      break;
    }
    case 'sendSucceeded': {
      const q = s.queue.find((i) => i.id === a.intentId);
      s = connected(drop(s, a.intentId));
      if (a.entry) s = recorded(s, String(a.intentId).replace(/\.\d+$/, ''), a.entry);
      let doc = a.doc;
      // A whole document answering a write stands at that write's entry.
      let version = a.entry || undefined;
      if (a.alone) {
        // What changed alone: put into the page's copy, which stands at the write's entry
        // only if it stood at the one just before.
        const key = norm(a.list);
        doc = withAnswer(s.docs[key], a.doc);
        const known = s.versions[key];
        version = !a.entry ? known : (known === a.entry - 1 ? a.entry : undefined);
        if (!doc) fx.push({ type: 'fetchList', list: a.list });
      }
      if (q) s = rebase(refreshIfStale(s, fx, q.list), q, doc, a.itemId);
      if (doc && typeof doc.list === 'string' && Array.isArray(doc.items)) {
        s = adopt(s, doc, a.seq, a.at, version);
      }
      if (q && (q.kind === 'undo' || q.kind === 'redo') && a.doc) s = undid(s, fx, q, a);
      if (q) s = listIntentDone(s, fx, q);
      if (q && q.kind === 'setAisles') fx.push({ type: 'fetchShops' });
      s = refreshJournal(s, fx);
      if (q && s.activityStale[norm(q.list)]) s = readActivity(s, fx, q.list);
      if (q) s = heardMeanwhile(s, fx, q.list);
      break;
    }
    case 'started':
      fx.push({ type: 'fetchList', list: s.list }, { type: 'fetchLists' },
        { type: 'connectEvents', delay: 0 }, { type: 'showListInUrl', list: s.list },
        { type: 'fetchActivity', list: s.list, after: null }, { type: 'fetchShops' });
      break;
    case 'undoTapped': {
      const u = s.message && s.message.undo;
      if (!u) break;
      // Not sent yet: it is simply taken out of the queue, as if never made.
      const mine = (q) => q.id === u.of || String(q.id).startsWith(`${u.of}.`);
      const waiting = s.queue.filter(mine);
      if (waiting.length && !waiting.some((q) => q.id === s.inFlight) && !s.entries[u.of]) {
        s = { ...s, queue: s.queue.filter((q) => !mine(q)), message: null };
        if (u.back && norm(s.list) === norm(u.list)) s = switchTo(s, fx, u.back);
        s = withMessage(s, fx, `m-${a.id}`, 'Undone (it had not been sent yet).');
      } else {
        const back = u.back ? { back: u.back } : {};
        s = { ...enqueue(s, a, { kind: 'undo', list: u.list, of: u.of, ...back }), message: null };
      }
      break;
    }
    case 'redoTapped':
      if (s.message && s.message.redo) {
        s = { ...enqueue(s, a, { kind: 'redo', list: s.list }), message: null };
      }
      break;
    default:
      s = reduceAdding(s, a, fx) ?? reduceEditing(s, a, fx) ?? reduceLists(s, a, fx)
        ?? reduceShops(s, a, fx) ?? reduceJournal(s, a, fx) ?? s;
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

export {
  update,
};
