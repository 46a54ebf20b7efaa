import { snakeToCamel } from '@lido/contracts/case';
import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationError, type FieldErrors } from './errors.ts';

/** No form or call of ours nests deeper than a few levels; 64 leaves room and bounds every walk. */
const maxInputDepth = 64;
const tooDeepMessage = 'The request body is nested too deeply.';

const nulMessage = (field: string) => `${field} must not contain a NUL character (\\u0000).`;
/** PostgreSQL cannot store U+0000 in text; shown escaped so a field name never carries it either. */
const shown = (text: string) => text.replaceAll('\u0000', '\\u0000');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Walks a parsed input with its own stack (never recursion), stopping at the first container
 * deeper than `maxInputDepth`, and names every field whose key or text holds a NUL character, in the
 * camelCase dotted form the 422 answers use. Non-plain values (a webhook's raw bytes) are left alone.
 */
function inspect(value: unknown, prefix: string[], nulFields: string[]): { tooDeep: boolean } {
  const work: { value: unknown; path: string[]; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  for (let item = work.pop(); item; item = work.pop()) {
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) nulFields.push(item.path.join('.'));
      continue;
    }
    const entries = Array.isArray(item.value)
      ? item.value.map((inner, index) => [String(index), inner] as const)
      : isPlainObject(item.value)
        ? Object.entries(item.value)
        : undefined;
    if (!entries) continue;
    if (item.depth + 1 > maxInputDepth) return { tooDeep: true };
    for (const [key, inner] of entries.reverse()) {
      const path = [...item.path, shown(snakeToCamel(key))];
      if (key.includes('\u0000')) nulFields.push(path.join('.'));
      else work.push({ value: inner, path, depth: item.depth + 1 });
    }
  }
  return { tooDeep: false };
}

/**
 * Input no handler should ever see: a body nested deeper than 64 levels (400), and a NUL character
 * in any text of the path, query or body (422 naming the field). Runs before the key conversion, so
 * neither reaches a recursive walk or PostgreSQL.
 */
export function refuseHostileInput(request: FastifyRequest): void {
  const nulFields: string[] = [];
  if (inspect(request.body, [], nulFields).tooDeep) throw new HttpError(400, tooDeepMessage);
  // The query and path parameters come without Object's prototype: copied, they are walked the same way.
  inspect({ ...(request.query as object) }, [], nulFields);
  inspect({ ...(request.params as object) }, [], nulFields);
  if (nulFields.length === 0) return;
  const errors: FieldErrors = {};
  for (const field of nulFields.slice(0, 20))
    errors[field || 'request'] = [nulMessage(field || 'The request')];
  throw new ValidationError(errors);
}
