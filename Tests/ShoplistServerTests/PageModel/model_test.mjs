// The page's model (Page/model.js) on its own: `update` is pure, so each test sends actions
// and reads the state and the effects it asks for. Run by PageModelTests with `node --test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// What the model reads of the browser: storage (empty) and the address (no list named).
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.location = { hash: '' };
// The page's modules (SHOPLIST_MODEL names model.js among them), copied as .mjs files so that
// Node, whatever its version, reads them as the modules a browser does.
const page = dirname(process.env.SHOPLIST_MODEL);
const copies = mkdtempSync(join(tmpdir(), 'shoplist-page-'));
for (const file of readdirSync(page).filter((f) => f.endsWith('.js') && f !== 'sw.js')) {
  const source = readFileSync(join(page, file), 'utf8')
    .replace(/from '\.\/([a-z]+)\.js'/g, "from './$1.mjs'");
  writeFileSync(join(copies, file.replace(/\.js$/, '.mjs')), source);
}
const { update } = await import(join(copies, 'model.mjs'));
const { initialState, view, aisleGroups } = await import(join(copies, 'state.mjs'));
const { listsShown } = await import(join(copies, 'lists.mjs'));
const { aisleOrder, shopsOffered } = await import(join(copies, 'shops.mjs'));
const { whoMade, whatDid, described } = await import(join(copies, 'journal.mjs'));

let count = 0;
/** Sends `actions` in turn; the state after, and every effect asked for. */
function send(s, ...actions) {
  const effects = [];
  for (const action of actions) {
    count += 1;
    const [next, fx] = update(s, { id: `a${count}`, at: '2026-11-27T10:00:00Z', ...action });
    s = next;
    effects.push(...fx);
  }
  return [s, effects];
}
const requests = (fx) => fx.filter((e) => e.type === 'send').map((e) => e.req);
const item = (id, name, more = {}) => ({ id, name, checked: false, quantity: 1, unit: null,
  category: null, note: null, updatedAt: '2026-11-27T09:00:00Z', ...more });
/** A page that has read the list: Milk and Bread (checked). */
function opened(items = [item('M', 'Milk'), item('B', 'Bread', { checked: true })]) {
  return send(initialState(), { type: 'listFetched', list: 'shopping', seq: 1,
    doc: { list: 'shopping', items } })[0];
}
/** The intent in flight answered, recording history entry `entry`. */
const answered = (s, entry, doc) => ({ type: 'sendSucceeded', intentId: s.inFlight, seq: 99,
  entry, doc: doc || { list: 'shopping', items: s.docs.shopping.items } });

test('a phrase typed online is sent as add sends it; replayed, only if still absent', () => {
  let [s, fx] = send(opened(), { type: 'addSubmitted', text: '2 l oat milk' });
  assert.deepEqual(requests(fx)[0].body, { text: '2 l oat milk' });
  assert.equal(view(s).items.at(-1).name, '2 l oat milk'); // as typed until the server reads it
  [s, fx] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 0 });
  [s, fx] = send(s, { type: 'retryDue' });
  assert.deepEqual(requests(fx)[0].body, { text: '2 l oat milk', ifUpdatedAt: null });
});

test('Undo of a change not sent yet takes it out of the queue and sends nothing', () => {
  let [s] = send(opened(), { type: 'connectionLost' });
  let fx;
  [s] = send(s, { type: 'checkChanged', itemId: 'M', checked: true });
  assert.equal(s.queue.length, 1);
  assert.ok(s.message.undo);
  [s, fx] = send(s, { type: 'undoTapped' });
  assert.equal(s.queue.length, 0);
  assert.equal(requests(fx).length, 0);
  assert.equal(view(s).items[0].checked, false);
  assert.match(s.message.text, /Undone/);
});

