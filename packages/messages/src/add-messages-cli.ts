import fs from 'node:fs';
import { catalogueFile, languages, readCatalogue } from './catalogue.ts';
import { type PoEntry, serializePo } from './po-file.ts';

/**
 * `npm run messages:add -- entries.json`: adds messages to both catalogues, or changes them, by id.
 * The file is a list of { id, note, en, cy }. A new namespace goes at the end; a new message of a
 * known namespace goes after that namespace's last one, so each namespace stays together for the
 * translator. Refuses a message missing a language or a note, and changes nothing then.
 */
interface NewMessage {
  id: string;
  note: string;
  en: string;
  cy: string;
}

function placeIn(entries: PoEntry[], added: PoEntry): PoEntry[] {
  const at = entries.findIndex((entry) => entry.id === added.id);
  if (at >= 0) return entries.map((entry, index) => (index === at ? added : entry));
  const namespace = `${added.id.split('.')[0]}.`;
  const last = entries.findLastIndex((entry) => entry.id.startsWith(namespace));
  return last < 0 ? [...entries, added] : [...entries.slice(0, last + 1), added, ...entries.slice(last + 1)];
}

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run messages:add -- entries.json   (a list of { id, note, en, cy })');
  process.exit(2);
}
const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as NewMessage[];
const problems = messages.flatMap((message, index) =>
  (['id', 'note', 'en', 'cy'] as const)
    .filter((field) => typeof message[field] !== 'string' || message[field].trim() === '')
    .map((field) => `entry ${index} (${message.id ?? 'no id'}): ${field} is missing`),
);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
for (const language of languages) {
  let entries = readCatalogue(language);
  for (const message of messages) {
    entries = placeIn(entries, {
      id: message.id,
      note: message.note,
      source: message.en,
      text: language === 'en' ? message.en : message[language],
    });
  }
  fs.writeFileSync(catalogueFile(language), serializePo(language, entries));
}
console.log(
  `${messages.length} messages written to ${languages.map((language) => `${language}.po`).join(' and ')}`,
);
