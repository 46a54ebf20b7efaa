import { type Messages, setupI18n } from '@lingui/core';
import { type Language, languageOfPath, languagePrefix, sourceLanguage } from '@lido/messages/languages';

/**
 * The page's language, from its address ("/cy/..." is Welsh, decision 0108). It is fixed for the
 * page's life: the language switch is a link to the same page in the other language, so a page
 * never mixes two, and a bookmark or a shared link opens in the language it was made in.
 */
export const pageLanguage: Language =
  typeof window === 'undefined' ? sourceLanguage : languageOfPath(window.location.pathname);

/** What the router puts before every address of this page's language ("" in English). */
export const pageBasename = languagePrefix(pageLanguage);

// Each language starts with an empty catalogue of its own (not a module's object: see `namespace`),
// so activating the page's language before any words are in is not a missing catalogue.
export const i18n = setupI18n({
  locale: pageLanguage === 'cy' ? 'cy' : 'en',
  messages: { [sourceLanguage]: {}, [pageLanguage]: {} },
});

const loading = new Set<Promise<void>>();

type LoadMessages = () => Promise<{ default: Messages }>;

/** The words of one namespace, filled in: `words('skipLink')` is chrome.skipLink's in the page's language. */
export type Words = (key: string, values?: Record<string, unknown>) => string;

/**
 * A namespace of the product's words (decision 0108): its English, imported beside the code that
 * shows it, so an English page carries nothing more, and how to load its Welsh, which only a Welsh
 * page does. English fills any gap (the catalogue test keeps Welsh complete). An id the English
 * lacks is a mistake in the code: tests throw, and a page says so on the console (which fails e2e).
 */
export function namespace(
  name: string,
  english: Messages,
  load: Record<Exclude<Language, 'en'>, LoadMessages>,
): Words {
  // Copies, never the module's own object: Lingui keeps the first object it is given as the
  // language's whole catalogue and adds every later namespace into it, which would put all of them
  // into this namespace's English, and its Welsh, loaded after theirs, would then overwrite their
  // Welsh with English.
  i18n.load(sourceLanguage, { ...english });
  if (pageLanguage !== 'en') {
    const done = load[pageLanguage]().then(({ default: messages }) =>
      i18n.load(pageLanguage, { ...english, ...messages }),
    );
    loading.add(done);
    void done.finally(() => loading.delete(done));
  }
  return (key, values) => {
    const id = `${name}.${key}`;
    if (!(id in english)) {
      const problem = `No message ${id} in the English catalogue (packages/messages/locales/en.po)`;
      if (import.meta.env.MODE === 'test') throw new Error(problem);
      console.error(problem);
    }
    return i18n._(id, values);
  };
}

/** Settles once every part's words asked for so far are in; a page waits for it before it renders. */
export async function messagesLoaded(): Promise<void> {
  while (loading.size > 0) await Promise.all([...loading]);
}

i18n.activate(pageLanguage);
