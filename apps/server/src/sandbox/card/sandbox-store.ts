import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createStateFile } from '../state-file.ts';
import type { CardBrand, CardScenario } from './test-cards.ts';

/**
 * What the sandbox card provider remembers: merchant session keys, card identifiers and
 * transactions, in memory. Saved (reusable) card identifiers are also written to a file so a saved
 * card outlives a restart, as it would at the real provider. No card number is ever kept: only
 * the scenario the number chose, its brand and last four digits (payments-reference.md §5.1).
 */

export interface SandboxSettings {
  profile: 'basic' | 'extraChecks';
  strictNames: boolean;
  rules: 'default' | 'strict';
  mskTtlSeconds: number;
  cardIdentifierTtlSeconds: number;
  cresWindowSeconds: number;
  acsTimeoutSeconds: number;
  timeoutDelayMs: number;
  acsPassword: string;
}

export const defaultSandboxSettings: SandboxSettings = {
  profile: 'basic',
  strictNames: false,
  rules: 'default',
  mskTtlSeconds: 400,
  cardIdentifierTtlSeconds: 400,
  cresWindowSeconds: 1200,
  acsTimeoutSeconds: 600,
  timeoutDelayMs: 15_000,
  acsPassword: 'challenge',
};

interface MerchantSessionKey {
  key: string;
  expiresAt: number;
  state: 'active' | 'used' | 'removed';
  failedAttempts: number;
}

export interface CardIdentifier {
  id: string;
  msk: string;
  brand: CardBrand;
  lastFour: string;
  /** MMYY */
  expiryDate: string;
  cardholderName: string;
  scenario: CardScenario;
  /** whether the security code given matched the test value */
  securityCodeMatches: boolean | undefined;
  /** the MSK the latest security code was linked with (reusable cards) */
  securityCodeMsk?: string;
  expiresAt: number;
  state: 'active' | 'consumed' | 'reusable' | 'deleted';
}

export interface SandboxTransaction {
  transactionId: string;
  vendorTxCode: string;
  transactionType: 'Payment' | 'Deferred' | 'Refund' | 'Repeat';
  createdAt: number;
  amount: number;
  currency: string;
  description: string;
  card: CardIdentifier | undefined;
  save: boolean;
  /** how a card on file was used: `{cofUsage, initiatedType, mitType}` as sent */
  credentialType?: { cofUsage: string; initiatedType: string; mitType: string };
  status: 'Ok' | 'NotAuthed' | 'Rejected' | 'Error' | '3DAuth';
  statusCode: string;
  statusDetail: string;
  bankResponseCode?: string;
  bankAuthorisationCode?: string;
  retrievalReference?: number;
  additionalDeclineDetail?: {
    additionalDeclineCode: string;
    additionalDeclineDescription: string;
    additionalDeclineCategory: string;
  };
  avsCvcCheck?: { status: string; address: string; postalCode: string; securityCode: string };
  threeDSecureStatus?: string;
  acsTransId?: string;
  dsTransId?: string;
  notificationURL?: string;
  /** the challenge answer, once the cRes arrived */
  challengeDone?: boolean;
  instructions: { instructionType: string; amount?: number; date: string }[];
  refundedAmount: number;
  referenceTransactionId?: string;
}

interface SandboxEvent {
  at: string;
  method: string;
  path: string;
  status: number;
}

/** The demo's saved card: Sam's Visa, a reusable identifier the sandbox always knows. */
export const demoSavedCard: CardIdentifier = {
  id: '6f2c2d52-4b7e-4a43-9a0e-5a3d1c0b0006',
  msk: '',
  brand: 'Visa',
  lastFour: '0006',
  expiryDate: '1228',
  cardholderName: 'SAM CARTER',
  scenario: { brand: 'Visa', outcome: { kind: 'ok' } },
  securityCodeMatches: undefined,
  expiresAt: Number.POSITIVE_INFINITY,
  state: 'reusable',
};

/** How many API calls the control endpoint's log keeps: enough to look back on, never unbounded. */
const keptEvents = 1000;
/**
 * How many of the newest transactions outlive a restart or a crash: a demo's refunds and the
 * reconciler's look-ups find the payments they ask about, and the file stays a few megabytes.
 */
const keptTransactions = 10_000;

export function createSandboxStore(options: {
  now: () => number;
  /** where saved cards are kept across restarts; in memory only when absent */
  dataDir?: string;
}) {
  const msks = new Map<string, MerchantSessionKey>();
  const cards = new Map<string, CardIdentifier>();
  const transactions = new Map<string, SandboxTransaction>();
  const events: SandboxEvent[] = [];
  // Written behind, not on every save: each saved card used to rewrite the whole file.
  const reusableFile = createStateFile<CardIdentifier[]>(
    options.dataDir && path.join(options.dataDir, 'sandbox-card', 'reusable-cards.json'),
    () => [...cards.values()].filter((card) => card.state === 'reusable' && card.id !== demoSavedCard.id),
  );

  // Payments too (issue 33 item 10): a crash used to erase them, so the reconciler found nothing to
  // look up and refunds of earlier payments failed. What a crash can lose is the last half second.
  const transactionFile = createStateFile<SandboxTransaction[]>(
    options.dataDir && path.join(options.dataDir, 'sandbox-card', 'transactions.json'),
    () => [...transactions.values()].slice(-keptTransactions),
  );

  function loadReusable() {
    for (const card of [demoSavedCard, ...(reusableFile.load() ?? [])])
      cards.set(card.id, { ...card, expiresAt: Number.POSITIVE_INFINITY });
  }
  loadReusable();
  for (const transaction of transactionFile.load() ?? [])
    transactions.set(transaction.transactionId, transaction);

  return {
    msks,
    cards,
    transactions,
    events,
    newMsk(ttlSeconds: number): MerchantSessionKey {
      const msk: MerchantSessionKey = {
        key: randomUUID().toUpperCase(),
        expiresAt: options.now() + ttlSeconds * 1000,
        state: 'active',
        failedAttempts: 0,
      };
      msks.set(msk.key, msk);
      return msk;
    },
    /** An MSK that can still be used for a transaction (used ones can: they minted its card). */
    liveMsk(key: string): MerchantSessionKey | undefined {
      const msk = msks.get(key);
      if (!msk || msk.state === 'removed' || msk.expiresAt <= options.now()) return undefined;
      return msk;
    },
    persistReusable: () => reusableFile.changed(),
    /** Something may have changed a transaction: write them soon. */
    persistTransactions: () => transactionFile.changed(),
    /** Writes saved cards and transactions not yet on disk (the sandbox calls it as it stops). */
    flush: () => Promise.all([reusableFile.flush(), transactionFile.flush()]).then(() => undefined),
    /** One API call, for the control endpoint's log (the oldest go once it is full). */
    logEvent(event: SandboxEvent) {
      events.push(event);
      if (events.length > keptEvents) events.splice(0, events.length - keptEvents);
    },
    byVendorTxCode(code: string) {
      return [...transactions.values()].filter((tx) => tx.vendorTxCode === code);
    },
    byAcsTransId(id: string) {
      return [...transactions.values()].find((tx) => tx.acsTransId === id);
    },
    reset() {
      msks.clear();
      cards.clear();
      transactions.clear();
      transactionFile.changed();
      events.length = 0;
      loadReusable();
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
