import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerTranslator } from '@lido/messages/server-answers';
import { type Language, sourceLanguage } from '@lido/messages/languages';
import type { Config } from '../config.ts';

/**
 * The language an answer is in (decision 0110): the first of `Accept-Language` the operator offers,
 * else English. The customer sites send their page's language on every call, so a Welsh page gets
 * Welsh refusals whatever language the browser itself prefers.
 */
export function answerLanguage(header: string | undefined, offered: readonly Language[]): Language {
  if (!header) return sourceLanguage;
  const wanted = header
    .split(',')
    .slice(0, 20)
    .map((range, order) => {
      const [tag = '', ...parameters] = range.trim().split(';');
      const q = Number(
        parameters
          .find((parameter) => parameter.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { primary: tag.trim().toLowerCase().split('-')[0]!, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { primary } of wanted) {
    const found = offered.find((language) => language === primary);
    if (found) return found;
  }
  return sourceLanguage;
}

/** The language a request's answer is in: the staff site's always English (issue 38 item 5). */
export function requestLanguage(
  request: Pick<FastifyRequest, 'headers' | 'site'>,
  offered: readonly Language[],
): Language {
  return request.site === 'front-of-house'
    ? sourceLanguage
    : answerLanguage(request.headers['accept-language'], offered);
}

interface Refusal {
  message?: unknown;
  errors?: unknown;
}

/**
 * A refusal's words (its `message` and each field's messages) in the language the customer site
 * asked for. The staff site stays English (issue 38 item 5); an English-only operator adds nothing.
 */
export function registerAnswerLanguage(app: FastifyInstance, config: Pick<Config, 'languages'>): void {
  if (!config.languages.some((language) => language !== sourceLanguage)) return;
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || request.language === sourceLanguage) return payload;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const language = request.language;
    const translate = answerTranslator(language);
    const refusal = payload as Refusal;
    const translated: Refusal = { ...refusal };
    if (typeof refusal.message === 'string') translated.message = translate(refusal.message);
    if (refusal.errors && typeof refusal.errors === 'object' && !Array.isArray(refusal.errors)) {
      translated.errors = Object.fromEntries(
        Object.entries(refusal.errors).map(([field, messages]) => [
          field,
          Array.isArray(messages)
            ? messages.map((message) => (typeof message === 'string' ? translate(message) : message))
            : messages,
        ]),
      );
    }
    return translated;
  });
}
