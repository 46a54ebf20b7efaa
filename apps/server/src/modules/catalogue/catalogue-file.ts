import { isMap, LineCounter, parseDocument, type Document } from 'yaml';
import { crossCheckActivities } from './activities-cross-check.ts';
import { type CatalogueFile, catalogueFileSchema } from './catalogue-file.schema.ts';
import { crossCheckOpenings } from './openings-file.schema.ts';
import { crossCheckPackages } from './packages-file.schema.ts';
import { crossCheckCourses } from './courses-file.schema.ts';

export interface CatalogueProblem {
  /** e.g. types[2].paymentOptions[0].pricePence */
  path: string;
  line: number | null;
  message: string;
}

type CatalogueParseResult =
  { ok: true; catalogue: CatalogueFile } | { ok: false; problems: CatalogueProblem[] };

type PathSegment = string | number;

function formatPath(path: readonly PathSegment[]): string {
  return (
    path.reduce<string>(
      (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
      '',
    ) || '(file)'
  );
}

/** The line of the deepest node that exists along `path` (a missing key points at its parent). */
function lineOf(doc: Document, lines: LineCounter, path: readonly PathSegment[]): number | null {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) return lines.linePos(node.range[0]).line;
  }
  return null;
}

/**
 * Reads a catalogue file (YAML, of which JSON is a subset) and checks its shape and its internal
 * references. Every problem is reported with its path and line; nothing is thrown.
 */
export function parseCatalogue(
  source: string,
  venueSlugs: ReadonlySet<string>,
  /** checks of a well-shaped file against what is stored (price changes already told to members) */
  storedChecks: (catalogue: CatalogueFile) => { path: PathSegment[]; message: string }[] = () => [],
): CatalogueParseResult {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        path: '(file)',
        line: error.linePos?.[0]?.line ?? null,
        message: `YAML: ${error.message.split('\n')[0]}`,
      })),
    };
  }
  const root = doc.contents;
  if (!isMap(root)) {
    return {
      ok: false,
      problems: [
        {
          path: '(file)',
          line: 1,
          message: 'must be a mapping with sections such as categories, types, activities and schedules',
        },
      ],
    };
  }
  const raw = doc.toJS() as Raw;
  const parsed = catalogueFileSchema.safeParse(raw);
  const shapeProblems: CatalogueProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const path = issue.path.filter((part): part is PathSegment => typeof part !== 'symbol');
        // An unknown key is reported on the key itself, so the line points at the typo.
        const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
        const target = keys.length > 0 ? [...path, keys[0]!] : path;
        return { path: formatPath(target), line: lineOf(doc, lines, target), message: issue.message };
      });
  const referenceProblems = [
    ...crossCheck(raw, venueSlugs),
    ...crossCheckActivities(raw, venueSlugs),
    ...crossCheckPackages(raw, venueSlugs),
    ...crossCheckOpenings(raw, venueSlugs),
    ...crossCheckCourses(raw, venueSlugs),
  ].map((problem) => ({
    path: formatPath(problem.path),
    line: lineOf(doc, lines, problem.path),
    message: problem.message,
  }));
  const storedProblems = (parsed.success ? storedChecks(parsed.data) : []).map((problem) => ({
    path: formatPath(problem.path),
    line: lineOf(doc, lines, problem.path),
    message: problem.message,
  }));
  const problems = [...shapeProblems, ...referenceProblems, ...storedProblems].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0),
  );
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, catalogue: parsed.data };
}

type Raw = Record<string, unknown>;

function list(value: unknown): Raw[] {
  return Array.isArray(value)
    ? value.map((item) => (item && typeof item === 'object' ? (item as Raw) : {}))
    : [];
}

function textList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function duplicates(
  items: Raw[],
  field: string,
  fold: (value: string) => string = (value) => value,
): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  items.forEach((item, index) => {
    const value = item[field];
    if (typeof value !== 'string') return;
    if (seen.has(fold(value))) repeated.push(index);
    seen.add(fold(value));
  });
  return repeated;
}

