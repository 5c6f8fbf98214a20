// What the page says and how it reads names: the settings it keeps, names compared as the
// server compares them, text made safe to show, times and amounts in words.

const KEYS = {
  current: 'shoplist.current', docs: 'shoplist.docs', lists: 'shoplist.lists',
  notices: 'shoplist.notices', queue: 'shoplist.queue', seenAt: 'shoplist.seenAt',
  view: 'shoplist.view', shops: 'shoplist.shops', shopFor: 'shoplist.shopFor',
  versions: 'shoplist.versions', member: 'shoplist.member', signedOut: 'shoplist.signedOut',
  // An earlier page's one shop order: not read any more, removed with the rest at sign-out.
  aisles: 'shoplist.aisles',
};
const MAX_NOTICES = 20;
const MESSAGE_MS = 5000;
const CONFIRM_MS = 4000;
const MAX_RETRY_MS = 10000;
const REQUEST_TIMEOUT_MS = 15000;
const CLOCK_MS = 30000;
const HIGHLIGHT_MS = 8000;
const SUGGEST_DELAY_MS = 150;
const MAX_SUGGESTIONS = 6;

// MARK: - Helpers

const load = (key, fallback) => {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
};
const save = (key, value) => {
  // Storage full or disabled: the page still works for this visit.
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* keep going */ }
};
const tidy = (s) => String(s).trim().replace(/\s+/g, ' ');
// Names compare as the server compares them: invisible (default-ignorable) characters left
// out, case folded fully (ß = SS, ς = σ; upper then lower case does that, but for the
// dotless ı, which folding keeps apart from i, and the capital ẞ, whose lower case is ß),
// accents composed. PageFoldingTests holds this to the core's folding.
const fold = (s) => Array.from(
  s.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, ''),
  (c) => (c === '\u0131' ? c : c === '\u1E9E' ? 'ss' : c.toUpperCase().toLowerCase()),
).join('').normalize('NFC');
const norm = (s) => fold(tidy(s));
const enc = encodeURIComponent;
// Control characters and the invisible ones that reorder or hide text (a name written
// by another program may hold them) are shown escaped, as the CLI does: `\u{202E}`.
const HIDDEN =
  /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const visible = (s) => String(s).replace(HIDDEN,
  (c) => `\\u{${c.codePointAt(0).toString(16).toUpperCase()}}`);
const attr = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const esc = (s) => attr(visible(s));
const isTemp = (id) => String(id).startsWith('tmp-');
const isCheck = (q) => q.kind === 'check' || q.kind === 'uncheck';
const quoted = (name) => `“${name}”`;
/**
 * A queued change that was not applied: “Bread” was unchecked meanwhile — not removed.
 * `by` (who did it) has a place for when the server names the people of a household.
 */
const notApplied = (name, happened, outcome, by) =>
  `${quoted(name)} was ${happened}${by ? ` by ${by}` : ''} meanwhile — ${outcome}.`;
/** What became of an item since the page saw it (`seen`), in a word. */
const happenedTo = (seen, item) => (!seen ? 'added'
  : seen.checked !== item.checked ? (item.checked ? 'checked' : 'unchecked') : 'changed');
/** A quantity with its unit, kept on one line: "2 l". */
const amountText = (quantity, unit) => `${number.format(quantity)}${unit ? `\u00a0${unit}` : ''}`;
/** An item as it is now, in a few words: "2 l, to buy", "in the basket". */
function nowText(item) {
  const quantity = Number(item.quantity ?? 1);
  const amount = quantity !== 1 || item.unit
    ? `${amountText(quantity, item.unit)}, ` : '';
  return `${amount}${item.checked ? 'in the basket' : 'to buy'}`;
}
/** What a refused change of the page asked for, in a few words: "your 1 l". */
function yourChange(q) {
  if (q.kind === 'check') return 'your check';
  if (q.kind === 'uncheck') return 'your uncheck';
  if (q.kind === 'remove') return 'your removal';
  if (q.kind === 'add') return `your ${quoted(q.text ?? q.name)}`;
  const f = q.fields || {};
  const parts = [];
  if (f.quantity !== undefined || f.unit !== undefined) {
    const quantity = f.quantity ?? 1;
    parts.push(amountText(quantity, f.unit));
  }
  if (f.name !== undefined) parts.push(`name ${quoted(f.name)}`);
  for (const k of ['category', 'note']) {
    if (f[k] !== undefined) parts.push(f[k] ? `${k} ${quoted(f[k])}` : `no ${k}`);
  }
  return parts.length ? `your ${parts.join(', ')}` : 'your change';
}
/**
 * A change of the page that was not applied, in people's words: who changed the item, when,
 * what it is now, and what of this page's was left out: "“Milk” was changed by Ben at
 * 10:42 — now 2 l, to buy; your 1 l was not applied."
 */