test('Undo after a change was recorded undoes exactly that history entry', () => {
  let [s, fx] = send(opened(), { type: 'checkChanged', itemId: 'M', checked: true });
  assert.equal(requests(fx)[0].method, 'PATCH');
  [s] = send(s, answered(s, 41));
  [s, fx] = send(s, { type: 'undoTapped' });
  assert.deepEqual(requests(fx).map((r) => [r.method, r.path]),
    [['POST', '/api/history/41/undo']]);
  [s] = send(s, answered(s, undefined, { undone: { id: 41, command: 'web: check Milk' },
    entry: 42, lists: [{ list: 'shopping', items: [item('M', 'Milk')] }] }));
  assert.equal(s.message.text, 'Undone: check Milk.');
  assert.ok(s.message.redo, 'Redo offered');
  assert.deepEqual(s.mine, [41, 42]);
  [s, fx] = send(s, { type: 'redoTapped' });
  assert.deepEqual(requests(fx).map((r) => r.path), ['/api/redo']);
});

test('Undo of a change that recorded nothing says so', () => {
  let [s, fx] = send(opened(), { type: 'checkChanged', itemId: 'B', checked: true });
  [s] = send(s, answered(s, null)); // checked already: nothing changed, no entry
  [s, fx] = send(s, { type: 'undoTapped' });
  assert.equal(requests(fx).length, 0);
  assert.equal(s.message.text, 'Nothing to undo: that change changed nothing.');
});

test('a clear replayed item by item is undone entry by entry, newest first', () => {
  let [s, fx] = send(opened([item('M', 'Milk', { checked: true }),
    item('B', 'Bread', { checked: true })]), { type: 'connectionLost' },
  { type: 'clearTapped' }, { type: 'clearTapped' });
  [s, fx] = send(s, { type: 'retryDue' });
  assert.equal(requests(fx)[0].method, 'DELETE'); // a replay: one remove per item seen
  [s, fx] = send(s, answered(s, 7));
  [s, fx] = send(s, answered(s, 8));
  [s, fx] = send(s, { type: 'undoTapped' });
  assert.deepEqual(requests(fx).map((r) => r.path), ['/api/history/8/undo']);
  [s, fx] = send(s, answered(s, undefined, { undone: { id: 8, command: 'web: remove Bread' },
    entry: 9, lists: [] }));
  assert.deepEqual(requests(fx).map((r) => r.path), ['/api/history/7/undo']);
});

test('an undo refused is said in the server\'s people\'s words, with no number', () => {
  let [s] = send(opened(), { type: 'checkChanged', itemId: 'M', checked: true });
  [s] = send(s, answered(s, 41), { type: 'undoTapped' });
  [s] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 409,
    error: 'Not undone: Ben changed the same items since, and undoing it would overwrite '
      + 'that.' });
  assert.equal(s.message.text, 'Not undone: Ben changed the same items since, and undoing it '
    + 'would overwrite that.');
  assert.ok(!/#|--/.test(s.message.text));
  assert.ok(s.message.error);
});

test('others\' changes are highlighted with who made them; the page\'s own are not', () => {
  let [s, fx] = send(opened(), { type: 'activityFetched', list: 'shopping', after: null,
    newest: 40, activity: [] });
  [s] = send(s, { type: 'checkChanged', itemId: 'M', checked: true });
  [s] = send(s, answered(s, 41));
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping' });
  assert.ok(fx.some((e) => e.type === 'fetchActivity' && e.after === 40));
  [s, fx] = send(s, { type: 'activityFetched', list: 'shopping', after: 40, newest: 44,
    activity: [
      { entry: 41, command: 'web: check Milk', by: null, item: 'M', name: 'Milk',
        change: 'checked' },
      { entry: 42, command: 'web (Ana): add Eggs', by: 'Ana', item: 'E', name: 'Eggs',
        change: 'added' },
      { entry: 43, command: 'edit --note x Bread', by: null, item: 'B', name: 'Bread',
        change: 'changed' },
      { entry: 44, command: 'web: remove Tea', by: null, item: 'T', name: 'Tea',
        change: 'removed' },
    ] });
  assert.deepEqual(Object.keys(s.highlights).sort(), ['B', 'E']);
  assert.equal(s.highlights.E.text, 'added by Ana');
  assert.equal(s.highlights.B.text, 'changed from the command line');
  assert.equal(s.activity.text, '“Eggs” added by Ana; “Bread” changed from the command line '
    + 'and 1 more.');
  assert.equal(s.activityAfter.shopping, 44);
  const expiry = fx.find((e) => e.type === 'later' && e.action.itemId === 'E');
  [s] = send(s, expiry.action);
  assert.equal(s.highlights.E, undefined);
});

