// The add box: a phrase typed ("2 l milk") sent for the server to read, and the items
// bought before suggested as the user types, picked with a tap or the arrow keys.

import {
  MAX_SUGGESTIONS, norm, quoted, seenOf, tidy,
} from './words.js';
import {
  enqueue, offerUndo, onServer,
} from './state.js';

/** The add box's own actions; null for any other action. */
function reduceAdding(s, a, fx) {
  switch (a.type) {
    case 'addSubmitted': {
      if (s.suggestions.active >= 0) return reduceAdding(s, { ...a, type: 'suggestionPicked',
        index: s.suggestions.active }, fx);
      const text = tidy(a.text);
      if (!text) break;
      // The server reads the phrase ("2 l milk": milk, 2 l); until it has, the row shows
      // what was typed.
      const seen = seenOf(onServer(s, s.list, { name: text }));
      const live = s.online && !s.waiting && s.authorised;
      // The item a phrase ("3 apples") may name, as the page shows it now: an add replayed
      // later is applied to it when nobody changed it since.
      const doc = s.docs[norm(s.list)];
      const near = seen || !doc ? [] : doc.items.filter((i) => norm(text).includes(norm(i.name)))
        .map((i) => ({ id: i.id, ...seenOf(i) }));
      s = enqueue(s, a, { kind: 'add', list: s.list, name: text, text, fields: {}, seen, live,
        near });
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
    default: return null;
  }
  return s;
}

export {
  reduceAdding,
};
