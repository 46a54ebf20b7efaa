import { z } from 'zod';

/**
 * POST /api/csp-reports: what browsers send when a page breaks its Content Security Policy. Either
 * the older `report-uri` form (`application/csp-report`, one report) or the Reporting API's
 * (`application/reports+json`, a list). Only the fields the server logs are named; browsers add
 * others, which are kept out of the log rather than refused.
 */

const text = z.string();
const count = z.number().int().nonnegative();

/** `report-uri`: `{"csp-report": {...}}`, with hyphenated field names. */
export const legacyCspReportSchema = z.object({
  'csp-report': z.looseObject({
    'document-uri': text.optional(),
    'blocked-uri': text.optional(),
    'violated-directive': text.optional(),
    'effective-directive': text.optional(),
    disposition: text.optional(),
    'source-file': text.optional(),
    'line-number': count.optional(),
    'column-number': count.optional(),
    'status-code': count.optional(),
    'script-sample': text.optional(),
  }),
});

/** The Reporting API's `csp-violation` body (other report types are accepted and ignored). */
export const cspViolationBodySchema = z.looseObject({
  documentURL: text.optional(),
  blockedURL: text.optional(),
  effectiveDirective: text.optional(),
  disposition: text.optional(),
  sourceFile: text.optional(),
  lineNumber: count.optional(),
  columnNumber: count.optional(),
  statusCode: count.optional(),
  sample: text.optional(),
});

export const cspViolationReportSchema = z.looseObject({
  type: z.literal('csp-violation'),
  url: text.optional(),
  body: cspViolationBodySchema,
});

const otherReportSchema = z.looseObject({
  type: text.refine((type) => type !== 'csp-violation'),
  body: z.looseObject({}).optional(),
});

/** `report-to`: a list of reports of any type; a browser batches a few at a time. */
export const reportingApiReportsSchema = z
  .array(z.union([cspViolationReportSchema, otherReportSchema]))
  .max(100, { error: 'At most 100 reports at a time.' });

export const cspReportBodySchema = z.union([legacyCspReportSchema, reportingApiReportsSchema], {
  error: 'This is not a Content Security Policy report.',
});
export type CspReportBody = z.infer<typeof cspReportBodySchema>;
export type CspViolationReport = z.infer<typeof cspViolationReportSchema>;