test('the editor sends only what changed; an empty field clears it; a bad quantity is said', () => {
  let [s, fx] = send(opened([item('C', 'Cheese', { category: 'dairy', note: 'mild' })]),
    { type: 'editOpened', itemId: 'C' });
  [s, fx] = send(s, { type: 'editSaved', fields: { name: 'Cheese', quantity: 'lots', unit: '',
    category: 'dairy', note: 'mild' } });
  assert.equal(s.editing.error, 'Quantity: a number above 0, such as 2 or 0,5.');
  assert.equal(requests(fx).length, 0);
  [s, fx] = send(s, { type: 'editSaved', fields: { name: 'Cheddar', quantity: '0,5',
    unit: 'kg', category: 'dairy', note: '' } });
  assert.equal(s.editing, null);
  assert.deepEqual(requests(fx)[0].body, { name: 'Cheddar', quantity: 0.5, unit: 'kg', note: '',
    ifUpdatedAt: '2026-11-27T09:00:00Z' });
  assert.equal(view(s).items[0].note, null, 'shown cleared at once');
});

test('aisles: the shop order first, then other categories by name, then none', () => {
  const groups = aisleGroups([item('1', 'Soap', { category: 'household' }),
    item('2', 'Milk', { category: 'Dairy' }), item('3', 'Tape'),
    item('4', 'Apples', { category: 'fruit' }), item('5', 'Cheese', { category: 'dairy' }),
    item('6', 'Bread', { category: 'bakery' })], ['bakery', 'dairy']);
  assert.deepEqual(groups.map((g) => g.title), ['bakery', 'Dairy', 'fruit', 'household',
    'No category']);
  assert.deepEqual(groups[1].items.map((i) => i.name), ['Milk', 'Cheese']);
});

test('a replayed change refused (412) is dropped and said in words', () => {
  let [s, fx] = send(opened(), { type: 'connectionLost' },
    { type: 'removeTapped', itemId: 'B' });
  [s, fx] = send(s, { type: 'retryDue' });
  assert.equal(requests(fx)[0].method, 'DELETE');
  [s, fx] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 412, itemId: 'B',
    item: item('B', 'Bread', { checked: false, updatedAt: '2026-11-27T09:30:00Z' }),
    changedBy: { by: 'Ana', command: 'web (Ana): uncheck Bread', at: '2026-11-27T09:30:00Z' } });
  assert.equal(s.queue.length, 0);
  // Who, when, what it is now, and what of this page's was not applied.
  assert.match(s.notices[0].text,
    /^“Bread” was unchecked by Ana at \S.* — now to buy; your removal was not applied\.$/);
  assert.ok(fx.some((e) => e.type === 'fetchList'));
});

test('a refused edit names the value it has now and the one not applied', () => {
  let [s, fx] = send(opened(), { type: 'connectionLost' }, { type: 'editOpened', itemId: 'M' },
    { type: 'editSaved', fields: { name: 'Milk', quantity: '1', unit: 'l', category: '',
      note: '' } });
  [s, fx] = send(s, { type: 'retryDue' });
  assert.equal(requests(fx)[0].method, 'PATCH');
  [s] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 412, itemId: 'M',
    item: item('M', 'Milk', { quantity: 2, unit: 'l', updatedAt: '2026-11-27T09:42:00Z' }),
    changedBy: { by: 'Ben', command: 'web (Ben): edit Milk', at: '2026-11-27T09:42:00Z' } });
  assert.match(s.notices[0].text,
    /^“Milk” was changed by Ben at \S.* — now 2\sl, to buy; your 1\sl was not applied\.$/);
  assert.ok(!/#|--/.test(s.notices[0].text));
});

