/**
 * The repository's import cycles (issue 32 item 3, decision 0081): `npm run cycles`, in CI. A cycle
 * is what runs: type-only imports vanish when TypeScript is compiled, so they are not followed
 * (tsPreCompilationDeps: false); a door (a module's index.ts) that re-exported its way into a loop
 * would be caught.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file must not import itself back through others: break the loop at the lower layer.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.e2e-artifacts|data)/' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
