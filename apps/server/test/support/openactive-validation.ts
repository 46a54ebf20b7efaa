import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RpdeValidator } from '@openactive/rpde-validator';
import { validate } from '@openactive/data-model-validator';

/**
 * OpenActive's own validators, run offline. The data model validator looks each activity up in the
 * OpenActive Activity List, which it downloads; offline it is handed, through its own download cache,
 * the part of the list that Lido's matcher and these tests name (each id and label as published,
 * decision 0079), so an activity with a wrong id or label fails here as it would online.
 */
const activityListUrl = 'https://openactive.io/activity-list';
const activityListExtract = [
  ['dfaf6bb4-d2fe-4db5-a271-4ceeaaaf55b9', 'Swimming Lessons'],
  ['6e31262b-ce37-4fc7-b3e3-d827ac5e8b42', 'Aqua Aerobics'],
  ['2750229d-b725-4171-9276-376be913957c', 'Swimming'],
  ['14eff16c-6da8-4f3e-9a85-37a8e7d3062d', 'Spinning'],
  ['bf1a5e00-cdcf-465d-8c5a-6f57040b7f7e', 'Yoga'],
  ['3a6b1c08-7aa6-48d4-9690-dca9e0133057', 'Pilates'],
  ['21b6faae-c7cd-431f-9f2f-7d151e82de33', 'HIIT'],
  ['d09970bc-e11c-40cc-a594-38e4ff32d611', 'Climbing'],
  ['b7845b8a-4c0c-4a8f-93d3-d41d62eec889', 'Squash'],
  ['c0360db0-a817-4bae-9167-40f89b49fc9e', 'Badminton'],
].map(([uuid, prefLabel]) => ({ id: `${activityListUrl}#${uuid}`, type: 'Concept', prefLabel }));

let cacheDirectory: string | undefined;

/** The validator's download cache, holding the extract as a fresh download of the list. */
function offlineCache(): string {
  if (cacheDirectory) return cacheDirectory;
  cacheDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-openactive-'));
  const key = createHash('sha256').update(activityListUrl).digest('hex');
  const download = {
    errorCode: 'error_none',
    data: { '@context': 'https://openactive.io/', type: 'ConceptScheme', concept: activityListExtract },
    statusCode: 200,
    url: activityListUrl,
    contentType: 'application/ld+json',
    exception: null,
    fetchTime: Date.now(),
  };
  fs.writeFileSync(path.join(cacheDirectory, `${key}.json`), JSON.stringify(download));
  return cacheDirectory;
}

const validatorOptions = (validationMode: string) => ({
  validationMode,
  loadRemoteJson: true,
  remoteJsonCachePath: offlineCache(),
  remoteJsonCacheTimeToLive: 24 * 3600,
});

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

/** Every item's data checked against Modelling Opportunity Data 2.0, as in an RPDE feed. */
export async function modelFindings(items: { id: number; data?: unknown }[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const item of items) {
    if (item.data === undefined) continue;
    for (const error of await validate(item.data, validatorOptions('RPDEFeed'))) {
      findings.push({
        where: `item ${item.id} ${error.path}`,
        severity: error.severity,
        type: error.type,
        message: firstLine(error.message),
      });
    }
  }
  return findings;
}

export const failures = (findings: Finding[]) => findings.filter((finding) => finding.severity === 'failure');

/** The dataset page's Dataset checked as OpenActive's dataset site specification describes it. */
export async function datasetFindings(dataset: unknown): Promise<Finding[]> {
  return (await validate(dataset, validatorOptions('DatasetSite'))).map((error) => ({
    where: error.path,
    severity: error.severity,
    type: error.type,
    message: firstLine(error.message),
  }));
}
