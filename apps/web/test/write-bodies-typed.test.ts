import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every body the web sends is typed by the contract the server parses it with (decision 0075):
 * written in the `apiFetch` call as `body: … satisfies XBody`, where `XBody` is imported from
 * `@lido/contracts/…`. `satisfies` refuses a field the schema does not have and a missing one, so
 * a hand-written shape can no longer drift from the server's. `body: {}` is the one exception: the
 * routes that read no body (log out, extend the session, cancel a booking, end a freeze).
 */
interface Finding {
  line: number;
  problem: string;
}

const contractPrefix = '@lido/contracts/';

/** The names a file imports from the contracts package. */
function contractNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith(contractPrefix)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

/** A contract type, a union of them, or `undefined` beside them (a call that sometimes sends none). */
function isContractType(type: ts.TypeNode, contracts: Set<string>): boolean {
  if (ts.isUnionTypeNode(type))
    return (
      type.types.some((member) => member.kind !== ts.SyntaxKind.UndefinedKeyword) &&
      type.types.every(
        (member) => member.kind === ts.SyntaxKind.UndefinedKeyword || isContractType(member, contracts),
      )
    );
  return (
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    contracts.has(type.typeName.text) &&
    type.typeArguments === undefined
  );
}

/** Why a `body:` value is not typed from its contract, or null when it is. */
function bodyProblem(value: ts.Expression, contracts: Set<string>): string | null {
  while (ts.isParenthesizedExpression(value)) value = value.expression;
  if (ts.isObjectLiteralExpression(value) && value.properties.length === 0) return null;
  if (ts.isSatisfiesExpression(value))
    return isContractType(value.type, contracts)
      ? null
      : `body satisfies ${value.type.getText()}, which is not a type imported from ${contractPrefix}…`;
  // `(body satisfies FreezeBody | undefined) ?? {}`: each side on its own terms.
  if (ts.isBinaryExpression(value) && value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return bodyProblem(value.left, contracts) ?? bodyProblem(value.right, contracts);
  return `body ${value.getText()} is not written "satisfies" a contract type`;
}

/** A spread in the options that is plainly no body: object literals (maybe chosen by `?:`) without one. */
function spreadsNoBody(value: ts.Expression): boolean {
  while (ts.isParenthesizedExpression(value)) value = value.expression;
  if (ts.isConditionalExpression(value))
    return spreadsNoBody(value.whenTrue) && spreadsNoBody(value.whenFalse);
  return (
    ts.isObjectLiteralExpression(value) &&
    value.properties.every(
      (property) => !ts.isSpreadAssignment(property) && property.name?.getText() !== 'body',
    )
  );
}

/** Every `apiFetch` body in one file, and what is wrong with each. */
function checkFile(fileName: string, source: string): { bodies: number; findings: Finding[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const contracts = contractNames(file);
  const findings: Finding[] = [];
  let bodies = 0;
  const note = (node: ts.Node, problem: string) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, problem });
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'apiFetch'
    ) {
      const options = node.arguments[1];
      if (options && !ts.isObjectLiteralExpression(options))
        note(options, 'the options are not written in the call, so their body cannot be checked');
      else if (options)
        for (const property of options.properties) {
          if (ts.isSpreadAssignment(property)) {
            if (!spreadsNoBody(property.expression))
              note(property, 'a spread in the options may carry a body: write `body:` itself');
          } else if (property.name?.getText() === 'body') {
            bodies += 1;
            const problem = ts.isPropertyAssignment(property)
              ? bodyProblem(property.initializer, contracts)
              : 'body is not written "satisfies" a contract type';
            if (problem) note(property, problem);
          }
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { bodies, findings };
}

const srcDir = path.resolve(import.meta.dirname, '../src');
const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sourceFiles(path.join(dir, entry.name))
        : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );

const snippet = (body: string, imports = "import type { AddToCartBody } from '@lido/contracts/cart';") =>
  checkFile(
    'example.ts',
    `${imports}\nexport const call = () => apiFetch('cart/add', { method: 'POST', ${body} });\n`,
  ).findings;

describe('request bodies from contracts (decision 0075)', () => {
  it('finds every body the web sends typed by the contract the server parses it with', () => {
    let bodies = 0;
    const findings: string[] = [];
    for (const fileName of sourceFiles(srcDir)) {
      const result = checkFile(fileName, fs.readFileSync(fileName, 'utf8'));
      bodies += result.bodies;
      for (const { line, problem } of result.findings)
        findings.push(`${path.relative(srcDir, fileName)}:${line}: ${problem}`);
    }
    expect(findings).toEqual([]);
    // The walk really sees the calls: the web sends 34 bodies as this is written.
    expect(bodies).toBeGreaterThanOrEqual(30);
  });

  it('accepts a body that satisfies a contract type, a union of them, and the empty body', () => {
    expect(snippet('body: { items: [] } satisfies AddToCartBody')).toEqual([]);
    expect(
      snippet(
        'body: change.body satisfies RemoveFromCartBody | UpdateBookingItemBody | undefined',
        "import type { RemoveFromCartBody, UpdateBookingItemBody } from '@lido/contracts/cart';",
      ),
    ).toEqual([]);
    expect(snippet('body: {}')).toEqual([]);
    expect(
      snippet(
        'body: (body satisfies FreezeBody | undefined) ?? {}',
        "import { type FreezeBody } from '@lido/contracts/membership-freeze';",
      ),
    ).toEqual([]);
  });

  it('refuses a body written by hand, or typed by anything but a contract', () => {
    const problems = (body: string, imports?: string) => snippet(body, imports).map((f) => f.problem);
    expect(problems("body: { items: [{ id: 1, type: 'booking' }] }")).toEqual([
      expect.stringContaining('is not written "satisfies" a contract type'),
    ]);
    expect(problems('body')).toHaveLength(1);
    expect(problems('body: choice')).toHaveLength(1);
    expect(problems('body: { items: [] } satisfies LocalShape')).toEqual([
      expect.stringContaining('not a type imported from @lido/contracts/'),
    ]);
    expect(
      problems('body: x satisfies Thing', "import type { Thing } from '../../lib/things.ts';"),
    ).toHaveLength(1);
    expect(problems('body: x satisfies AddToCartBody | Record<string, unknown>')).toHaveLength(1);
    expect(problems('body: x satisfies undefined')).toHaveLength(1);
    expect(problems('body: body ?? {}')).toHaveLength(1);
  });

  it('refuses options it cannot see into: a variable, or a spread that may carry the body', () => {
    const findings = checkFile(
      'example.ts',
      [
        "const a = () => apiFetch('cart/add', options);",
        "const b = () => apiFetch('cart/add', { method: 'POST', ...(x ? { body: x } : {}) });",
        "const c = () => apiFetch('cart');",
        "const d = () => apiFetch('cart', { ...(signal ? { signal } : {}) });",
        "const e = () => apiFetch('cart', { ...rest });",
      ].join('\n'),
    ).findings;
    expect(findings.map((finding) => finding.line)).toEqual([1, 2, 5]);
  });
});
