import type { Plugin } from 'vite';
import { type Language, catalogueFile, compileNamespace, languages } from './catalogue.ts';

const prefix = 'lido-messages:';

/**
 * `import chrome from 'lido-messages:cy/chrome'` gives the chrome namespace's Welsh, compiled at
 * build time. Each namespace of each language is its own module, so the bundler puts English words
 * beside the code that shows them and Welsh in chunks only a Welsh page loads (decision 0108).
 */
export function lidoMessages(): Plugin {
  return {
    name: 'lido-messages',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [language, namespace] = id.slice(prefix.length + 1).split('/') as [Language, string];
      if (!languages.includes(language) || !namespace) {
        this.error(`${id.slice(1)}: expected lido-messages:<${languages.join('|')}>/<namespace>`);
      }
      this.addWatchFile(catalogueFile(language));
      const messages = compileNamespace(language, namespace);
      if (Object.keys(messages).length === 0 && language === 'en') {
        this.error(`${id.slice(1)}: the English catalogue has no messages in namespace "${namespace}"`);
      }
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
