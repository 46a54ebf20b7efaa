import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { createSandboxStore } from './sandbox-store.ts';

/** Where the sandbox answers Opayo's Reporting & Admin API (the real one is `…/access/access.htm`). */
export const sandboxReportingPath = '/access/access.htm';

const field = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/**
 * The one Reporting & Admin API command Lido uses: `getTransactionDetail` by our vendorTxCode, so
 * reconciliation can find a payment whose answer was lost (payments-reference.md §4.2). Like the
 * real API it takes an `XML` form field signed with an MD5 of its fields and the user's password.
 * Error codes: 0010 signature, 0043 no such transaction (both unverified against Opayo).
 */
export function registerSandboxReporting(
  app: FastifyInstance,
  path: string,
  options: {
    store: ReturnType<typeof createSandboxStore>;
    vendorName: string;
    user: string;
    password: string;
  },
): void {
  app.post(path, async (request, reply) => {
    const xml = String((request.body as Record<string, unknown> | undefined)?.XML ?? '');
    const answer = (fields: string) =>
      reply
        .type('application/xml')
        .send(`<vspaccess>${fields}<timestamp>${new Date().toISOString()}</timestamp></vspaccess>`);
    const start = xml.indexOf('<vspaccess>');
    const end = xml.indexOf('<signature>');
    const signed = start >= 0 && end > start ? xml.slice(start + '<vspaccess>'.length, end) : '';
    const expected = createHash('md5')
      .update(`${signed}<password>${options.password}</password>`)
      .digest('hex');
    if (
      field(xml, 'vendor') !== options.vendorName ||
      field(xml, 'user') !== options.user ||
      field(xml, 'signature')?.toLowerCase() !== expected
    )
      return answer('<errorcode>0010</errorcode><error>Cannot validate the signature value.</error>');
    if (field(xml, 'command') !== 'getTransactionDetail')
      return answer('<errorcode>0001</errorcode><error>Unknown command.</error>');
    const payment = options.store
      .byVendorTxCode(field(xml, 'vendortxcode') ?? '')
      .find((tx) => tx.transactionType !== 'Refund');
    if (!payment) return answer('<errorcode>0043</errorcode><error>No transaction found.</error>');
    return answer(
      `<errorcode>0000</errorcode><vpstxid>{${payment.transactionId}}</vpstxid>` +
        `<vendortxcode>${payment.vendorTxCode}</vendortxcode><status>${payment.status}</status>` +
        `<amount>${(payment.amount / 100).toFixed(2)}</amount>`,
    );
  });
}