test('"Use mine" sends the refused change again, to the item as it is now', () => {
  let [s, fx] = send(opened(), { type: 'connectionLost' }, { type: 'removeTapped', itemId: 'B' });
  [s, fx] = send(s, { type: 'retryDue' });
  const now = item('B', 'Bread', { checked: false, updatedAt: '2026-11-27T09:30:00Z' });
  [s] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 412, itemId: 'B', item: now },
    { type: 'listFetched', list: 'shopping', seq: 2, doc: { list: 'shopping',
      items: [item('M', 'Milk'), now] } });
  assert.ok(s.notices[0].retry);
  [s, fx] = send(s, { type: 'useMineTapped', noticeId: s.notices[0].id });
  assert.equal(s.notices.length, 0);
  // Sent at once when the page is online again, else at the next retry.
  let [request] = requests(fx);
  if (!request) [request] = requests(send(s, { type: 'retryDue' })[1]);
  assert.equal(request.method, 'DELETE');
  assert.ok(request.path.includes(`ifUpdatedAt=${encodeURIComponent('2026-11-27T09:30:00Z')}`),
    request.path);
});

test('an offline phrase naming an item nobody changed is applied as add applies it', () => {
  let [s, fx] = send(opened(), { type: 'connectionLost' },
    { type: 'addSubmitted', text: '3 milk' });
  [s, fx] = send(s, { type: 'retryDue' });
  assert.deepEqual(requests(fx)[0].body, { text: '3 milk', ifUpdatedAt: null });
  // The server reads "3 milk" as Milk, there since before: refused as "not absent".
  [s, fx] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 412,
    item: item('M', 'Milk') });
  assert.equal(s.notices.length, 0);
  assert.deepEqual(requests(fx)[0].body,
    { text: '3 milk', ifUpdatedAt: '2026-11-27T09:00:00Z' });
  // Changed by someone since it was typed: left as it is, and said.
  [s, fx] = send(opened(), { type: 'connectionLost' }, { type: 'addSubmitted', text: '3 milk' });
  [s, fx] = send(s, { type: 'retryDue' });
  [s] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 412,
    item: item('M', 'Milk', { quantity: 2, updatedAt: '2026-11-27T09:50:00Z' }) });
  assert.match(s.notices[0].text,
    /^“Milk” was changed at \S.* — now 2, to buy; your “3 milk” was not applied\.$/);
});

test('a page opened offline starts reading others\' changes at the first change event', () => {
  let [s, fx] = send(initialState(), { type: 'started' });
  assert.ok(fx.some((e) => e.type === 'fetchActivity' && e.after === null));
  [s] = send(s, { type: 'readFailed', list: 'shopping', status: 0 }); // no answer: offline
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping' });
  assert.ok(fx.some((e) => e.type === 'fetchActivity' && e.after === null),
    'the starting point is read now');
  [s] = send(s, { type: 'activityFetched', list: 'shopping', after: null, newest: 12,
    activity: [] });
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping' });
  assert.ok(fx.some((e) => e.type === 'fetchActivity' && e.after === 12));
});

/** A page that has read the list as it stands at history entry `version`. */
const openedAt = (version, items = [item('M', 'Milk', { position: 1 }),
  item('B', 'Bread', { checked: true, position: 2 })]) => send(initialState(), {
  type: 'listFetched', list: 'shopping', seq: 1, version, doc: { list: 'shopping', items } })[0];
/** The intent in flight answered with what it changed alone (`?return=item`). */
const answeredAlone = (s, entry, answer) => ({ type: 'sendSucceeded', intentId: s.inFlight,
  seq: 99, entry, doc: answer, alone: true, list: 'shopping' });

