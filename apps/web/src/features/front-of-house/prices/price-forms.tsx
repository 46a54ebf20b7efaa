import { priceFieldLabels, type StaffPackage, type StaffPromotion } from '@lido/contracts/prices-offers';
import { partsFromDate } from '@lido/contracts/date-input';
import { useState } from 'react';
import { CheckboxField, SelectField, TextField } from '../../../ui/form-fields.tsx';
import {
  dateValue,
  type Errors,
  fieldId,
  type FormProps,
  pence,
  pounds,
  CheckboxGroup,
  PriceDateField,
  PriceForm,
  useChange,
} from './price-form-parts.tsx';

/** A new package's key, as the catalogue file names it: from its name, never one already used. */
function keyFor(name: string, taken: string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'package';
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}-${n}`;
  return key;
}

/**
 * A package added, or changed: its name, description, uses, months and price, the manager's own
 * centres among those selling it (others' stay as they are) and the activity categories it pays for.
 */
export function PackageForm({
  editing,
  symbol,
  centres,
  categories,
  takenKeys,
  onDone,
  onCancel,
}: FormProps<StaffPackage> & {
  /** the keys of the packages there are: a new one takes another */
  takenKeys: string[];
  centres: { slug: string; name: string }[];
  categories: { key: string; name: string }[];
}) {
  const mine = new Set(centres.map((centre) => centre.slug));
  const [draft, setDraft] = useState({
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    uses: editing ? String(editing.uses) : '',
    validMonths: editing ? String(editing.validMonths) : '',
    price: pounds(editing?.pricePence),
    venues: (editing?.venues ?? []).filter((venue) => mine.has(venue)),
    categories: editing?.covers.categories ?? [],
  });
  const change = useChange((prices) => onDone(prices, draft.name));
  const set =
    (field: 'name' | 'description' | 'uses' | 'validMonths' | 'price') =>
    (event: { target: { value: string } }) =>
      setDraft({ ...draft, [field]: event.target.value });
  const number = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value);
  const submit = () => {
    const found: Errors = {};
    const pricePence = pence(draft.price, priceFieldLabels.pricePence!, symbol, found, 'pricePence');
    const others = (editing?.venues ?? []).filter((venue) => !mine.has(venue));
    change.run(found, {
      kind: 'package',
      body: {
        package: {
          key: editing?.key ?? keyFor(draft.name, takenKeys),
          name: draft.name,
          description: draft.description,
          uses: number(draft.uses),
          validMonths: number(draft.validMonths),
          pricePence,
          venues: [...others, ...draft.venues],
          covers: { categories: draft.categories, activities: editing?.covers.activities ?? [] },
        },
      },
    });
  };
  return (
    <PriceForm
      heading={editing ? `Change ${editing.name}` : 'Add a package'}
      errors={change.errors}
      refusal={change.refusal}
      pending={change.pending}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={editing ? 'Save package' : 'Add package'}
    >
      <TextField
        id={fieldId('name')}
        label={priceFieldLabels.name!}
        value={draft.name}
        onChange={set('name')}
        error={change.errorOf('name') ?? change.errorOf('key')}
      />
      <TextField
        id={fieldId('description')}
        label={priceFieldLabels.description!}
        value={draft.description}
        onChange={set('description')}
        error={change.errorOf('description')}
      />
      <TextField
        id={fieldId('uses')}
        label={priceFieldLabels.uses!}
        hint="How many bookings it pays for."
        inputMode="numeric"
        value={draft.uses}
        onChange={set('uses')}
        error={change.errorOf('uses')}
      />
      <TextField
        id={fieldId('validMonths')}
        label={priceFieldLabels.validMonths!}
        inputMode="numeric"
        value={draft.validMonths}
        onChange={set('validMonths')}
        error={change.errorOf('validMonths')}
      />
      <TextField
        id={fieldId('pricePence')}
        label={`${priceFieldLabels.pricePence!} (${symbol})`}
        hint="New sales are at this price; packages already bought keep theirs."
        inputMode="decimal"
        value={draft.price}
        onChange={set('price')}
        error={change.errorOf('pricePence')}
      />
      <CheckboxGroup
        field="venues"
        legend={`${priceFieldLabels.venues!} you manage that sell it`}
        options={centres.map((centre) => ({ value: centre.slug, label: centre.name }))}
        chosen={draft.venues}
        onChange={(venues) => setDraft({ ...draft, venues })}
        error={change.errorOf('venues')}
      />
      <CheckboxGroup
        field="covers"
        legend={priceFieldLabels.covers!}
        options={categories.map((category) => ({ value: category.key, label: category.name }))}
        chosen={draft.categories}
        onChange={(chosen) => setDraft({ ...draft, categories: chosen })}
        error={change.errorOf('covers')}
      />
    </PriceForm>
  );
}

const components: { value: StaffPromotion['appliesTo'][number]; label: string }[] = [
  { value: 'joining_fee', label: 'Joining fee' },
  { value: 'pro_rata', label: 'First part-month (pro rata)' },
  { value: 'month_in_hand', label: 'Month in hand' },
  { value: 'fixed_price', label: 'Fixed-term price' },
];

/** A promotion started (a new code) or changed (the same code). */
export function PromotionForm({
  editing,
  symbol,
  memberships,
  onDone,
  onCancel,
}: FormProps<StaffPromotion> & { memberships: { slug: string; name: string }[] }) {
  const [draft, setDraft] = useState({
    code: editing?.code ?? '',
    kind: editing?.kind ?? 'percent',
    value: editing === null ? '' : editing.kind === 'amount' ? pounds(editing.value) : String(editing.value),
    appliesTo: editing?.appliesTo ?? ['joining_fee'],
    types: editing?.types ?? [],
    validFrom: partsFromDate(editing?.validFrom ?? null),
    validTo: partsFromDate(editing?.validTo ?? null),
    maxRedemptions: editing?.maxRedemptions === undefined ? '' : String(editing.maxRedemptions),
    oncePerCustomer: editing?.oncePerCustomer ?? false,
  });
  const change = useChange((prices) => onDone(prices, draft.code));
  const set =
    (field: 'code' | 'kind' | 'value' | 'validFrom' | 'validTo' | 'maxRedemptions') =>
    (event: { target: { value: string } }) =>
      setDraft({ ...draft, [field]: event.target.value });
  const submit = () => {
    const found: Errors = {};
    const validFrom = dateValue(draft.validFrom, priceFieldLabels.validFrom!, found, 'validFrom');
    const validTo = dateValue(draft.validTo, priceFieldLabels.validTo!, found, 'validTo');
    const value =
      draft.kind === 'amount'
        ? pence(draft.value, priceFieldLabels.value!, symbol, found, 'value')
        : /^\d+$/.test(draft.value.trim())
          ? Number(draft.value)
          : draft.value;
    change.run(found, {
      kind: 'promotion',
      body: {
        promotion: {
          code: draft.code.trim(),
          kind: draft.kind,
          value,
          appliesTo: draft.appliesTo,
          ...(draft.types.length > 0 ? { types: draft.types } : {}),
          ...(validFrom ? { validFrom } : {}),
          ...(validTo ? { validTo } : {}),
          ...(draft.maxRedemptions.trim()
            ? {
                maxRedemptions: /^\d+$/.test(draft.maxRedemptions.trim())
                  ? Number(draft.maxRedemptions)
                  : draft.maxRedemptions,
              }
            : {}),
          oncePerCustomer: draft.oncePerCustomer,
        },
      },
    });
  };
  return (
    <PriceForm
      heading={editing ? `Change ${editing.code}` : 'Start a promotion'}
      errors={change.errors}
      refusal={change.refusal}
      pending={change.pending}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={editing ? 'Save promotion' : 'Start promotion'}
    >
      {editing ? (
        <p>
          Code: <strong>{editing.code}</strong>
        </p>
      ) : (
        <TextField
          id={fieldId('code')}
          label={priceFieldLabels.code!}
          hint="What customers type when they join: 3 to 32 letters, numbers or hyphens."
          value={draft.code}
          onChange={set('code')}
          error={change.errorOf('code')}
        />
      )}
      <SelectField
        id={fieldId('kind')}
        label={priceFieldLabels.kind!}
        value={draft.kind}
        onChange={set('kind')}
        error={change.errorOf('kind')}
        options={[
          { value: 'percent', label: 'A percentage off' },
          { value: 'amount', label: `An amount off (${symbol})` },
        ]}
      />
      <TextField
        id={fieldId('value')}
        label={
          draft.kind === 'amount'
            ? `${priceFieldLabels.value!} (${symbol})`
            : `${priceFieldLabels.value!} (%)`
        }
        inputMode={draft.kind === 'amount' ? 'decimal' : 'numeric'}
        value={draft.value}
        onChange={set('value')}
        error={change.errorOf('value')}
      />
      <CheckboxGroup
        field="appliesTo"
        legend={priceFieldLabels.appliesTo!}
        options={components}
        chosen={draft.appliesTo}
        onChange={(appliesTo) => setDraft({ ...draft, appliesTo })}
        error={change.errorOf('appliesTo')}
      />
      <CheckboxGroup
        field="types"
        legend={priceFieldLabels.types!}
        hint="Leave all unticked for every membership."
        options={memberships.map((type) => ({ value: type.slug, label: type.name }))}
        chosen={draft.types}
        onChange={(types) => setDraft({ ...draft, types })}
        error={change.errorOf('types')}
      />
      <PriceDateField
        field="validFrom"
        legend={priceFieldLabels.validFrom!}
        hint="Leave empty to start at once."
        value={draft.validFrom}
        onChange={(validFrom) => setDraft({ ...draft, validFrom })}
        error={change.errorOf('validFrom')}
      />
      <PriceDateField
        field="validTo"
        legend={priceFieldLabels.validTo!}
        hint="Leave empty to run until you end it."
        value={draft.validTo}
        onChange={(validTo) => setDraft({ ...draft, validTo })}
        error={change.errorOf('validTo')}
      />
      <TextField
        id={fieldId('maxRedemptions')}
        label={priceFieldLabels.maxRedemptions!}
        hint="Leave empty for no limit."
        inputMode="numeric"
        value={draft.maxRedemptions}
        onChange={set('maxRedemptions')}
        error={change.errorOf('maxRedemptions')}
      />
      <CheckboxField
        id={fieldId('oncePerCustomer')}
        label={priceFieldLabels.oncePerCustomer!}
        checked={draft.oncePerCustomer}
        onChange={(event) => setDraft({ ...draft, oncePerCustomer: event.target.checked })}
        error={change.errorOf('oncePerCustomer')}
      />
    </PriceForm>
  );
}
