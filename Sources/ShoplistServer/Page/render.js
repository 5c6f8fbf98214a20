// Draws the page from the model's state: rows updated in place, keyed by item id, so that
// focus and scrolling stay put.

import {
  attr, esc, norm, sinceText, visible,
} from './words.js';
import {
  aisleGroups, quantityText, view,
} from './state.js';
import {
  listsShown,
} from './lists.js';
import {
  aisleOrder,
} from './shops.js';

// MARK: - Render

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/**
 * One row: the checkbox (named by the item), the item as a button that opens the editor,
 * and the remove button. `o.category`: the category is shown (not under its heading);
 * `o.pending`: say which changes are not sent yet; `o.highlight`: someone else's change.
 */
function rowHTML(it, o) {
  const meta = [o.category ? it.category : null, it.note].filter(Boolean).map(esc).join(' · ');
  const qty = quantityText(it);
  const waiting = o.pending && it.pending ? '<span class="pending">not sent yet</span>' : '';
  const qtyHTML = qty
    ? ` <span class="item-qty" data-testid="item-quantity">${esc(qty)}</span>` : '';
  const metaHTML = meta || waiting
    ? `<span class="item-meta">${[meta, waiting].filter(Boolean).join(' ')}</span>` : '';
  const byHTML = o.highlight
    ? `<span class="item-by" data-testid="item-by">${esc(o.highlight.text)}</span>` : '';
  return `<label class="item-check">
      <input type="checkbox" data-testid="item-checkbox" aria-label="${esc(it.name)}"${
it.checked ? ' checked' : ''}>
    </label>
    <button type="button" class="item-text" data-testid="item-edit" aria-haspopup="dialog">
      <span class="sr-only">Edit </span>
      <span class="item-line"><span class="item-name">${esc(it.name)}</span>${qtyHTML}</span>
      ${metaHTML}${byHTML}
    </button>
    <button type="button" class="remove" data-testid="remove-button"
      aria-label="Remove ${esc(it.name)}">&times;</button>`;
}

/** Updates the rows in place, keyed by item id, so focus and scrolling stay put. */
function renderItems(ul, items, o) {
  const old = new Map([...ul.children].map((li) => [li.dataset.itemId, li]));
  let prev = null;
  for (const it of items) {
    const highlight = o.highlights[it.id];
    const html = rowHTML(it, { ...o, highlight });
    const cls = `item${it.checked ? ' is-checked' : ''}${highlight ? ' is-highlighted' : ''}`;
    let li = old.get(it.id);
    if (li) old.delete(it.id);
    else {
      li = document.createElement('li');
      li.dataset.testid = 'item-row';
      li.dataset.itemId = it.id;
    }
    if (li.dataset.sig !== cls + html) {
      const active = document.activeElement;
      const focused = li.contains(active) && active.dataset.testid;
      li.className = cls;
      li.dataset.itemName = it.name;
      li.innerHTML = html;
      li.dataset.sig = cls + html;
      if (focused) li.querySelector(`[data-testid="${focused}"]`).focus();
    }
    const want = prev ? prev.nextSibling : ul.firstChild;
    if (want !== li) ul.insertBefore(li, want);
    prev = li;
  }
  old.forEach((li) => li.remove());
}

let aisleCount = 0;
function renderAisles(box, groups, o) {
  const old = new Map([...box.children].map((section) => [section.dataset.key, section]));
  let prev = null;
  for (const g of groups) {
    let section = old.get(g.key);
    if (section) old.delete(g.key);
    else {
      aisleCount += 1;
      section = document.createElement('section');
      section.className = 'aisle';
      section.dataset.key = g.key;
      section.dataset.testid = 'aisle';
      section.innerHTML = `<h3 class="aisle-heading" data-testid="aisle-heading"
        id="aisle-${aisleCount}"></h3><ul class="items" aria-labelledby="aisle-${aisleCount}"></ul>`;
    }
    const heading = section.querySelector('h3');
    if (heading.textContent !== visible(g.title)) heading.textContent = visible(g.title);
    renderItems(section.querySelector('ul'), g.items, o);
    const want = prev ? prev.nextSibling : box.firstChild;
    if (want !== section) box.insertBefore(section, want);
    prev = section;
  }
  old.forEach((section) => section.remove());
}

function renderSuggestions(s) {
  const box = $('suggestions');
  const input = $('add-input');
  const { items, active } = s.suggestions;
  const html = items.map((it, n) => {
    const meta = [quantityText(it), it.category].filter(Boolean).map(esc).join(' · ');
    return `<li role="option" id="suggestion-${n}" class="suggestion" data-testid="suggestion"
      data-index="${n}" aria-selected="${n === active}"><span class="suggestion-name">${
esc(it.name)}</span>${meta ? ` <span class="suggestion-meta">${meta}</span>` : ''}</li>`;
  }).join('');
  if (box.dataset.sig !== html) {
    box.innerHTML = html;
    box.dataset.sig = html;
  }
  box.hidden = items.length === 0;
  input.setAttribute('aria-expanded', String(items.length > 0));
  if (active >= 0) input.setAttribute('aria-activedescendant', `suggestion-${active}`);
  else input.removeAttribute('aria-activedescendant');
}

/** The changes that were not applied, in a live region: added lines are announced. */
function renderNotices(notices) {
  const list = $('notice-list');
  const html = notices.map((n) => `<li data-testid="notice"><span data-testid="notice-text">${esc(n.text)}</span>${
    n.retry ? ` <button type="button" class="use-mine" data-testid="use-mine" `
      + `data-notice-id="${attr(n.id)}">Use mine</button>` : ''}</li>`).join('');
  if (list.dataset.sig !== html) {
    list.innerHTML = html;
    list.dataset.sig = html;
  }
  $('notices').classList.toggle('is-shown', notices.length > 0);
  $('notices-dismiss').hidden = notices.length === 0;
}

