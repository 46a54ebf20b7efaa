import { Fragment, type ReactNode } from 'react';
import type { Words } from './i18n.ts';

// Characters no translator types: they mark where each part goes in the filled-in sentence.
const open = '\u0001';
const close = '\u0002';
const marker = new RegExp(`${open}([A-Za-z0-9_]+)${close}`);

/**
 * A sentence with elements inside it, e.g. a link: the message is one whole sentence with a
 * placeholder ("Read our {termsLink} first."), so a translator can move the link where their
 * language puts it, and `parts` gives what each placeholder shows (a link whose own text is another
 * message). `values` fill the plain placeholders as `words` does.
 */
export function wordsWithParts(
  words: Words,
  key: string,
  parts: Record<string, ReactNode>,
  values: Record<string, unknown> = {},
): ReactNode {
  const markers = Object.fromEntries(Object.keys(parts).map((name) => [name, `${open}${name}${close}`]));
  const pieces = words(key, { ...values, ...markers }).split(marker);
  // split with a capture group: even indexes are text, odd ones the names of parts.
  return pieces.map((piece, index) =>
    index % 2 === 0 ? piece : <Fragment key={`${piece}-${index}`}>{parts[piece]}</Fragment>,
  );
}
