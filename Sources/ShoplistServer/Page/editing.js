// The item editor: name, quantity, unit, category and note of one item, sent as one edit
// of the fields that changed.

import {
  norm, parseNumber, quoted, tidy,
} from './words.js';
import {
  enqueue, itemRef, offerUndo, view,
} from './state.js';

/** The editor's own actions; null for any other action. */
function reduceEditing(s, a, fx) {
  switch (a.type) {
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
      // A quantity and its unit are one amount ("1 l"): a change to either sends both, so
      // that the amount is what the editor showed, also when sent again ("Use mine").
      if ('quantity' in fields || 'unit' in fields) {
        fields.quantity = quantity;
        fields.unit = tidy(a.fields.unit);
      }
      s = { ...s, editing: null };
      fx.push({ type: 'closeEditor' });
      if (!Object.keys(fields).length) break;
      s = enqueue(s, a, { kind: 'edit', list: s.list, ...itemRef(s, item), fields });
      s = offerUndo(s, fx, a, `Changed ${quoted(fields.name || item.name)}.`);
      break;
    }
    default: return null;
  }
  return s;
}

export {
  reduceEditing,
};
