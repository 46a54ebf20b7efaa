import { RpdeValidator } from '@openactive/rpde-validator';
import { validate } from '@openactive/data-model-validator';

/**
 * OpenActive's own validators, run offline. One check needs the network and is set aside: the data
 * model validator looks each activity up in the OpenActive Activity List, which it can only download
 * (the rule answers "could not load the list" offline); everything else it checks runs here.
 */
export interface Finding {
  where: string;
  severity: string;
  type: string;
  message: string;
}

const firstLine = (message: string) => message.split('\n')[0]!.slice(0, 200);

/** Walks a feed from its first page over HTTP, as a harvester would, with RPDE's rules. */
export async function rpdeFindings(feedUrl: string): Promise<Finding[]> {
  const log = await RpdeValidator(feedUrl, { pageLimit: 50, timeoutMs: 10_000 });
  return log.pages.flatMap((page) =>
    page.errors.map((error) => ({
      where: page.url,
      severity: error.severity,
      type: error.type,
      message: firstLine(error.message),
    })),
  );
}

/**
 * The activity list lookup, which can only be done online (see above): offline the rule reports the
 * list as unloadable and then every activity as "not found" in the list it could not load.
 */
const needsTheNetwork = (error: { category: string; type: string; message: string }) =>
  (error.category === 'internal' && /activity list/i.test(error.message)) ||
  error.type === 'activity_not_in_activity_list';

export interface ModelFindings {
  findings: Finding[];
  /** activity-list lookups the validator could not make offline */
  offlineOnly: number;
}

/** Every item's data checked against Modelling Opportunity Data 2.0, as in an RPDE feed. */
export async function modelFindings(items: { id: number; data?: unknown }[]): Promise<ModelFindings> {
  const findings: Finding[] = [];
  let offlineOnly = 0;
  for (const item of items) {
    if (item.data === undefined) continue;
    for (const error of await validate(item.data, { validationMode: 'RPDEFeed' })) {
      if (needsTheNetwork(error)) offlineOnly += 1;
      else
        findings.push({
          where: `item ${item.id} ${error.path}`,
          severity: error.severity,
          type: error.type,
          message: firstLine(error.message),
        });
    }
  }
  return { findings, offlineOnly };
}

export const failures = (findings: Finding[]) => findings.filter((finding) => finding.severity === 'failure');

/** The dataset page's Dataset checked as OpenActive's dataset site specification describes it. */
export async function datasetFindings(dataset: unknown): Promise<Finding[]> {
  return (await validate(dataset, { validationMode: 'DatasetSite' })).map((error) => ({
    where: error.path,
    severity: error.severity,
    type: error.type,
    message: firstLine(error.message),
  }));
}
