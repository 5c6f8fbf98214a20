// The shops a household buys in, each with its own aisle order: the "by aisle" view groups
// a list as the shop picked for it has its aisles (the list's usual shop unless another is
// picked on this phone), and the page reorders that shop's aisles as an intent like any
// other change: queued, sent in order, undone from the message.

import {
  norm, quoted,
} from './words.js';
import {
  enqueue, view, withMessage,
} from './state.js';

/** The shop called `name` among the page's shops. */
const shopNamed = (s, name) => (name ? s.shops.find((sh) => norm(sh.name) === norm(name)) : null);

/** The list's usual shop as the server has it, else the default shop. */
function usualShop(s, list = s.list) {
  const entry = s.lists.find((l) => norm(l.name) === norm(list));
  return shopNamed(s, entry && entry.shop) || s.shops.find((sh) => sh.default) || null;
}

/** The shop whose aisles the "by aisle" view follows: picked on this phone, else usual. */
function shopOf(s, list = s.list) {
  return shopNamed(s, s.shopFor[norm(list)]) || usualShop(s, list) || s.shops[0] || null;
}

/** The shops the picker offers: the list's usual shop first, then the others in order. */
function shopsOffered(s) {
  const usual = usualShop(s);
  return usual ? [usual, ...s.shops.filter((sh) => sh !== usual)] : s.shops;
}

/** The categories in the shop's order: its aisles. */
const aisleOrder = (s) => (shopOf(s) || { aisles: [] }).aisles;

/**
 * What the aisle editor reorders: the shop's aisles, then the categories of the list not
 * in them yet (by name), so that a new category can be put in its place.
 */
function editableAisles(s) {
  const order = aisleOrder(s);
  const categories = view(s).items.map((i) => i.category);
  const known = new Set(order.map(norm));
  const extra = [...new Map(categories.filter((c) => c && !known.has(norm(c)))
    .map((c) => [norm(c), c])).values()]
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  return [...order, ...extra];
}

/** Moves `category` one place (`by`: -1 up, 1 down) in the shop's order, as an intent. */
function moveAisle(s, fx, a) {
  const aisles = editableAisles(s);
  const n = aisles.findIndex((c) => norm(c) === norm(a.category));
  const to = n + a.by;
  if (n < 0 || to < 0 || to >= aisles.length) return s;
  const order = [...aisles];
  [order[n], order[to]] = [order[to], order[n]];
  // The household's first order makes its default shop, as `aisles` does.
  const shop = shopOf(s) || { name: 'default', aisles: [], default: true };
  const known = s.shops.some((sh) => sh === shop);
  const changed = { ...shop, aisles: order };
  const shops = known ? s.shops.map((sh) => (sh === shop ? changed : sh)) : [...s.shops, changed];
  s = enqueue({ ...s, shops }, a, { kind: 'setAisles', list: s.list, shop: shop.name,
    aisles: order });
  return withMessage(s, fx, `m-${a.id}`, `Moved ${quoted(aisles[n])} ${a.by < 0 ? 'up' : 'down'}`
    + ` in ${quoted(shop.name)}.`, { undo: { of: a.id, list: s.list } });
}

/** The shops' own actions; null for any other action. */
function reduceShops(s, a, fx) {
  switch (a.type) {
    case 'shopsFetched': return { ...s, shops: a.shops };
    case 'shopPicked':
      if (!shopNamed(s, a.shop)) return s;
      return { ...s, shopFor: { ...s.shopFor, [norm(s.list)]: a.shop } };
    case 'aislesEditToggled': return { ...s, editingAisles: !s.editingAisles };
    case 'aisleMoved': return moveAisle(s, fx, a);
    default: return null;
  }
}

export {
  shopNamed, usualShop, shopOf, shopsOffered, aisleOrder, editableAisles, reduceShops,
};
