/** The languages Lido speaks; English is the specification's and the fallback for a missing text. */
export const languages = ['en', 'cy'] as const;
export type Language = (typeof languages)[number];
export const sourceLanguage: Language = 'en';

/** Each language's name in itself, as the switch shows it (it is always said in its own language). */
export const languageNames: Record<Language, string> = { en: 'English', cy: 'Cymraeg' };

/** The address prefix of a language's pages: none for English, "/cy" for Welsh (decision 0108). */
export function languagePrefix(language: Language): string {
  return language === sourceLanguage ? '' : `/${language}`;
}

/** The language an address is in, by its first segment ("/cy/centres" is Welsh). */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return languages.find((language) => language !== sourceLanguage && language === first) ?? sourceLanguage;
}

/** The same address in another language: "/cy/centres?x=1" in English is "/centres?x=1". */
export function pathInLanguage(pathWithQuery: string, language: Language): string {
  const from = languageOfPath(pathWithQuery.split(/[?#]/)[0] ?? '/');
  let rest = pathWithQuery;
  const oldPrefix = languagePrefix(from);
  if (
    oldPrefix &&
    (rest === oldPrefix || rest.startsWith(`${oldPrefix}/`) || /^[?#]/.test(rest.slice(oldPrefix.length)))
  ) {
    rest = rest.slice(oldPrefix.length) || '/';
  }
  // One leading slash, always: "/cy//evil.example" must not become a link to another host.
  rest = `/${rest.replace(/^[/\\]+/, '')}`;
  const prefix = languagePrefix(language);
  return prefix ? `${prefix}${rest === '/' ? '' : rest}` || prefix : rest;
}