function render(s) {
  const v = view(s);
  const done = v.items.filter((i) => i.checked).length;
  const total = v.items.length;

  const names = listsShown(s).map((l) => l.name);
  names.push(s.list);
  const unique = names.filter((n, i) => names.findIndex((m) => norm(m) === norm(n)) === i);
  const select = $('list-switcher');
  const options = unique.map((n) => `<option value="${attr(n)}">${esc(n)}</option>`).join('');
  if (select.dataset.sig !== options) {
    select.innerHTML = options;
    select.dataset.sig = options;
  }
  select.value = unique.find((n) => norm(n) === norm(s.list));
  $('list-name').textContent = visible(s.list);
  document.title = `${visible(s.list)} · shoplist`;

  $('count').textContent = !v.known ? '' : total === 0 ? 'Nothing on this list yet'
    : done === total ? `All ${total} in the basket` : `${done} of ${total} in the basket`;
  $('progress').style.width = total ? `${(100 * done) / total}%` : '0';

  const pending = s.queue.length;
  $('offline-banner').hidden = s.online;
  const seenAt = v.known && s.seenAt[norm(s.list)];
  const since = seenAt && sinceText(seenAt, new Date());
  $('offline-since').hidden = !since;
  $('offline-since').textContent = since ? `The list as of ${since}.` : '';
  $('offline-text').innerHTML = pending
    ? `<span data-testid="pending-count">${pending}</span>`
      + ` ${pending === 1 ? 'change' : 'changes'} saved here, sent when you are back online.`
    : 'Changes you make are saved here and sent when you are back online.';
  $('auth-error').hidden = s.authorised;
  renderNotices(s.notices);

  // Keyboard focus on a row that moves (checked into the basket, or back) goes to the row
  // that took its place, so the next item is one key away.
  const active = document.activeElement;
  const activeRow = active && active.closest && active.closest('[data-testid="item-row"]');
  const activeList = activeRow && activeRow.parentElement;
  const activeIndex = activeRow ? [...activeList.children].indexOf(activeRow) : -1;

  const o = { pending: !s.online || s.waiting || !s.authorised, highlights: s.highlights };
  const toBuy = v.items.filter((i) => !i.checked);
  const basket = v.items.filter((i) => i.checked);
  const byAisle = s.mode === 'aisles';
  $('items').hidden = byAisle;
  $('aisles').hidden = !byAisle;
  // The other view is emptied: one row per item in the page, for tests and readers alike.
  renderAisles($('aisles'), byAisle ? aisleGroups(toBuy, aisleOrder(s)) : [], o);
  renderItems($('items'), byAisle ? [] : toBuy, { ...o, category: true });
  renderItems($('basket-items'), basket, { ...o, category: true });
  for (const b of document.querySelectorAll('.view-choice')) {
    b.setAttribute('aria-pressed', String(b.dataset.view === s.mode));
  }
  $('to-buy-heading').textContent = toBuy.length ? `To buy · ${toBuy.length}` : 'To buy';
  $('basket').hidden = basket.length === 0;
  $('basket-heading').textContent = `In the basket · ${basket.length}`;
  $('skip-link').hidden = toBuy.length < 8;
  if (activeRow && !activeRow.isConnected && activeIndex >= 0) {
    const next = activeList.children[Math.min(activeIndex, activeList.children.length - 1)];
    const target = next ? next.querySelector(`[data-testid="${active.dataset.testid}"]`)
      : $('basket-summary');
    if (target && !$('basket').hidden) target.focus();
    else if (target && next) target.focus();
  }

  const empty = $('empty');
  empty.hidden = toBuy.length > 0;
  empty.textContent = !v.known ? (s.online ? 'Loading…'
    : 'This list has not been saved on this phone yet.')
    : total === 0 ? 'Add the first item above.' : 'Everything is in the basket.';
  $('heading').textContent = visible(s.list);
  renderSuggestions(s);
  const categories = [...new Set([...aisleOrder(s), ...v.items.map((i) => i.category)
    .filter(Boolean)])].map((c) => `<option value="${attr(c)}"></option>`).join('');
  if ($('categories').dataset.sig !== categories) {
    $('categories').innerHTML = categories;
    $('categories').dataset.sig = categories;
  }
  const editorError = $('editor-error');
  const error = s.editing && s.editing.error;
  editorError.hidden = !error;
  editorError.textContent = error || '';
  const activity = $('activity');
  const activityText = s.activity ? visible(s.activity.text) : '';
  if (activity.textContent !== activityText) activity.textContent = activityText;
  activity.classList.toggle('is-shown', Boolean(s.activity));

  const clear = $('clear-checked');
  clear.hidden = done === 0;
  clear.classList.toggle('is-confirming', s.confirmClear);
  clear.textContent = s.confirmClear ? `Tap again to remove ${done} checked`
    : `Clear ${done} checked`;

  const toast = $('message');
  toast.hidden = !s.message;
  if (s.message) {
    $('message-text').textContent = visible(s.message.text);
    toast.classList.toggle('is-error', Boolean(s.message.error));
    toast.setAttribute('role', s.message.error ? 'alert' : 'status');
    $('undo-button').hidden = !s.message.undo;
    $('redo-button').hidden = !s.message.redo;
  }
  // The message floats over the bottom of the screen: the page ends that much lower, so
  // that its last rows (the basket's) can always be scrolled out from under it.
  const space = s.message ? `${Math.ceil(toast.getBoundingClientRect().height) + 24}px` : '0px';
  document.documentElement.style.setProperty('--message-space', space);
}

export {
  $, rowHTML, renderItems, renderAisles, renderSuggestions, renderNotices, render,
};
