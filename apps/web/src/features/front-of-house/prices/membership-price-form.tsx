import { priceFieldLabels, type StaffMembershipPrices } from '@lido/contracts/prices-offers';
import { partsFromDate } from '@lido/contracts/date-input';
import { useState } from 'react';
import { SelectField, TextField } from '../../../ui/form-fields.tsx';
import type { DateParts } from '../../../ui/date-input.tsx';
import {
  dateValue,
  type Errors,
  fieldId,
  type FormProps,
  pence,
  pounds,
  PriceDateField,
  PriceForm,
  useChange,
} from './price-form-parts.tsx';

const frequencies = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

type OptionDraft = { price: string; joiningFee: string; changePrice: string; changeFrom: DateParts };

/**
 * A membership's prices: each option's price for new members and joining fee, a price change for
 * current members (with the operator's notice), and its guest passes.
 */
export function MembershipForm({
  editing,
  symbol,
  noticeDays,
  onDone,
  onCancel,
}: FormProps<StaffMembershipPrices> & { editing: StaffMembershipPrices; noticeDays: number }) {
  const [options, setOptions] = useState<Record<string, OptionDraft>>(() =>
    Object.fromEntries(
      editing.paymentOptions.map((option) => [
        option.key,
        {
          price: pounds(option.pricePence),
          joiningFee: pounds(option.joiningFeePence),
          changePrice: pounds(option.priceChange?.pricePence),
          changeFrom: partsFromDate(option.priceChange?.effectiveFrom ?? null),
        },
      ]),
    ),
  );
  const [guest, setGuest] = useState({
    totalUses: String(editing.guestPasses?.totalUses ?? ''),
    frequency: editing.guestPasses?.frequency ?? 'month',
  });
  const change = useChange((prices) => onDone(prices, editing.name));
  const setOption =
    (key: string, field: Exclude<keyof OptionDraft, 'changeFrom'>) =>
    (event: { target: { value: string } }) =>
      setOptions({ ...options, [key]: { ...options[key]!, [field]: event.target.value } });
  const submit = () => {
    const found: Errors = {};
    const paymentOptions = editing.paymentOptions.map((option) => {
      const draft = options[option.key]!;
      const at = (field: string) => `${option.key}.${field}`;
      const pricePence = pence(draft.price, priceFieldLabels.pricePence!, symbol, found, at('pricePence'));
      const joiningFeePence = pence(
        draft.joiningFee,
        priceFieldLabels.joiningFeePence!,
        symbol,
        found,
        at('joiningFeePence'),
      );
      const changeFrom = dateValue(
        draft.changeFrom,
        priceFieldLabels['priceChange.effectiveFrom']!,
        found,
        at('priceChange.effectiveFrom'),
      );
      const changing =
        draft.changePrice.trim() !== '' || Object.values(draft.changeFrom).some((part) => part.trim() !== '');
      const changePence = changing
        ? pence(
            draft.changePrice,
            priceFieldLabels['priceChange.pricePence']!,
            symbol,
            found,
            at('priceChange.pricePence'),
          )
        : undefined;
      return {
        key: option.key,
        pricePence,
        joiningFeePence,
        ...(option.paymentType === 'recurring'
          ? { priceChange: changing ? { pricePence: changePence, effectiveFrom: changeFrom } : null }
          : {}),
      };
    });
    const totalUses = /^\d+$/.test(guest.totalUses.trim()) ? Number(guest.totalUses) : guest.totalUses;
    change.run(found, {
      kind: 'membership',
      slug: editing.slug,
      body: {
        paymentOptions,
        ...(editing.guestPasses ? { guestPasses: { totalUses, frequency: guest.frequency } } : {}),
      },
    });
  };
  return (
    <PriceForm
      heading={`Change the prices of ${editing.name}`}
      errors={change.errors}
      refusal={change.refusal}
      pending={change.pending}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel="Save prices"
    >
      {editing.paymentOptions.map((option) => {
        const draft = options[option.key]!;
        const field = (name: string) => `${option.key}.${name}`;
        return (
          <fieldset key={option.key} className="field">
            <legend className="field__label">
              {option.paymentType === 'recurring' ? 'Monthly' : 'Paid once'} ({option.key})
            </legend>
            <TextField
              id={fieldId(field('pricePence'))}
              label={`${option.key}: price for new members (${symbol})`}
              inputMode="decimal"
              value={draft.price}
              onChange={setOption(option.key, 'price')}
              error={change.errorOf(field('pricePence'))}
            />
            <TextField
              id={fieldId(field('joiningFeePence'))}
              label={`${option.key}: ${priceFieldLabels.joiningFeePence!.toLowerCase()} (${symbol})`}
              inputMode="decimal"
              value={draft.joiningFee}
              onChange={setOption(option.key, 'joiningFee')}
              error={change.errorOf(field('joiningFeePence'))}
            />
            {option.paymentType === 'recurring' && (
              <>
                <TextField
                  id={fieldId(field('priceChange.pricePence'))}
                  label={`${option.key}: new price for current members (${symbol})`}
                  hint={`Current members are emailed; they must be told at least ${noticeDays} days ahead. Leave both empty for no change.`}
                  inputMode="decimal"
                  value={draft.changePrice}
                  onChange={setOption(option.key, 'changePrice')}
                  error={
                    change.errorOf(field('priceChange.pricePence')) ?? change.errorOf(field('priceChange'))
                  }
                />
                <PriceDateField
                  field={field('priceChange.effectiveFrom')}
                  legend={`${option.key}: current members pay it from`}
                  value={draft.changeFrom}
                  onChange={(changeFrom) =>
                    setOptions({ ...options, [option.key]: { ...draft, changeFrom } })
                  }
                  error={change.errorOf(field('priceChange.effectiveFrom'))}
                />
              </>
            )}
          </fieldset>
        );
      })}
      {editing.guestPasses && (
        <fieldset className="field">
          <legend className="field__label">Guest passes</legend>
          <TextField
            id={fieldId('guestPasses.totalUses')}
            label={priceFieldLabels.totalUses!}
            inputMode="numeric"
            value={guest.totalUses}
            onChange={(event) => setGuest({ ...guest, totalUses: event.target.value })}
            error={change.errorOf('guestPasses.totalUses')}
          />
          <SelectField
            id={fieldId('guestPasses.frequency')}
            label={priceFieldLabels.frequency!}
            value={guest.frequency}
            onChange={(event) => setGuest({ ...guest, frequency: event.target.value })}
            error={change.errorOf('guestPasses.frequency')}
            options={frequencies}
          />
        </fieldset>
      )}
    </PriceForm>
  );
}
