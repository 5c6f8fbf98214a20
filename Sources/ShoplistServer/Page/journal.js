// The History view: the household's changes newest first, each with who made it, what it
// changed and when, any of them undone from there under the command line's rule (an undo
// refused is said in the server's words: what it would overwrite, and whose change that is).

import {
  bareCommand, clock, day, dayBefore,
} from './words.js';
import {
  enqueue,
} from './state.js';

const HISTORY_LIMIT = 50;

/** The command line's own words, as the first word of a label. */
const COMMANDS = new Set(['add', 'remove', 'check', 'uncheck', 'toggle', 'edit', 'rename', 'move',
  'clear', 'reset', 'sort', 'aisles', 'shops', 'lists', 'undo', 'redo', 'members', 'db']);

/** The name an embedding program gave its changes (`planner: add Milk`), or null. */
function programOf(command) {
  const first = command.split(' ')[0];
  if (/^web[: (]/.test(command) || first === 'import' || COMMANDS.has(first)) return null;
  const program = /^([^:\s][^:]{0,39}): /.exec(command);
  return program ? program[1] : null;
}

/** Who made an entry, in a word or a name: the member, "the page", "import", "command line",
 *  or the embedding program's name. */
function whoMade(entry) {
  const command = String(entry.command);
  if (entry.by) return entry.by;
  if (/^web[: (]/.test(command)) return 'the page';
  if (command.split(' ')[0] === 'import') return 'import';
  return programOf(command) || 'command line';
}

/** What an entry did, in its own words: "check Milk"; an undo or redo names the change it
 *  took back (`undo 12` → "undo of “check Milk”") when that change is among `entries`. */
function whatDid(entry, entries) {
  const command = String(entry.command);
  const program = programOf(command);
  const bare = program ? command.slice(program.length + 2) : bareCommand(command);
  const step = /^(undo|redo) (\d+)$/.exec(bare);
  if (!step) return bare;
  const target = entries.find((e) => e.id === Number(step[2]));
  return target ? `${step[1]} of “${whatDid(target, entries)}”`
    : `${step[1]} of an earlier change`;
}

/** An entry in two lines: its title (what a person did on the page, else what it changed:
 *  its summary) and a detail (the other of the two). */
function described(entry, entries) {
  const done = whatDid(entry, entries);
  const summary = String(entry.summary || '');
  if (/^web[: (]/.test(String(entry.command)) || !summary) return { title: done, detail: summary };
  return { title: summary, detail: done };
}

/** When, as the page says it: "10:42", "yesterday 18:02", "Mon 30 Nov, 18:02". */
function whenText(iso, now) {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  if (then.toDateString() === now.toDateString()) return clock.format(then);
  if (then.toDateString() === dayBefore(now).toDateString()) {
    return `yesterday ${clock.format(then)}`;
  }
  return `${day.format(then)}, ${clock.format(then)}`;
}

/** Whether an entry can be undone from the view: a change, in force. */
const undoable = (entry) => !entry.undone && !/^(undo|redo)\b/.test(bareCommand(entry.command));

/** The History view's own actions; null for any other action. */
function reduceJournal(s, a, fx) {
  switch (a.type) {
    case 'historyFetched': return { ...s, history: a.entries };
    case 'historyUndoTapped': {
      const entry = (s.history || []).find((e) => e.id === a.entry);
      if (!entry || !undoable(entry)) return s;
      return enqueue(s, a, { kind: 'undo', list: s.list, entry: entry.id,
        name: whatDid(entry, s.history) });
    }
    default: return null;
  }
}

/** Reads the history again when the view is open (after a change, or an undo). */
function refreshJournal(s, fx) {
  if (s.panel === 'history') fx.push({ type: 'fetchHistory', limit: HISTORY_LIMIT });
  return s;
}

export {
  HISTORY_LIMIT, whoMade, whatDid, described, whenText, undoable, reduceJournal, refreshJournal,
};
