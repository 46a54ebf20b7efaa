import type { CartItem } from '@lido/contracts/cart';
import { Button } from '../../ui/button.tsx';
import { cartWords } from './words.ts';

/** A package in the basket: what it is, where it is used, its price (decision 0049). */
export function PackageLineItem({
  item,
  busy,
  onRemove,
}: {
  item: Extract<CartItem, { type: 'package' }>;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="card basket__item">
      <h2 className="card__title">{item.name}</h2>
      <p>{item.description}</p>
      <p className="card__meta">{cartWords('forBookingsAt', { venue: item.venue.name })}</p>
      <p className="basket__price">{item.price.formatted}</p>
      <Button variant="link" size="md" disabled={busy} onClick={onRemove}>
        {cartWords('remove')}
        <span className="visually-hidden"> {item.name}</span>
      </Button>
    </li>
  );
}
