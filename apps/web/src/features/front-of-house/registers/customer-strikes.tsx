import { strikeKindLabels } from '@lido/contracts/registers';
import { prettyDate } from '@lido/pricing/calendar-date';
import { zonedFormat } from '@lido/pricing/calendar-date';
import { useState } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { useFocusAfterRender } from '../../../lib/focus/use-focus-after-render.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { LoadFailed } from '../till/load-failed.tsx';
import { useCustomerStrikes } from './registers-api.ts';
import { RemoveStrikeForm } from './remove-strike-form.tsx';
import './registers.css';

/**
 * A customer's strikes on their page at the desk (decision 0096): whether online booking is
 * stopped and why, each strike with what it was for, and, for a manager of its centre, "Remove
 * strike" (a late cancellation's booking is on no register, so this is where it is removed).
 */
export function CustomerStrikes({ customerId, name }: { customerId: number; name: string }) {
  const { timeZone } = useClientSettings();
  const strikes = useCustomerStrikes(customerId);
  const [removing, setRemoving] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const focusAfterRender = useFocusAfterRender();
  const day = (iso: string) =>
    prettyDate(
      zonedFormat('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        new Date(iso),
      ),
    );

  if (strikes.isPending) return <Spinner label="Loading the strikes" />;
  if (strikes.isError) return <LoadFailed error={strikes.error} />;
  const chosen = strikes.data.strikes.find((strike) => strike.id === removing);
  return (
    <div className="customer-strikes">
      {strikes.data.blocked && (
        <div className="notice notice--warning">
          <p className="notice__title">{name} can't book online at the moment</p>
          <p>{strikes.data.blocked}</p>
        </div>
      )}
      <p role="status" className="register__said">
        {said}
      </p>
      {strikes.data.strikes.length === 0 ? (
        <p>No strikes.</p>
      ) : (
        <ul className="desk-list">
          {strikes.data.strikes.map((strike) => (
            <li key={strike.id} className="desk-list__item" id={`strike-${strike.id}`} tabIndex={-1}>
              <span>
                {strikeKindLabels[strike.kind]}: {strike.about} (given {day(strike.givenAt)})
                {strike.removed ? ` — removed${strike.removedReason ? `: ${strike.removedReason}` : ''}` : ''}
              </span>
              {strike.removable && (
                <Button variant="link" size="sm" onClick={() => setRemoving(strike.id)}>
                  Remove strike<span className="visually-hidden"> for {strike.about}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <RemoveStrikeForm
          name={name}
          kind={chosen.kind}
          strikeId={chosen.id}
          onDone={(removed) => {
            setRemoving(null);
            if (removed) setSaid(`The strike is removed from ${name}.`);
            focusAfterRender(() => document.getElementById(`strike-${chosen.id}`));
          }}
        />
      )}
    </div>
  );
}