test('a tap asks for the changed item alone, and its own change event reads nothing', () => {
  let [s, fx] = send(openedAt(40), { type: 'checkChanged', itemId: 'M', checked: true });
  assert.deepEqual(requests(fx).map((r) => [r.method, r.path]),
    [['PATCH', '/api/lists/shopping/items/M?return=item']]);
  [s] = send(s, answeredAlone(s, 41, item('M', 'Milk', { checked: true, position: 1,
    updatedAt: '2026-11-27T10:00:00Z' })));
  assert.deepEqual(s.docs.shopping.items.map((i) => [i.id, i.checked]),
    [['M', true], ['B', true]]);
  assert.equal(s.versions.shopping, 41);
  assert.deepEqual(s.mine, [41]);
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping', entry: 41 });
  assert.deepEqual(fx, [], 'nothing read for the page\'s own change');
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping', entry: 42 });
  assert.ok(fx.some((e) => e.type === 'fetchList'), 'someone else\'s change is read');
});

test('a change answered after someone else\'s leaves the copy to be read again', () => {
  let [s] = send(openedAt(40), { type: 'checkChanged', itemId: 'M', checked: true });
  [s] = send(s, answeredAlone(s, 42, item('M', 'Milk', { checked: true, position: 1 })));
  assert.equal(s.versions.shopping, undefined, 'entry 41 is not in the page\'s copy');
  const [, fx] = send(s, { type: 'listChanged', list: 'shopping', entry: 42 });
  assert.ok(fx.some((e) => e.type === 'fetchList'));
});

test('answers of adds, removes and clears change the page\'s copy in place', () => {
  let [s, fx] = send(openedAt(40), { type: 'addSubmitted', text: 'Eggs' });
  assert.match(requests(fx)[0].path, /\/items\?return=item$/);
  [s] = send(s, answeredAlone(s, 41, item('E', 'Eggs', { position: 3 })));
  assert.deepEqual(s.docs.shopping.items.map((i) => [i.id, i.position]),
    [['M', 1], ['B', 2], ['E', 3]]);
  assert.equal(s.versions.shopping, 41);
  [s, fx] = send(s, { type: 'removeTapped', itemId: 'M' });
  assert.match(requests(fx)[0].path, /^\/api\/lists\/shopping\/items\/M\?ifUpdatedAt=.*&return=item$/);
  [s] = send(s, answeredAlone(s, 42, { removed: 'M' }));
  assert.deepEqual(s.docs.shopping.items.map((i) => [i.id, i.position]), [['B', 1], ['E', 2]]);
  [s, fx] = send(s, { type: 'clearTapped' }, { type: 'clearTapped' });
  assert.deepEqual(requests(fx).map((r) => r.path), ['/api/lists/shopping/clear?return=item']);
  [s] = send(s, answeredAlone(s, 43, { removed: ['B'] }));
  assert.deepEqual(s.docs.shopping.items.map((i) => [i.id, i.position]), [['E', 1]]);
  assert.equal(s.versions.shopping, 43);
  assert.deepEqual(s.lists, [], 'no lists read yet: nothing to count');
});

test('the lists\' counts follow the page\'s copy', () => {
  let [s] = send(openedAt(40), { type: 'listsFetched',
    lists: [{ name: 'shopping', items: 2, checked: 1, default: true }] });
  [s] = send(s, { type: 'checkChanged', itemId: 'M', checked: true });
  [s] = send(s, answeredAlone(s, 41, item('M', 'Milk', { checked: true, position: 1 })));
  assert.deepEqual(s.lists, [{ name: 'shopping', items: 2, checked: 2, default: true }]);
});

test('a read of a list the page holds asks only if newer, and a 304 keeps the copy', () => {
  let [s, fx] = send(openedAt(40), { type: 'listChanged', list: 'shopping', entry: 45 });
  assert.ok(fx.some((e) => e.type === 'fetchList'));
  const before = s.docs.shopping;
  [s, fx] = send(s, { type: 'listUnchanged', list: 'shopping' });
  assert.equal(s.docs.shopping, before);
  assert.equal(s.versions.shopping, 40);
  assert.deepEqual(fx, []);
});

test('an answer the page cannot place reads the list instead', () => {
  let [s] = send(openedAt(40), { type: 'checkChanged', itemId: 'M', checked: true });
  const [, fx] = send(s, answeredAlone(s, 41, { unexpected: true }));
  assert.ok(fx.some((e) => e.type === 'fetchList'));
});

