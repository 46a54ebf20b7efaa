/**
 * The message catalogues are gettext PO files, the format translators' tools (Poedit, Weblate,
 * Lokalise) open, one per language (decision 0108). Each entry is
 *
 *     #. The note for the translator: where the words show and what they mean.
 *     msgctxt "chrome.skipLink"        <- the message's id, which the code uses
 *     msgid "Skip to main content"     <- the English, the specification's words
 *     msgstr "Neidio i'r prif gynnwys" <- this language's words, in ICU message syntax
 *
 * English's own file has the English in msgstr too, so it is the one place the English is written.
 * Only what these files need is read: notes, ids, sources and texts (one line or continued); other
 * comments (#:, #,) are kept out of the way, and gettext's own plural entries are refused (plurals
 * are ICU's, inside the text).
 */
export interface PoEntry {
  id: string;
  source: string;
  text: string;
  note: string;
}

export class PoSyntaxError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'PoSyntaxError';
  }
}

const escapes: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\' };

function unquote(quoted: string, fail: (problem: string) => never): string {
  if (!/^".*"$/.test(quoted)) fail(`expected a quoted string, found ${quoted}`);
  return quoted.slice(1, -1).replace(/\\(.)/g, (_all, char: string) => {
    const plain = escapes[char];
    if (plain === undefined) fail(`unknown escape \\${char}`);
    return plain;
  });
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

type Field = 'msgctxt' | 'msgid' | 'msgstr';

/** The entries of a PO file, in order; the header entry (empty msgid) is left out. */
export function parsePo(content: string, file = 'catalogue.po'): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<Record<Field, string>> & { note?: string[]; line?: number } = {};
  let field: Field | null = null;
  let lineNumber = 0;
  const fail = (problem: string): never => {
    throw new PoSyntaxError(file, lineNumber, problem);
  };
  const finish = () => {
    if (current.msgid === undefined && current.msgctxt === undefined) {
      current = {};
      return;
    }
    if (current.msgid === undefined || current.msgstr === undefined) {
      lineNumber = current.line ?? lineNumber;
      fail('an entry needs msgid and msgstr');
    }
    if (current.msgid !== '' || current.msgctxt !== undefined) {
      if (current.msgctxt === undefined) {
        lineNumber = current.line ?? lineNumber;
        fail(`"${current.msgid}" has no msgctxt: every message needs its id there`);
      }
      entries.push({
        id: current.msgctxt!,
        source: current.msgid!,
        text: current.msgstr!,
        note: (current.note ?? []).join(' '),
      });
    }
    current = {};
    field = null;
  };
  for (const raw of content.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    lineNumber++;
    const line = raw.trim();
    if (line === '') {
      finish();
      continue;
    }
    if (line.startsWith('#.')) {
      if (current.msgid !== undefined) finish();
      (current.note ??= []).push(line.slice(2).trim());
      current.line ??= lineNumber;
      continue;
    }
    if (line.startsWith('#')) continue;
    const start = /^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d+\])\s+(".*")$/.exec(line);
    if (start) {
      const name = start[1]!;
      if (name === 'msgid_plural' || name.startsWith('msgstr[')) {
        fail('gettext plurals are not used: write the plural in the message, in ICU syntax');
      }
      const next = name as Field;
      if (next === 'msgctxt' && (current.msgid !== undefined || current.msgctxt !== undefined)) finish();
      if (current[next] !== undefined) fail(`${next} twice in one entry`);
      current.line ??= lineNumber;
      current[next] = unquote(start[2]!, fail);
      field = next;
      continue;
    }
    if (line.startsWith('"')) {
      if (!field) fail('a continued string with nothing to continue');
      current[field!] += unquote(line, fail);
      continue;
    }
    fail(`cannot read: ${line.slice(0, 60)}`);
  }
  finish();
  return entries;
}

/** A PO file with a header naming the language, entries in the order given. */
export function serializePo(language: string, entries: PoEntry[]): string {
  const header = [
    'msgid ""',
    'msgstr ""',
    quote('Content-Type: text/plain; charset=UTF-8\n'),
    quote(`Language: ${language}\n`),
    quote('X-Message-Syntax: ICU\n'),
  ].join('\n');
  const body = entries.map((entry) =>
    [
      ...(entry.note ? [`#. ${entry.note}`] : []),
      `msgctxt ${quote(entry.id)}`,
      `msgid ${quote(entry.source)}`,
      `msgstr ${quote(entry.text)}`,
    ].join('\n'),
  );
  return `${[header, ...body].join('\n\n')}\n`;
}
