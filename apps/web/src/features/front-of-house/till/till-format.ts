import { tenderTypeLabels } from '@lido/contracts/front-of-house';
import { zonedFormat } from '@lido/pricing/calendar-date';

/** "14:05": a time at the desk, on the centre's clock. */
export const deskTime = (iso: string, timeZone: string) =>
  zonedFormat('en-GB', timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** "24 Nov 2026, 14:05": when an order was taken, on the centre's clock. */
export const deskDateTime = (iso: string, timeZone: string) =>
  zonedFormat('en-GB', timeZone, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** A tender's name; a card taken through the provider is "Card". */
export const tenderLabel = (type: keyof typeof tenderTypeLabels | 'card') =>
  type === 'card' ? 'Card' : tenderTypeLabels[type];
