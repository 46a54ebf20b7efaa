import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { EmailOutbox } from '../modules/email/index.ts';
import { escapeHtml } from './escape-html.ts';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #ccc}a{color:#1a4fa0}.table-scroll{overflow-x:auto;position:relative}</style></head>
<body><main>${body}</main></body></html>`;
}

function attachmentList(entry: { id: string; attachments?: { filename: string }[] | undefined }): string {
  const files = entry.attachments ?? [];
  if (files.length === 0) return '';
  const items = files
    .map(
      (file, index) =>
        `<li><a href="/dev/outbox/${escapeHtml(entry.id)}/attachments/${index}">${escapeHtml(file.filename)}</a></li>`,
    )
    .join('');
  return `<h2>Attachments</h2><ul>${items}</ul>`;
}

/**
 * `/dev/outbox`: the emails the demo "sent", so a person trying it can open a reset link. They are
 * read from the database's outbox, so every instance's mail shows, sent or still waiting. Never
 * served in production.
 */
export function registerDevOutbox(app: FastifyInstance, config: Config, outbox: EmailOutbox): void {
  if (config.env === 'production') return;
  app.get('/dev/outbox', async (_request, reply) => {
    const rows = (await outbox.list())
      .map(
        (entry) =>
          `<tr><td>${escapeHtml(entry.queuedAt)}</td><td>${entry.sentAt ? 'Sent' : 'Waiting'}</td><td>${escapeHtml(entry.to)}</td><td><a href="/dev/outbox/${entry.id}">${escapeHtml(entry.subject)}</a></td></tr>`,
      )
      .join('');
    const body = rows
      ? `<div class="table-scroll" role="region" aria-label="Emails sent" tabindex="0"><table><thead><tr><th scope="col">Queued</th><th scope="col">Status</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : '<p>No email has been sent yet.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Outbox', `<h1>Outbox</h1><p>Email the demo would have sent, newest first.</p>${body}`));
  });
  app.get<{ Params: { id: string } }>('/dev/outbox/:id', async (request, reply) => {
    const entry = await outbox.read(request.params.id);
    if (!entry)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page('Not found', '<h1>No such email</h1><p><a href="/dev/outbox">Back to the outbox</a></p>'));
    // The message's HTML was built by our own templates with every value escaped.
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          entry.subject,
          `<p><a href="/dev/outbox">Back to the outbox</a></p><h1>${escapeHtml(entry.subject)}</h1><p>To: ${escapeHtml(entry.to)}</p><article>${entry.html}</article>${attachmentList(entry)}`,
        ),
      );
  });
  // A message's attached file (a booking's .ics), as the recipient's mail program would open it.
  app.get<{ Params: { id: string; index: string } }>(
    '/dev/outbox/:id/attachments/:index',
    async (request, reply) => {
      const index = /^\d{1,2}$/.test(request.params.index) ? Number(request.params.index) : -1;
      const entry = await outbox.read(request.params.id);
      const file = entry?.attachments?.[index];
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('No such attachment');
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '')}"`)
        .send(Buffer.from(file.contentBase64, 'base64'));
    },
  );
}
