import type { Order, OrderItem } from '@lido/contracts/order';
import { pushToDataLayer } from './data-layer.ts';

/** The browser remembers the last order reported to analytics, so a reload does not report it twice. */
export const reportedOrderKey = 'flowOrderId';

/** Which site sold the order: the event's `platform`. */
export type TransactionPlatform = 'online-joining' | 'bookings';

/**
 * One item of the transaction event. A booking carries the joining spec's Order booking item
 * (priceBreakdown, related, quantity, variant) beside the name, category and price every item has.
 */
function eventItem(item: OrderItem) {
  if (item.type !== 'booking') return { name: item.name, category: item.type, price: item.total.decimal };
  return {
    name: item.name,
    category: item.type,
    price: item.total.decimal,
    priceBreakdown: item.priceBreakdown,
    related: item.related,
    quantity: item.quantity,
    variant: item.variant,
  };
}

/** The transaction event of an order (joining spec §4, "Order confirmed"). */
export function transactionEvent(order: Order, platform: TransactionPlatform) {
  return {
    event: 'transaction',
    ecommerce: {
      orderId: order.reference,
      revenue: order.total.decimal,
      tax: order.tax.decimal,
      currency: order.total.raw.currency,
      platform,
      orderType: order.orderType,
      items: order.items.map(eventItem),
    },
  };
}

/** Sends the order's transaction event unless this browser has already sent it. */
export function reportTransactionOnce(order: Order, platform: TransactionPlatform): void {
  if (order.items.length === 0) return;
  try {
    if (window.localStorage.getItem(reportedOrderKey) === String(order.id)) return;
    window.localStorage.setItem(reportedOrderKey, String(order.id));
  } catch {
    /* storage blocked: report anyway */
  }
  const event = transactionEvent(order, platform);
  pushToDataLayer(event);
  // GA's own name for a sale, once gtag is initialised (only after consent).
  window.gtag?.('event', 'purchase', {
    transaction_id: event.ecommerce.orderId,
    value: event.ecommerce.revenue,
    tax: event.ecommerce.tax,
    currency: event.ecommerce.currency,
    items: event.ecommerce.items.map((item) => ({
      item_name: item.name,
      item_category: item.category,
      price: item.price,
    })),
  });
}
