import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { camelToSnake } from '@lido/contracts/case';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';

const openApiPath = '/api/openapi.json';
const apiDocsPrefix = '/api/docs';

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Requests are documented as the browser sends them: snake_case keys (the server converts them to
 * the contracts' camelCase before a handler reads them). Path parameters keep their route names.
 */
function snakeCaseKeys(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeCaseKeys);
  if (!isSchema(schema)) return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isSchema(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [camelToSnake(name), snakeCaseKeys(inner)]),
      );
    } else if (key === 'required' && Array.isArray(value)) {
      result[key] = value.map((name) => (typeof name === 'string' ? camelToSnake(name) : name));
    } else {
      result[key] = snakeCaseKeys(value);
    }
  }
  return result;
}

const zodTransform = createJsonSchemaTransform({});

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document of every /api route, made from the routes' zod
 * schemas; the docs page at /api/docs when `LIDO_API_DOCS` allows it (off in production by default).
 * Registered before the routes, so it sees each of them.
 */
export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lido API',
        version: '1',
        description:
          'Requests are sent in snake_case and answered in camelCase; answers are wrapped in `data`; ' +
          'every error is `{message}`, with `errors` (field to messages) on a 422.',
      },
    },
    transform: (input) => {
      // The sites' pages, fonts and files are not part of the API.
      if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
      const { schema, url } = zodTransform(input);
      // Grouped on the docs page by the path's first part (cart, memberships, my-account, …).
      const documented: Record<string, unknown> = { tags: [url.split('/')[2]], ...schema };
      for (const part of ['querystring', 'body'] as const)
        if (documented[part]) documented[part] = snakeCaseKeys(documented[part]);
      return { schema: documented, url };
    },
  });
  const documentSchema = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });
  app.get(
    openApiPath,
    { schema: { summary: 'This document', response: { 200: documentSchema } } },
    async () => app.swagger(),
  );
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: apiDocsPrefix });
}