test('a change event that comes before the answer to the page\'s own write reads nothing', () => {
  let [s, fx] = send(openedAt(40), { type: 'checkChanged', itemId: 'M', checked: true });
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping', entry: 41 });
  assert.deepEqual(fx, [], 'held until the answer');
  [s, fx] = send(s, answeredAlone(s, 41, item('M', 'Milk', { checked: true, position: 1 })));
  assert.ok(!fx.some((e) => e.type === 'fetchList' || e.type === 'fetchLists'), 'its own');
  assert.deepEqual(s.heard, {});
});

test('an event held while a write was out is read after it when it was someone else\'s', () => {
  let [s, fx] = send(openedAt(40), { type: 'checkChanged', itemId: 'M', checked: true });
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping', entry: 41 });
  [s, fx] = send(s, answeredAlone(s, 42, item('M', 'Milk', { checked: true, position: 1 })));
  assert.ok(fx.some((e) => e.type === 'fetchList'));
  [s, fx] = send(openedAt(40), { type: 'checkChanged', itemId: 'M', checked: true });
  [s, fx] = send(s, { type: 'listChanged', list: 'shopping', entry: 41 },
    { type: 'sendFailed', intentId: s.inFlight, status: 0 });
  assert.ok(fx.some((e) => e.type === 'fetchList'), 'a write that did not go through');
});

test('a database replaced on the server is said as such, not as busy, and the change waits', () => {
  let [s] = send(opened(), { type: 'checkChanged', itemId: 'M', checked: true });
  [s] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 503,
    error: 'the list\'s database file was replaced or deleted on the server: …',
    reason: 'databaseReplaced' });
  assert.match(s.message.text, /database was replaced on the server/);
  assert.match(s.message.text, /your change is kept here/);
  assert.equal(s.queue.length, 1, 'the check waits to be sent');
  [s] = send(s, { type: 'readFailed', list: 'shopping', status: 503, error: '…',
    reason: 'databaseReplaced' });
  assert.match(s.message.text, /Ask whoever runs shoplist to restart it\.$/);
  // A busy database is still said as busy.
  [s] = send(opened(), { type: 'checkChanged', itemId: 'M', checked: true });
  [s] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 503, error: 'busy' });
  assert.equal(s.message.text, 'The server is busy. Your change will be sent again.');
});

// MARK: - The household's week: lists, shops, history

const types = (fx) => fx.map((e) => e.type);
const three = [{ name: 'shopping', items: 2, checked: 1, default: true, shop: 'Lidl' },
  { name: 'Weekend', items: 0, checked: 0 }, { name: 'Party', items: 2, checked: 0 }];
/** A page that has read the list and the household's three lists. */
const withLists = () => send(opened(), { type: 'listsFetched', lists: three })[0];

test('a list renamed shows at once under its new name, sent as PATCH, kept after', () => {
  let [s, fx] = send(withLists(), { type: 'listRenameSubmitted', list: 'shopping',
    name: 'Groceries' });
  assert.deepEqual(listsShown(s).map((l) => l.name), ['Groceries', 'Weekend', 'Party']);
  assert.equal(s.list, 'Groceries');
  assert.equal(view(s).items.length, 2, 'the items shown under the new name meanwhile');
  assert.deepEqual(requests(fx).map((r) => [r.method, r.path, r.body]),
    [['PATCH', '/api/lists/shopping', { name: 'Groceries' }]]);
  assert.equal(s.message.text, 'Renamed “shopping” to “Groceries”.');
  [s, fx] = send(s, answered(s, 30, { list: 'Groceries', items: s.docs.shopping.items }));
  assert.equal(s.lists[0].name, 'Groceries');
  assert.equal(s.docs.shopping, undefined, 'the old name forgotten');
  assert.ok(types(fx).includes('fetchLists'));
});