function conflictText(q, item, changedBy) {
  const happened = happenedTo(q.seen, item);
  const who = changedBy ? whoDid(changedBy) : null;
  const at = new Date(item.updatedAt);
  const when = Number.isNaN(at.getTime()) ? '' : ` at ${clock.format(at)}`;
  return `${quoted(item.name)} was ${happened}${who ? ` ${who}` : ''}${when} — now `
    + `${nowText(item)}; ${yourChange(q)} was not applied.`;
}
const seenOf = (item) => (item ? { updatedAt: item.updatedAt, checked: item.checked } : null);
const sameSeen = (a, b) => (a && b ? a.updatedAt === b.updatedAt : a === b);
const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
const listFromHash = () => {
  try { return decodeURIComponent(location.hash.slice(1)) || null; } catch { return null; }
};

const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat(undefined,
  { weekday: 'short', day: 'numeric', month: 'short' });
const dayBefore = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - 1);
/** When the page last had the server's copy: "10:42 (3 h ago)", "yesterday 18:02 (…)". */
function sinceText(iso, now) {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return null;
  const minutes = Math.max(0, Math.floor((now - then) / 60000));
  const ago = minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago`
    : minutes < 48 * 60 ? `${Math.floor(minutes / 60)} h ago`
      : `${Math.floor(minutes / 1440)} days ago`;
  const when = then.toDateString() === now.toDateString() ? clock.format(then)
    : then.toDateString() === dayBefore(now).toDateString()
      ? `yesterday ${clock.format(then)}` : `${day.format(then)}, ${clock.format(then)}`;
  return `${when} (${ago})`;
}

/** The editor's quantity: "2", "0,5" -> the number; "" -> 1; anything else -> null. */
function parseNumber(text) {
  const t = tidy(text);
  if (!t) return 1;
  if (!/^\d+(?:[.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return n > 0 ? n : null;
}

/** Who made a change, as the page says it: "by Ana", "on another phone", "from the
 *  command line" (history's `by`, else what its label starts with). */
const whoDid = (entry) => (entry.by ? `by ${entry.by}`
  : /^web[: (]/.test(entry.command) ? 'on another phone' : 'from the command line');
/** A history label without the page's prefix: "web (Ana): check Milk" -> "check Milk". */
const bareCommand = (command) => String(command).replace(/^web(?: \([^)]*\))?: /, '');

/** What a phone says when the server's database file was replaced or deleted under it: not
 *  "busy" (waiting does not help), but what the person running the server has to do. */
const REPLACED = 'The list’s database was replaced on the server. '
  + 'Ask whoever runs shoplist to restart it';
const replacedText = (queued) => (queued
  ? `${REPLACED}; your change is kept here and sent then.` : `${REPLACED}.`);

export {
  replacedText, KEYS, MAX_NOTICES, MESSAGE_MS, CONFIRM_MS, MAX_RETRY_MS, REQUEST_TIMEOUT_MS, CLOCK_MS,
  HIGHLIGHT_MS, SUGGEST_DELAY_MS, MAX_SUGGESTIONS, load, save, tidy, fold, norm, enc, HIDDEN,
  visible, attr, esc, isTemp, isCheck, quoted, notApplied, happenedTo, seenOf, sameSeen, number,
  listFromHash, clock, day, dayBefore, sinceText, parseNumber, whoDid, bareCommand, nowText,
  yourChange, conflictText,
};
