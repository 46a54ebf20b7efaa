import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * "Garage Gothic" is a commercial face, so it is never shipped: an operator that licenses it puts
 * `garage-gothic-bold.woff2` in `LIDO_FONTS_DIR` (by default `LIDO_DATA_DIR/fonts/`; with several
 * instances, a directory they all mount), and the browser falls back to a free condensed face when
 * this answers 404.
 */
const allowedFonts = new Set(['garage-gothic-bold.woff2', 'garage-gothic-regular.woff2']);

export function registerOperatorFonts(app: FastifyInstance, config: Config): void {
  app.get<{ Params: { file: string } }>('/operator-fonts/:file', async (request, reply) => {
    const { file } = request.params;
    if (!allowedFonts.has(file))
      return reply.status(404).send({ message: 'Unable to complete request, item not found.' });
    const fullPath = path.join(config.fontsDir, file);
    if (!fs.existsSync(fullPath))
      return reply.status(404).send({ message: 'Unable to complete request, item not found.' });
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=86400')
      .send(fs.createReadStream(fullPath));
  });
}