/**
 * References between the file's sections, and to the operator's centres. It reads the raw file, so
 * these problems are listed together with any shape problems.
 */
function crossCheck(file: Raw, venueSlugs: ReadonlySet<string>): { path: PathSegment[]; message: string }[] {
  const problems: { path: PathSegment[]; message: string }[] = [];
  const categories = list(file.categories);
  const eligibility = list(file.eligibility);
  const types = list(file.types);
  const terms = list(file.terms);
  const promotions = list(file.promotions);
  const categoryKeys = new Set(categories.map((category) => category.key));
  const eligibilityKeys = new Set(eligibility.map((rule) => rule.key));
  const typeSlugs = new Set(types.map((type) => type.slug));
  const missing = (set: Set<unknown>, value: unknown) => typeof value === 'string' && !set.has(value);

  for (const index of duplicates(categories, 'key'))
    problems.push({ path: ['categories', index, 'key'], message: 'is used twice' });
  for (const index of duplicates(eligibility, 'key'))
    problems.push({ path: ['eligibility', index, 'key'], message: 'is used twice' });
  for (const index of duplicates(types, 'slug'))
    problems.push({ path: ['types', index, 'slug'], message: 'is used twice' });
  for (const index of duplicates(terms, 'key'))
    problems.push({ path: ['terms', index, 'key'], message: 'is used twice' });
  for (const index of duplicates(promotions, 'code', (code) => code.toUpperCase())) {
    problems.push({ path: ['promotions', index, 'code'], message: 'is used twice (codes ignore case)' });
  }

  types.forEach((type, t) => {
    textList(type.categories).forEach((category, c) => {
      if (missing(categoryKeys, category))
        problems.push({
          path: ['types', t, 'categories', c],
          message: `"${String(category)}" is not a category in this file`,
        });
    });
    textList(type.venues).forEach((venue, v) => {
      if (typeof venue === 'string' && !venueSlugs.has(venue)) {
        problems.push({
          path: ['types', t, 'venues', v],
          message: `"${venue}" is not one of the operator's centres`,
        });
      }
    });
    if (missing(eligibilityKeys, type.eligibility)) {
      problems.push({
        path: ['types', t, 'eligibility'],
        message: `"${String(type.eligibility)}" is not an eligibility rule in this file`,
      });
    }
    for (const index of duplicates(list(type.paymentOptions), 'key')) {
      problems.push({
        path: ['types', t, 'paymentOptions', index, 'key'],
        message: 'is used twice in this membership',
      });
    }
    for (const index of duplicates(list(type.questions), 'reference')) {
      problems.push({
        path: ['types', t, 'questions', index, 'reference'],
        message: 'is used twice in this membership',
      });
    }
  });
  terms.forEach((entry, index) => {
    if (missing(typeSlugs, entry.type))
      problems.push({
        path: ['terms', index, 'type'],
        message: `"${String(entry.type)}" is not a membership type in this file`,
      });
  });
  promotions.forEach((promo, p) => {
    textList(promo.types).forEach((slug, s) => {
      if (missing(typeSlugs, slug))
        problems.push({
          path: ['promotions', p, 'types', s],
          message: `"${String(slug)}" is not a membership type in this file`,
        });
    });
  });
  // A manager's centres (decision 0092).
  list(file.staff).forEach((member, m) => {
    textList(member.centres).forEach((venue, v) => {
      if (typeof venue === 'string' && !venueSlugs.has(venue))
        problems.push({
          path: ['staff', m, 'centres', v],
          message: `"${venue}" is not one of the operator's centres`,
        });
    });
  });
  return problems;
}

export function formatProblems(fileName: string, problems: CatalogueProblem[]): string {
  return [
    `${fileName}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported.`,
    ...problems.map(
      (problem) =>
        `  ${fileName}${problem.line ? `:${problem.line}` : ''}  ${problem.path}: ${problem.message}`,
    ),
  ].join('\n');
}