test('a rename to another list\'s name is refused on the page; the server\'s refusal too', () => {
  let [s, fx] = send(withLists(), { type: 'listRenameStarted', list: 'Weekend' },
    { type: 'listRenameSubmitted', list: 'Weekend', name: 'PARTY' });
  assert.equal(s.renaming.error, 'There is a list “PARTY” already.');
  assert.equal(requests(fx).length, 0);
  [s, fx] = send(s, { type: 'listRenameSubmitted', list: 'shopping', name: 'Groceries' });
  [s, fx] = send(s, { type: 'sendFailed', intentId: s.inFlight, status: 409,
    error: 'a list named "Groceries" exists already' });
  assert.equal(s.list, 'shopping', 'back to its name');
  assert.deepEqual(listsShown(s).map((l) => l.name), ['shopping', 'Weekend', 'Party']);
  assert.match(s.message.text, /^Could not rename “shopping”: /);
  assert.ok(types(fx).includes('fetchLists'));
});

test('a list moved and a list deleted are shown at once; Undo before sending takes it back', () => {
  let [s, fx] = send(withLists(), { type: 'connectionLost' },
    { type: 'listMoveTapped', list: 'Party', by: -1 });
  assert.deepEqual(listsShown(s).map((l) => l.name), ['shopping', 'Party', 'Weekend']);
  [s, fx] = send(s, { type: 'listDeleteTapped', list: 'shopping' });
  assert.deepEqual(listsShown(s).map((l) => l.name), ['Party', 'Weekend']);
  assert.equal(s.list, 'Party', 'the first list left is shown');
  assert.equal(s.message.text, 'Deleted “shopping” and its 2 items.');
  [s, fx] = send(s, { type: 'undoTapped' });
  assert.deepEqual(listsShown(s).map((l) => l.name), ['shopping', 'Party', 'Weekend']);
  [s, fx] = send(s, { type: 'retryDue' });
  assert.deepEqual(requests(fx).map((r) => [r.method, r.path, r.body]),
    [['PATCH', '/api/lists/Party', { position: 2 }]]);
});

test('a deleted list comes back with the message\'s Undo: its entry undone, the lists read', () => {
  let [s, fx] = send(withLists(), { type: 'listDeleteTapped', list: 'Party' });
  assert.deepEqual(requests(fx).map((r) => [r.method, r.path]), [['DELETE', '/api/lists/Party']]);
  [s, fx] = send(s, answered(s, 50, { deleted: 'Party', entry: 50 }));
  assert.deepEqual(s.lists.map((l) => l.name), ['shopping', 'Weekend']);
  [s, fx] = send(s, { type: 'undoTapped' });
  assert.deepEqual(requests(fx).map((r) => r.path), ['/api/history/50/undo']);
  [s, fx] = send(s, answered(s, undefined, { undone: { id: 50, command: 'web: delete list Party' },
    entry: 51, lists: [{ list: 'Party', items: [item('C', 'Crisps')] }] }));
  assert.equal(s.message.text, 'Undone: delete list Party.');
  assert.ok(types(fx).includes('fetchLists'));
});

test('the aisle view follows the list\'s shop, or the one picked; aisles reorder as a PUT', () => {
  const shops = [{ name: 'Aldi', aisles: ['bakery', 'dairy'], default: true },
    { name: 'Lidl', aisles: ['dairy', 'bakery'], default: false }];
  let [s, fx] = send(withLists(), { type: 'shopsFetched', shops });
  assert.deepEqual(shopsOffered(s).map((sh) => sh.name), ['Lidl', 'Aldi'], 'the list\'s first');
  assert.deepEqual(aisleOrder(s), ['dairy', 'bakery']);
  [s] = send(s, { type: 'shopPicked', shop: 'Aldi' });
  assert.deepEqual(aisleOrder(s), ['bakery', 'dairy']);
  [s] = send(s, { type: 'shopPicked', shop: 'Nowhere' });
  assert.deepEqual(aisleOrder(s), ['bakery', 'dairy'], 'an unknown shop changes nothing');
  [s, fx] = send(s, { type: 'aisleMoved', category: 'dairy', by: -1 });
  assert.deepEqual(aisleOrder(s), ['dairy', 'bakery'], 'shown at once');
  assert.deepEqual(requests(fx).map((r) => [r.method, r.path, r.body]),
    [['PUT', '/api/shops/Aldi', { aisles: ['dairy', 'bakery'] }]]);
  assert.equal(s.message.text, 'Moved “dairy” up in “Aldi”.');
  [s, fx] = send(s, answered(s, 60, { name: 'Aldi', aisles: ['dairy', 'bakery'] }));
  assert.ok(types(fx).includes('fetchShops'));
});

