import type { Executor } from '../../db/client.ts';
import { providerWebhookEvents } from '../../db/schema.ts';

/**
 * Records a provider's webhook event in the inbox, in the caller's transaction with its effect:
 * true the first time, false for a repeat delivery (which must then change nothing).
 */
export async function recordWebhookEvent(
  db: Executor,
  event: { provider: string; eventId: string; eventType: string },
): Promise<boolean> {
  const [fresh] = await db
    .insert(providerWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: providerWebhookEvents.eventId });
  return fresh !== undefined;
}
