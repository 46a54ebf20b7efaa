import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { type Language, languages } from './languages.ts';
import { type PoEntry, parsePo } from './po-file.ts';

export { type Language, languages };

export const cataloguesFolder = fileURLToPath(new URL('../locales/', import.meta.url));

export function catalogueFile(language: Language): string {
  return path.join(cataloguesFolder, `${language}.po`);
}

export function readCatalogue(language: Language): PoEntry[] {
  const file = catalogueFile(language);
  return parsePo(fs.readFileSync(file, 'utf8'), path.basename(file));
}

/**
 * A message's namespace is its id up to the first dot ("chrome.skipLink" is chrome's): each part of
 * the product loads only its own namespaces, so a page carries the words it shows and no others.
 */
export function namespaceOf(id: string): string {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
}

export type CompiledCatalogue = Record<string, CompiledMessage>;

/**
 * The namespace's messages in the language, compiled from ICU syntax into Lingui's runtime form,
 * so no page needs the ICU parser. Every message is a list of tokens, a plain text too (`["Basket"]`):
 * Lingui takes a bare string for an uncompiled message and warns on the console each time it shows
 * one. A message the language lacks, or leaves empty, is left out: the English then shows.
 */
export function compileNamespace(language: Language, namespace: string, entries = readCatalogue(language)) {
  const compiled: CompiledCatalogue = {};
  for (const entry of entries) {
    if (namespaceOf(entry.id) !== namespace || entry.text === '') continue;
    compiled[entry.id] = compileMessageOrThrow(entry.text);
  }
  return compiled;
}
