/**
 * Customer pages say nothing in their own words (issue 38 item 1, decision 0108): every word a
 * customer reads comes from the message catalogues (packages/messages/locales), so Welsh can be as
 * complete as English. This reports words written straight into a customer component: JSX text,
 * and string or template literals given to the attributes people read or hear.
 */
const readAttributes = new Set(['aria-label', 'aria-description', 'title', 'alt', 'placeholder', 'label']);
const hasWords = (text) => /\p{L}{2,}/u.test(text);

export const wordsFromCatalogue = {
  meta: {
    type: 'problem',
    docs: { description: 'Customer-facing words come from the message catalogues' },
    messages: {
      text: 'Words a customer reads come from the message catalogue (decision 0108): "{{text}}"',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!readAttributes.has(name) || !node.value) return;
        if (
          node.value.type === 'Literal' &&
          typeof node.value.value === 'string' &&
          hasWords(node.value.value)
        ) {
          report(node.value, node.value.value);
        }
        const inner = node.value.type === 'JSXExpressionContainer' ? node.value.expression : null;
        if (inner?.type === 'Literal' && typeof inner.value === 'string' && hasWords(inner.value))
          report(inner, inner.value);
        if (
          inner?.type === 'TemplateLiteral' &&
          inner.quasis.some((quasi) => hasWords(quasi.value.cooked ?? ''))
        ) {
          report(inner, inner.quasis.map((quasi) => quasi.value.cooked).join('…'));
        }
      },
    };
  },
};
