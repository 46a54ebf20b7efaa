import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { namespace } from '../src/i18n/i18n.ts';
import { wordsWithParts } from '../src/i18n/words-with-parts.tsx';

const words = namespace(
  'partsTest',
  {
    'partsTest.readTerms': 'Read our {termsLink} before {date}.',
    'partsTest.twice': '{a} and {b}, then {a}',
  },
  { cy: async () => ({ default: {} }) },
);

describe('words with parts', () => {
  it('puts each element where the sentence has its placeholder, and fills the plain ones', () => {
    const { container } = render(
      <p>
        {wordsWithParts(words, 'readTerms', { termsLink: <a href="/terms">terms</a> }, { date: '1 May' })}
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Read our <a href="/terms">terms</a> before 1 May.</p>');
  });

  it('shows a part as often as the sentence names it', () => {
    const { container } = render(<p>{wordsWithParts(words, 'twice', { a: <b>A</b>, b: <i>B</i> })}</p>);
    expect(container.innerHTML).toBe('<p><b>A</b> and <i>B</i>, then <b>A</b></p>');
  });
});
