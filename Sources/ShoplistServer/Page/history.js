// Undo and others' changes. The write's answer names the history entry that recorded it;
// Undo asks the server to undo exactly that entry. Others' changes are read from
// /api/activity when the list changes, and their items highlighted with who made them.

import {
  bareCommand, HIGHLIGHT_MS, norm, quoted, whoDid,
} from './words.js';
import {
  adopt, switchTo, withMessage,
} from './state.js';

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
  // The lists and shops as the undo left them (a list back, a name back, an order back).
  fx.push({ type: 'fetchLists' }, { type: 'fetchShops' });
  if (q.back && norm(s.list) === norm(q.list)) s = switchTo(s, fx, q.back);
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

export {
  recorded, undid, readActivity, sawActivity,
};
