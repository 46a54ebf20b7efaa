import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../http/escape-html.ts';
import { type ChallengeResult, decodeCreq, signCres } from './cres.ts';
import type { SandboxSettings, SandboxStore } from './sandbox-store.ts';

/**
 * The sandbox provider's browser pages: the drop-in script, the card frame and the simulated issuer
 * (ACS) challenge (payments-reference.md §5.5 and §5.6). Scripts are files, never inline, so each
 * page's CSP allows only the sandbox's own scripts; the frames may be embedded only by our sites.
 */
const assets = path.join(import.meta.dirname, 'assets');
const script = (name: string) => fs.readFileSync(path.join(assets, name), 'utf8');

interface SandboxPagesOptions {
  store: SandboxStore;
  settings: () => SandboxSettings;
  now: () => number;
  cresSecret: string;
  /** the origins allowed to embed the card frame and receive the issuer's answer */
  appOrigins: () => string[];
  basePath: string;
}

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 4px; color: #1b1b1b; background: #fff; }
  .banner { background: #fff4ce; color: #4a3b00; font-size: 12px; padding: 4px 8px; border-radius: 4px; margin: 0 0 8px; }
  label { display: block; font-weight: 700; font-size: 14px; margin: 8px 0 4px; }
  input[type=text], input[type=password] { box-sizing: border-box; width: 100%; font-size: 16px; padding: 8px; border: 1px solid #6b6b6b; border-radius: 4px; }
  input[aria-invalid=true] { border-color: #b00020; }
  input:focus { outline: 3px solid #1a5fb4; outline-offset: 1px; }
  .row { display: flex; gap: 12px; }
  .row > div { flex: 1; }
  .field-error { color: #b00020; font-size: 13px; min-height: 0; margin: 2px 0 0; }
  .field-error:empty { display: none; }
  button { font-size: 16px; padding: 8px 16px; margin: 12px 8px 0 0; border-radius: 4px; border: 1px solid #1a5fb4; background: #1a5fb4; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1a5fb4; }
  h1 { font-size: 18px; margin: 4px 0 8px; }
  p { margin: 4px 0; }
</style>
${extraHead}
</head>
<body>
${body}
</body>
</html>`;
}

function inputField(id: string, label: string, attributes: string): string {
  return `<div>
  <label for="${id}">${label}</label>
  <input type="text" id="${id}" name="${id}" ${attributes} aria-describedby="${id}-error">
  <p class="field-error" id="${id}-error" role="alert"></p>
</div>`;
}

export function registerSandboxPages(app: FastifyInstance, options: SandboxPagesOptions): void {
  const { basePath } = options;
  const frameHeaders = (reply: FastifyReply, extraFormAction = '') =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'unsafe-inline'",
          "connect-src 'self'",
          `form-action 'self' ${extraFormAction}`.trim(),
          `frame-ancestors ${options.appOrigins().join(' ')}`,
          "base-uri 'none'",
          "object-src 'none'",
        ].join('; '),
      );

  app.get(`${basePath}/api/v1/js/sagepay.js`, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .send(script('sagepay.js')),
  );
  for (const name of ['card-frame.js', 'auto-submit.js', 'acs-focus.js'])
    app.get(`${basePath}/assets/${name}`, async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').send(script(name)),
    );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    `${basePath}/frame/card`,
    async (request, reply) => {
      const { parentOrigin, mode } = request.query;
      if (!parentOrigin || !options.appOrigins().includes(parentOrigin))
        return reply.status(403).type('text/plain').send('This card form can only be shown by the merchant.');
      const cvvOnly = mode === 'cvv';
      const fields = cvvOnly
        ? inputField(
            'security-code',
            'Security code (CVV)',
            'inputmode="numeric" autocomplete="cc-csc" maxlength="4"',
          )
        : [
            inputField(
              'cardholder-name',
              'Name on card',
              'autocomplete="cc-name" maxlength="45" spellcheck="false"',
            ),
            inputField(
              'card-number',
              'Card number',
              'inputmode="numeric" autocomplete="cc-number" maxlength="23"',
            ),
            `<div class="row">${inputField('expiry-date', 'Expiry date (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"')}${inputField('security-code', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>`,
          ].join('\n');
      const html = page(
        'Card details',
        `<main>
<p class="banner">SANDBOX — test cards only</p>
<form id="card-form" novalidate>
${fields}
</form>
</main>
<script src="${basePath}/assets/card-frame.js" defer></script>`,
      ).replace('<body>', `<body data-api-base="${escapeHtml(`${basePath}/api/v1`)}">`);
      return frameHeaders(reply).send(html);
    },
  );

  // ---- the simulated issuer ----
  app.post<{ Body: Record<string, string | undefined> }>(
    `${basePath}/acs/challenge`,
    async (request, reply) => {
      const creq = decodeCreq(request.body?.creq ?? '');
      const session = request.body?.threeDSSessionData ?? '';
      const tx = creq ? options.store.byAcsTransId(creq.acsTransID) : undefined;
      if (!creq || !tx || tx.status !== '3DAuth' || tx.challengeDone)
        return frameHeaders(reply, options.appOrigins().join(' ')).send(
          page(
            'Sandbox issuer',
            '<main><p class="banner">SANDBOX — test cards only</p><h1>This challenge has expired</h1><p>Close this window and try the payment again.</p></main>',
          ),
        );
      if (tx.card?.cardholderName.trim().toUpperCase() === 'CHALLENGE SLOW')
        await new Promise((resolve) => setTimeout(resolve, 5000));
      const password = escapeHtml(options.settings().acsPassword);
      return frameHeaders(reply).send(
        page(
          'Sandbox issuer: confirm your payment',
          `<main>
<p class="banner">SANDBOX — test cards only</p>
<h1>Confirm your payment</h1>
<p>Your bank wants to check it is you paying ${escapeHtml(formatAmount(tx.amount, tx.currency))}.</p>
<p>Sandbox password: <strong>${password}</strong></p>
<form method="post" action="${basePath}/acs/submit">
  <input type="hidden" name="acsTransID" value="${escapeHtml(creq.acsTransID)}">
  <input type="hidden" name="threeDSSessionData" value="${escapeHtml(session)}">
  <label for="acs-password">Password</label>
  <input type="password" id="acs-password" name="password" autocomplete="off">
  <button type="submit" name="action" value="submit">Submit</button>
  <button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
  <button type="submit" name="action" value="timeout" class="secondary">Let it time out</button>
</form>
</main>
<script src="${basePath}/assets/acs-focus.js" defer></script>`,
        ),
      );
    },
  );

  app.post<{ Body: Record<string, string | undefined> }>(`${basePath}/acs/submit`, async (request, reply) => {
    const body = request.body ?? {};
    const tx = options.store.byAcsTransId(body.acsTransID ?? '');
    if (!tx?.notificationURL) return reply.status(404).type('text/plain').send('Unknown challenge.');
    const late = options.now() - tx.createdAt > options.settings().acsTimeoutSeconds * 1000;
    const result: ChallengeResult = {
      messageType: 'CRes',
      threeDSServerTransID: tx.transactionId,
      acsTransID: tx.acsTransId!,
      transStatus: 'N',
    };
    if (tx.status !== '3DAuth' || tx.challengeDone) result.transStatus = 'U';
    else if (body.action === 'cancel') result.challengeCancel = '01';
    else if (body.action === 'timeout' || late) result.challengeCancel = '04';
    else if (body.password === options.settings().acsPassword) result.transStatus = 'Y';
    const cres = signCres(result, options.cresSecret);
    const target = new URL(tx.notificationURL);
    return frameHeaders(reply, target.origin).send(
      page(
        'Returning to the merchant',
        `<main>
<p class="banner">SANDBOX — test cards only</p>
<form method="post" action="${escapeHtml(tx.notificationURL)}" data-auto-submit>
  <input type="hidden" name="cres" value="${escapeHtml(cres)}">
  <input type="hidden" name="threeDSSessionData" value="${escapeHtml(body.threeDSSessionData ?? '')}">
  <p>Returning you to the merchant…</p>
  <noscript><button type="submit">Continue</button></noscript>
</form>
</main>
<script src="${basePath}/assets/auto-submit.js" defer></script>`,
      ),
    );
  });
}

function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}
