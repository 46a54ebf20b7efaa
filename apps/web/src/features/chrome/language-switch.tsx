import type { ClientSettings } from '@lido/contracts/client-settings';
import { languageNames, pathInLanguage } from '@lido/messages/languages';
import { pageLanguage } from '../../i18n/i18n.ts';
import { useLocation } from '../../router/index.ts';
import { saveLanguageChoice, useWelshOnLogin } from './language-choice.ts';
import { chromeWords } from './words.ts';

/**
 * "Cymraeg" on an English page, "English" on a Welsh one, at the top of every page of an operator
 * that offers both (issue 38 item 3, decision 0108). It is a plain link to the same address in the
 * other language, so the customer stays where they were, a bookmark keeps the language, and the new
 * page loads only its own language's words. Each name is said in its own language. A logged-in
 * customer's choice is saved on their account.
 */
export function LanguageSwitch({
  languages,
  isLoggedIn,
}: {
  languages: ClientSettings['languages'];
  isLoggedIn: boolean;
}) {
  const { pathname, search, hash } = useLocation();
  useWelshOnLogin(isLoggedIn);
  const others = languages.filter((language) => language !== pageLanguage);
  if (others.length === 0) return null;
  return (
    <nav className="language-switch" aria-label={chromeWords('languageSwitch')}>
      <ul>
        {others.map((language) => (
          <li key={language}>
            <a
              href={`${pathInLanguage(pathname, language)}${search}${hash}`}
              hrefLang={language}
              lang={language}
              onClick={() => isLoggedIn && saveLanguageChoice(language)}
            >
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
