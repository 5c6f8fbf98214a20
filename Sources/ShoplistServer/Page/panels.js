// What lies beside the list: the Lists and History sheets over it, and the "by aisle"
// view's shop picker and aisle order. Drawn from the model's state like the rest of the
// page; what the user does there becomes actions.

import {
  attr, esc, quoted, visible,
} from './words.js';
import {
  listsShown,
} from './lists.js';
import {
  editableAisles, shopOf, shopsOffered,
} from './shops.js';
import {
  described, undoable, whenText, whoMade,
} from './journal.js';
import {
  $,
} from './render.js';

// MARK: - Drawing

/**
 * Sets `el`'s content to `html` unless it holds it already. A button of a row that had the
 * focus has it again after (the same button of the same row, wherever the row went), so that
 * moving a row up twice is two taps or two key presses.
 */
function fill(el, html, rowKey) {
  if (el.dataset.sig === html) return false;
  const active = document.activeElement;
  const row = rowKey && el.contains(active) && active.closest(`[${rowKey}]`);
  const key = row && row.getAttribute(rowKey);
  const testid = row && active.dataset.testid;
  el.innerHTML = html;
  el.dataset.sig = html;
  if (key !== null && key !== undefined && testid) {
    const again = [...el.querySelectorAll(`[${rowKey}]`)].find((r) => r.getAttribute(rowKey) === key);
    const button = again && again.querySelector(`[data-testid="${testid}"]`);
    if (button && !button.disabled) button.focus();
    else if (again) (again.querySelector('button:not([disabled])') || el).focus();
  }
  return true;
}

const toolButton = (testid, label, text, disabled) => `<button type="button" class="row-tool"
  data-testid="${testid}" aria-label="${attr(label)}"${disabled ? ' disabled' : ''}>${text}</button>`;

function listRowHTML(l, n, count, s) {
  const name = esc(l.name);
  if (s.renaming && s.renaming.list === l.name) {
    const error = s.renaming.error
      ? `<p class="editor-error" data-testid="rename-error" role="alert">${esc(s.renaming.error)}</p>`
      : '';
    return `<li class="sheet-row is-renaming" data-testid="lists-row" data-list="${attr(l.name)}">
      <form class="rename-form" data-testid="rename-form" autocomplete="off">
        <label class="sr-only" for="rename-input">New name of ${name}</label>
        <input id="rename-input" data-testid="rename-input" name="name" maxlength="200"
          value="${attr(l.name)}" enterkeyhint="done">
        <button class="btn btn-primary" data-testid="rename-save">Save</button>
        <button type="button" class="btn btn-quiet" data-testid="rename-cancel">Cancel</button>
      </form>${error}</li>`;
  }
  const items = l.items ?? 0;
  const meta = [items === 1 ? '1 item' : `${items} items`, l.shop, l.default ? 'default' : null]
    .filter(Boolean).map(esc).join(' · ');
  return `<li class="sheet-row" data-testid="lists-row" data-list="${attr(l.name)}">
    <button type="button" class="row-main" data-testid="lists-open"${
  s.list === l.name ? ' aria-current="true"' : ''}>
      <span class="row-name" data-testid="lists-name">${name}</span>
      <span class="row-meta">${meta}</span></button>
    <span class="row-tools">
      ${toolButton('list-up', `Move ${l.name} up`, '↑', n === 0)}
      ${toolButton('list-down', `Move ${l.name} down`, '↓', n === count - 1)}
      ${toolButton('list-rename', `Rename ${l.name}`, 'Rename')}
      ${toolButton('list-delete', `Delete ${l.name}`, 'Delete')}
    </span></li>`;
}

function renderLists(s) {
  const shown = listsShown(s);
  const box = $('lists-rows');
  const typed = $('rename-input')?.value;
  const html = shown.map((l, n) => listRowHTML(l, n, shown.length, s)).join('');
  if (fill(box, html, 'data-list') && s.renaming && $('rename-input')) {
    const input = $('rename-input');
    if (typed !== undefined) input.value = typed;
    input.focus();
  }
}

function historyRowHTML(entry, entries, now) {
  const { title, detail } = described(entry, entries);
  const state = entry.undone
    ? '<span class="row-mark" data-testid="history-undone">Undone</span>'
    : undoable(entry) ? toolButton('history-undo', `Undo ${title}`, 'Undo') : '';
  const more = detail
    ? `<span class="row-meta" data-testid="history-detail">${esc(detail)}</span>` : '';
  return `<li class="sheet-row${entry.undone ? ' is-undone' : ''}" data-testid="history-row"
    data-entry="${entry.id}"><span class="row-main">
      <span class="row-name" data-testid="history-what">${esc(title)}</span>${more}
      <span class="row-meta"><span data-testid="history-who">${esc(whoMade(entry))}</span> · <time
        data-testid="history-when" datetime="${attr(entry.at)}">${esc(whenText(entry.at, now))}</time></span>
    </span><span class="row-tools">${state}</span></li>`;
}