test('a household event reads the lists and shops again', () => {
  const [, fx] = send(withLists(), { type: 'householdChanged' });
  assert.deepEqual(types(fx), ['fetchLists', 'fetchShops']);
});

test('history says who, what and when in people\'s words', () => {
  const entries = [
    { id: 5, command: 'web (Ana): undo 3', by: 'Ana', summary: 'shopping: 1 removed' },
    { id: 4, command: 'planner: add Milk', by: null, summary: 'shopping: 1 added' },
    { id: 3, command: 'import week.csv', by: null, summary: 'shopping: 2 added' },
    { id: 2, command: 'add Milk Eggs', by: null, summary: 'shopping: 2 added' },
    { id: 1, command: 'web: check Milk', by: null, summary: 'shopping: 1 updated' }];
  assert.deepEqual(entries.map(whoMade), ['Ana', 'planner', 'import', 'command line',
    'the page']);
  assert.equal(whatDid(entries[0], entries), 'undo of “import week.csv”');
  assert.equal(whatDid(entries[1], entries), 'add Milk');
  assert.equal(whatDid({ id: 9, command: 'undo 77' }, entries), 'undo of an earlier change');
  assert.deepEqual(described(entries[4], entries),
    { title: 'check Milk', detail: 'shopping: 1 updated' });
  assert.deepEqual(described(entries[3], entries),
    { title: 'shopping: 2 added', detail: 'add Milk Eggs' });
});

test('an entry is undone from the History view, which is read again after', () => {
  let [s, fx] = send(withLists(), { type: 'panelOpened', panel: 'history' });
  assert.deepEqual(types(fx), ['fetchHistory']);
  const entries = [{ id: 12, command: 'add Milk', by: null, summary: 's', undone: false },
    { id: 11, command: 'undo 10', by: null, summary: 's', undone: false },
    { id: 10, command: 'add Eggs', by: null, summary: 's', undone: true }];
  [s, fx] = send(s, { type: 'historyFetched', entries },
    { type: 'historyUndoTapped', entry: 10 }, { type: 'historyUndoTapped', entry: 11 });
  assert.equal(requests(fx).length, 0, 'an undone entry and an undo are not undone here');
  [s, fx] = send(s, { type: 'historyUndoTapped', entry: 12 });
  assert.deepEqual(requests(fx).map((r) => r.path), ['/api/history/12/undo']);
  [s, fx] = send(s, answered(s, undefined, { undone: { id: 12, command: 'add Milk' },
    entry: 13, lists: [] }));
  assert.equal(s.message.text, 'Undone: add Milk.');
  assert.ok(types(fx).includes('fetchHistory'));
});

test('Enter on a suggestion picked with the arrow keys adds it, with its amount and category', () => {
  let [s, fx] = send(opened(), { type: 'addTyped', text: 'sa' },
    { type: 'suggestionsFetched', q: 'sa', list: 'shopping',
      items: [{ name: 'Saffron', quantity: 1, unit: null, category: 'spices', times: 1 }] },
    { type: 'suggestionMoved', by: 1 });
  [s, fx] = send(s, { type: 'addSubmitted', text: 'sa' });
  assert.deepEqual(requests(fx).map((r) => r.body), [{ name: 'Saffron', quantity: 1,
    category: 'spices', ifUpdatedAt: null }]); // only if it is not on the list meanwhile
  assert.equal(s.message.text, 'Added “Saffron”.');
  assert.ok(types(fx).includes('resetAddForm'));
});
