import { type I18n, setupI18n } from '@lingui/core';
import { compileNamespace, namespaceOf, readCatalogue } from './catalogue.ts';
import { type Language, pathInLanguage, sourceLanguage } from './languages.ts';
import { datesIn } from './dates.ts';

/** The words of one language on the server: `words('email.resetSubject', { operator })`. */
export type ServerWords = (id: string, values?: Record<string, unknown>) => string;

const made = new Map<Language, I18n>();

/** Every namespace of the language, compiled once per process, with English filling any gap. */
function i18nFor(language: Language): I18n {
  let i18n = made.get(language);
  if (!i18n) {
    const compile = (of: Language) => {
      const entries = readCatalogue(of);
      const namespaces = new Set(entries.map((entry) => namespaceOf(entry.id)));
      return Object.assign(
        {},
        ...[...namespaces].map((namespace) => compileNamespace(of, namespace, entries)),
      );
    };
    const english = compile(sourceLanguage);
    i18n = setupI18n({
      locale: language,
      messages: { [language]: language === sourceLanguage ? english : { ...english, ...compile(language) } },
    });
    made.set(language, i18n);
  }
  return i18n;
}

/**
 * What the server says in a customer's language (issue 38 item 3, decision 0108): emails and
 * receipts, whichever instance or background job sends them, read the language from the customer's
 * account and take their words from the same catalogues as the pages.
 */
export function serverWords(language: Language): ServerWords {
  const i18n = i18nFor(language);
  return (id, values) => {
    if (!(id in i18nFor(sourceLanguage).messages))
      throw new Error(`No message ${id} in the English catalogue`);
    return i18n._(id, values);
  };
}

/** A page's full address in a language: "https://x/reset-password" in Welsh is "https://x/cy/reset-password". */
export function urlInLanguage(url: string, language: Language): string {
  const parsed = new URL(url);
  parsed.pathname = pathInLanguage(parsed.pathname, language);
  return parsed.toString();
}

/** Dates in a language, for emails and receipts: the same words and order as the pages' (`./dates.ts`). */
export function serverDates(language: Language) {
  return datesIn(serverNamespace(language, 'dates'));
}

/** One namespace's words by their keys, as the pages' `namespace()` gives them: `words('feeJoining')`. */
export function serverNamespace(language: Language, name: string) {
  const words = serverWords(language);
  return (key: string, values?: Record<string, unknown>) => words(`${name}.${key}`, values);
}

/** What `@lido/pricing` explains charges with (its `PricingWords`), in a customer's language. */
export function serverPricingWords(language: Language) {
  return { pricing: serverNamespace(language, 'pricing'), prettyDate: serverDates(language).prettyDate };
}