function renderHistory(s) {
  const entries = s.history || [];
  const now = new Date();
  fill($('history-rows'), entries.map((e) => historyRowHTML(e, entries, now)).join(''));
  $('history-empty').hidden = s.history === null ? false : entries.length > 0;
  $('history-empty').textContent = s.history === null ? 'Loading…' : 'No changes yet.';
}

function renderShopBar(s) {
  const byAisle = s.mode === 'aisles';
  const shop = shopOf(s);
  $('shop-bar').hidden = !byAisle;
  const picker = $('shop-picker');
  picker.closest('label').hidden = s.shops.length === 0;
  fill(picker, shopsOffered(s).map((sh) => `<option value="${attr(sh.name)}">${esc(sh.name)}</option>`)
    .join(''));
  if (shop) picker.value = shop.name;
  const editing = byAisle && s.editingAisles;
  $('edit-aisles').setAttribute('aria-expanded', String(editing));
  $('aisle-editor').hidden = !editing;
  if (!editing) return;
  $('aisle-editor-heading').textContent = shop ? `Aisle order in ${visible(quoted(shop.name))}`
    : 'Aisle order';
  const aisles = editableAisles(s);
  fill($('aisle-order'), aisles.map((c, n) => `<li class="sheet-row" data-testid="aisle-order-row"
    data-category="${attr(c)}"><span class="row-name">${esc(c)}</span><span class="row-tools">
      ${toolButton('aisle-up', `Move ${c} up`, '↑', n === 0)}
      ${toolButton('aisle-down', `Move ${c} down`, '↓', n === aisles.length - 1)}
    </span></li>`).join(''), 'data-category');
}

let opener = null; // focus goes back there when a sheet closes

/** The sheets and the shop bar as the state `next` has them (`prev`: as drawn before). */
function renderPanels(prev, next) {
  $('lists-panel').hidden = next.panel !== 'lists';
  $('history-panel').hidden = next.panel !== 'history';
  document.body.classList.toggle('has-sheet', Boolean(next.panel));
  // The page under a sheet takes no focus nor taps (the message and its Undo stay usable).
  for (const under of document.querySelectorAll('body > header, body > main, body > .devices')) {
    under.inert = Boolean(next.panel);
  }
  if (next.panel === 'lists') renderLists(next);
  if (next.panel === 'history') renderHistory(next);
  renderShopBar(next);
  if (prev.panel !== next.panel) {
    if (next.panel) {
      opener = opener || document.activeElement;
      $(`${next.panel}-panel`).focus();
    } else if (opener && opener.isConnected) {
      opener.focus();
      opener = null;
    }
  }
}

// MARK: - Wiring

function wirePanels(dispatch, state) {
  $('open-lists').addEventListener('click', () => dispatch({ type: 'panelOpened', panel: 'lists' }));
  $('open-history').addEventListener('click',
    () => dispatch({ type: 'panelOpened', panel: 'history' }));
  for (const id of ['lists-close', 'history-close']) {
    $(id).addEventListener('click', () => dispatch({ type: 'panelClosed' }));
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && state().panel) dispatch({ type: 'panelClosed' });
  });
  $('lists-rows').addEventListener('click', (e) => {
    const row = e.target.closest('[data-testid="lists-row"]');
    const tool = e.target.closest('button');
    if (!row || !tool) return;
    const list = row.dataset.list;
    const action = {
      'lists-open': { type: 'listSelected', name: list },
      'list-up': { type: 'listMoveTapped', list, by: -1 },
      'list-down': { type: 'listMoveTapped', list, by: 1 },
      'list-rename': { type: 'listRenameStarted', list },
      'list-delete': { type: 'listDeleteTapped', list },
      'rename-cancel': { type: 'listRenameCancelled' },
    }[tool.dataset.testid];
    if (action) dispatch(action);
  });
  $('lists-rows').addEventListener('submit', (e) => {
    e.preventDefault();
    const row = e.target.closest('[data-testid="lists-row"]');
    dispatch({ type: 'listRenameSubmitted', list: row.dataset.list,
      name: e.target.elements.name.value });
  });
  $('history-rows').addEventListener('click', (e) => {
    const row = e.target.closest('[data-testid="history-row"]');
    if (row && e.target.closest('[data-testid="history-undo"]')) {
      dispatch({ type: 'historyUndoTapped', entry: Number(row.dataset.entry) });
    }
  });
  $('shop-picker').addEventListener('change',
    (e) => dispatch({ type: 'shopPicked', shop: e.target.value }));
  $('edit-aisles').addEventListener('click', () => dispatch({ type: 'aislesEditToggled' }));
  $('aisles-done').addEventListener('click', () => dispatch({ type: 'aislesEditToggled' }));
  $('aisle-order').addEventListener('click', (e) => {
    const row = e.target.closest('[data-testid="aisle-order-row"]');
    const tool = e.target.closest('button');
    if (!row || !tool) return;
    const by = { 'aisle-up': -1, 'aisle-down': 1 }[tool.dataset.testid];
    if (by) dispatch({ type: 'aisleMoved', category: row.dataset.category, by });
  });
}

export {
  renderPanels, wirePanels,
};
