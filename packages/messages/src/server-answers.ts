import { readCatalogue } from './catalogue.ts';
import { type Language, sourceLanguage } from './languages.ts';
import { serverWords } from './server-words.ts';

/**
 * The server's answers in the customer's language (issue 38 item 1, decision 0110). The server
 * writes its refusals in English, as the specification words them; that English is the message's
 * `msgid` in the catalogue's "errors" namespace, as gettext has always keyed messages by their
 * source text. An answer's English is matched whole, or against a message with placeholders
 * ("Enter a date between {first} and {last}."), whose captured parts are filled into the Welsh,
 * each itself translated when the catalogue has it. Text the catalogue lacks stays as it was.
 */
export type AnswerTranslator = (english: string) => string;

interface Pattern {
  id: string;
  names: string[];
  regex: RegExp;
}

const made = new Map<Language, AnswerTranslator>();

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Enter {what} by {date}." as a regex whose groups are the placeholders, in order. */
function patternOf(id: string, english: string): Pattern | null {
  const names: string[] = [];
  const parts = english.split(/\{([A-Za-z][A-Za-z0-9]*)\}/);
  if (parts.length === 1) return null;
  const source = parts
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegex(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { id, names, regex: new RegExp(`^${source}$`, 's') };
}

function translatorFor(language: Language): AnswerTranslator {
  const words = serverWords(language);
  const entries = readCatalogue(sourceLanguage).filter((entry) => entry.id.startsWith('errors.'));
  // Plurals and selects are not matched: an answer with a number says it in a plain placeholder.
  const plain = entries.filter((entry) => !/\{[^}]*,/.test(entry.source));
  const exact = new Map(plain.filter((entry) => !entry.source.includes('{')).map((e) => [e.source, e.id]));
  const patterns = plain.flatMap((entry) => patternOf(entry.id, entry.source) ?? []);
  // Longer English first, so the most specific pattern wins.
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  const part = (text: string) => {
    const id = exact.get(text);
    return id ? words(id) : text;
  };
  return (english) => {
    const id = exact.get(english);
    if (id) return words(id);
    for (const pattern of patterns) {
      const found = pattern.regex.exec(english);
      if (!found) continue;
      const values = Object.fromEntries(pattern.names.map((name, index) => [name, part(found[index + 1]!)]));
      return words(pattern.id, values);
    }
    return english;
  };
}

/** Translates the server's English answers into `language` (English answers stay as they are). */
export function answerTranslator(language: Language): AnswerTranslator {
  if (language === sourceLanguage) return (english) => english;
  let translator = made.get(language);
  if (!translator) {
    translator = translatorFor(language);
    made.set(language, translator);
  }
  return translator;
}
