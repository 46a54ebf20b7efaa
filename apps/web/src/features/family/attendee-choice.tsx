import { relationshipLabels } from '@lido/contracts/family-labels';
import { useQuery } from '@tanstack/react-query';
import { familyQuery } from './family-api.ts';
import { familyWords } from './words.ts';

/**
 * "Who is this booking for?" (issue 18 item 4), or who a membership is for: asked only when the
 * account has family members.
 * `chosen` is a dependant's id, or undefined for the customer themself.
 */
export function AttendeeChoice({
  chosen,
  onChoose,
  legend = familyWords('whoIsThisBookingFor'),
  name = 'attendee',
}: {
  chosen: number | undefined;
  onChoose: (dependantId: number | undefined) => void;
  legend?: string;
  /** the radio group's name and id prefix, unique on the page */
  name?: string;
}) {
  const family = useQuery(familyQuery);
  if (!family.data || family.data.length === 0) return null;
  const options = [
    { id: undefined, label: familyWords('myself'), key: 'me' },
    ...family.data.map((member) => ({
      id: member.id,
      label: familyWords('memberWithRelationship', {
        firstName: member.firstName,
        lastName: member.lastName,
        relationship: relationshipLabels[member.relationship].toLowerCase(),
      }),
      key: String(member.id),
    })),
  ];
  return (
    <fieldset className="band-choice attendee-choice">
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <div key={option.key} className="band-choice__option">
          <input
            id={`${name}-${option.key}`}
            type="radio"
            name={name}
            className="band-choice__input"
            checked={chosen === option.id}
            onChange={() => onChoose(option.id)}
          />
          <label htmlFor={`${name}-${option.key}`} className="band-choice__label">
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
