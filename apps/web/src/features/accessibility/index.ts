// The accessibility statement's public surface: its path, for the footer link; the page itself loads lazily.
export const accessibilityStatementPath = '/accessibility-statement';
