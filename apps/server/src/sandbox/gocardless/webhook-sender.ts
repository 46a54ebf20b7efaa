import { createHmac, randomBytes } from 'node:crypto';
import type { GcEvent } from './sandbox-engine.ts';

interface WebhookDelivery {
  id: string;
  eventIds: string[];
  attempts: number;
  status: 'pending' | 'delivered' | 'gave_up';
  lastResponse: number | string | null;
}

export type PostWebhook = (body: string, headers: Record<string, string>) => Promise<number>;

/** `Webhook-Signature`: hex HMAC-SHA256 of the raw body, the scheme gocardless-nodejs checks. */
const signWebhook = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * At-least-once webhook delivery (payments-reference.md §6.1): each batch of events is posted,
 * signed, and retried with backoff on anything but a 2xx until the attempts run out. The app
 * de-duplicates on event id, so a retry after a lost answer is harmless.
 */
export function createWebhookSender(options: {
  secret: string;
  post: PostWebhook;
  /** waits between attempts; the default backs off over about three hours */
  retryDelaysMs?: number[];
}) {
  const delays = options.retryDelaysMs ?? [5_000, 30_000, 120_000, 600_000, 3_600_000, 7_200_000];
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const waiting = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  async function attempt(delivery: WebhookDelivery, body: string): Promise<void> {
    if (closed) return;
    delivery.attempts += 1;
    try {
      const status = await options.post(body, {
        'content-type': 'application/json',
        'webhook-signature': signWebhook(body, options.secret),
        'user-agent': 'gocardless-webhook-service/1.1',
      });
      delivery.lastResponse = status;
      if (status >= 200 && status < 300) {
        delivery.status = 'delivered';
        return;
      }
    } catch (error) {
      delivery.lastResponse = error instanceof Error ? error.message : String(error);
    }
    const wait = delays[delivery.attempts - 1];
    if (wait === undefined) {
      delivery.status = 'gave_up';
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(timer);
        resolve();
      }, wait);
      waiting.set(timer, resolve);
    });
    await attempt(delivery, body);
  }

  return {
    send(events: GcEvent[]): WebhookDelivery | undefined {
      if (events.length === 0 || closed) return undefined;
      const delivery: WebhookDelivery = {
        id: `WB${randomBytes(6).toString('hex').toUpperCase()}`,
        eventIds: events.map((event) => event.id),
        attempts: 0,
        status: 'pending',
        lastResponse: null,
      };
      deliveries.push(delivery);
      const body = JSON.stringify({ events, meta: { webhook_id: delivery.id } });
      const running = attempt(delivery, body).finally(() => inFlight.delete(running));
      inFlight.add(running);
      return delivery;
    },
    deliveries: () => deliveries.map((delivery) => ({ ...delivery })),
    /** Resolves once every delivery so far has succeeded or given up (tests wait on it). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close() {
      closed = true;
      // Pending retries stop at once (and `settled` still resolves).
      for (const [timer, resolve] of waiting) {
        clearTimeout(timer);
        resolve();
      }
      waiting.clear();
    },
  };
}
