import { dataEnvelope, errorResponseSchema } from '@lido/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/**
 * How routes declare their schemas (decision 0021). The zod schemas of `@lido/contracts` are given
 * to each route as `schema: { querystring, body, params, response }`: they type the handler's
 * answer and make the OpenAPI document (api-docs.ts). They do not validate requests or serialize
 * answers: handlers parse their input with `parseInput`, whose 422 is the spec's one error shape,
 * and answers are written with JSON.stringify as before, so nothing is stripped or reordered.
 */
export interface LidoTypeProvider extends FastifyTypeProvider {
  /** Input stays `unknown` until `parseInput` has checked it (snake_case was already converted). */
  validator: unknown;
  /** What the handler returns must match the documented answer. */
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The app as routes see it: schemas are zod schemas and answers are typed by them. */
export function apiRoutes(app: FastifyInstance) {
  return app.withTypeProvider<LidoTypeProvider>();
}

/** Requests are checked by the handlers (parseInput) after the snake_case conversion, never here. */
export function registerSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  // The same bytes as Fastify's answer without a schema: documented fields are never stripped.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** A 200 answer wrapped in `data`, and the one error shape for every 4xx. */
export function ok<S extends z.ZodType>(schema: S) {
  return { 200: dataEnvelope(schema), '4xx': errorResponseSchema };
}

/** A 201 answer wrapped in `data`, and the one error shape for every 4xx. */
export function created<S extends z.ZodType>(schema: S) {
  return { 201: dataEnvelope(schema), '4xx': errorResponseSchema };
}

/**
 * Sends an answer already serialised to JSON (a cached `{ data }`, decision 0061). Fastify sends a
 * Buffer with a JSON content type as it is: the bytes a fresh `JSON.stringify` would have written.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
