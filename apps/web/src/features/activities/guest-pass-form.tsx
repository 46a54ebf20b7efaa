import type { SessionDetails } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import type { AddGuest, GuestPassOffer } from '@lido/contracts/guest-passes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../router/index.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { useVoice } from '../../app/site-mode/voice.ts';
import { ApiError, apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type FieldError } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { cartKeys } from '../cart/index.ts';
import { activityKeys } from './get-timetable.ts';
import { activitiesWords } from './words.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';

const offerQuery = (sessionId: number) =>
  queryOptions({
    queryKey: ['auth', 'guest-pass-offer', sessionId],
    queryFn: () => apiGet<GuestPassOffer>(`activities/sessions/${sessionId}/guest-pass`),
  });

const fieldIds = { guestFirstName: 'guest-first-name', guestLastName: 'guest-last-name' } as const;
type GuestField = keyof typeof fieldIds;
// Message keys, read when shown, so a Welsh page gets its Welsh.
const missing: Record<GuestField, string> = {
  guestFirstName: 'guestFirstNameMissing',
  guestLastName: 'guestLastNameMissing',
};

/** POST /api/activities/guest-pass/add: the basket it answers replaces the cached one. */
function useAddGuest(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (names: { guestFirstName: string; guestLastName: string }) =>
      (
        await apiFetch<Cart>('activities/guest-pass/add', {
          method: 'POST',
          body: { sessionId, ...names } satisfies AddGuest,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: activitiesWords('guestAddedToast'), type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['auth', 'guest-pass-offer', sessionId] }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'guest-passes'] }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]);
    },
  });
}

/**
 * "Bring a guest" on a session's page (issue 18 item 3, decision 0050): for a logged-in member
 * whose membership gives guest passes on the session's day, the passes left and a form naming the
 * guest (first and last name required). The guest's place is free with the pass.
 */
export function GuestPassForm({ session }: { session: SessionDetails }) {
  const voice = useVoice();
  const enabled = useClientSettings().onlineGuestPassesEnabled;
  const { loggedIn } = useAuthState();
  const show = enabled && loggedIn && session.kind === 'session';
  const offer = useQuery({ ...offerQuery(session.id), enabled: show });
  const add = useAddGuest(session.id);
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState({ guestFirstName: '', guestLastName: '' });
  const [errors, setErrors] = useState<Partial<Record<GuestField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const addedRef = useRef<HTMLDivElement>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);
  useEffect(() => {
    if (open) firstNameRef.current?.focus();
  }, [open]);

  const allowance = offer.data?.allowance;
  if (!show || !allowance) return null;
  const summary: FieldError[] = (Object.keys(fieldIds) as GuestField[]).flatMap((field) =>
    errors[field] ? [{ fieldId: fieldIds[field], message: errors[field]! }] : [],
  );

  return (
    <section className="booking-form guest-pass" aria-labelledby="guest-pass-heading">
      <h2 id="guest-pass-heading">{activitiesWords('bringAGuest')}</h2>
      <p>
        {allowance.left > 0
          ? activitiesWords('guestPassesLeft', {
              left: allowance.left,
              period: allowance.periodName,
              membership: allowance.membershipName,
            })
          : activitiesWords('guestPassesUsed', { period: allowance.periodName })}
      </p>
      {added && (
        <div ref={addedRef} tabIndex={-1} className="notice notice--success">
          <p className="notice__title">{activitiesWords('guestInBasket', { name: added })}</p>
          <p>
            {wordsWithParts(activitiesWords, 'goToBasketToConfirm', {
              link: <Link to="/basket">{voice.goToBasket}</Link>,
            })}
          </p>
        </div>
      )}
      {allowance.left > 0 && !open && (
        <Button
          variant="secondary"
          aria-expanded={false}
          aria-controls="guest-pass-form"
          onClick={() => {
            setAdded(null);
            setOpen(true);
          }}
        >
          {activitiesWords('bringAGuest')}
        </Button>
      )}
      {allowance.left > 0 && open && (
        <form
          id="guest-pass-form"
          className="guest-pass__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found: Partial<Record<GuestField, string>> = {};
            for (const field of Object.keys(fieldIds) as GuestField[])
              if (!names[field].trim()) found[field] = activitiesWords(missing[field]);
            setErrors(found);
            setFormError(null);
            if (Object.keys(found).length > 0) return;
            add.mutate(names, {
              onSuccess: () => {
                setAdded(`${names.guestFirstName.trim()} ${names.guestLastName.trim()}`);
                setNames({ guestFirstName: '', guestLastName: '' });
                setOpen(false);
              },
              onError: (error) => {
                const messages = error instanceof ApiError ? error.validationMessages : null;
                const onFields: Partial<Record<GuestField, string>> = {};
                for (const field of Object.keys(fieldIds) as GuestField[])
                  if (messages?.[field]) onFields[field] = messages[field].join(' ');
                setErrors(onFields);
                if (Object.keys(onFields).length === 0)
                  setFormError(
                    error instanceof ApiError && error.message
                      ? error.message
                      : activitiesWords('somethingWentWrong'),
                  );
              },
            });
          }}
        >
          <ErrorSummary errors={summary} />
          {formError && (
            <p className="error-line" role="alert">
              {formError}
            </p>
          )}
          <TextField
            ref={firstNameRef}
            id={fieldIds.guestFirstName}
            label={activitiesWords('guestFirstName')}
            autoComplete="off"
            value={names.guestFirstName}
            error={errors.guestFirstName}
            onChange={(event) => setNames({ ...names, guestFirstName: event.target.value })}
          />
          <TextField
            id={fieldIds.guestLastName}
            label={activitiesWords('guestLastName')}
            autoComplete="off"
            value={names.guestLastName}
            error={errors.guestLastName}
            onChange={(event) => setNames({ ...names, guestLastName: event.target.value })}
          />
          <div className="form__actions">
            <Button type="submit" variant="primary" disabled={add.isPending}>
              {add.isPending ? activitiesWords('adding') : activitiesWords('addGuestToBasket')}
            </Button>
            <Button variant="link" onClick={() => setOpen(false)}>
              {activitiesWords('cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
