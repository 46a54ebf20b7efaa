import { createHash } from 'node:crypto';
import type { DataField, DataFieldSection, OnboardingType } from '@lido/contracts/data-fields';

/**
 * The operator's customer data fields, in sections, as `GET /api/data-fields` answers them. They
 * drive registration and "My details". The checksum lets the server notice a form built from an
 * older definition.
 */
function field(partial: Partial<DataField> & Pick<DataField, 'name' | 'label' | 'type'>): DataField {
  return {
    path: partial.name,
    options: [],
    placeholder: null,
    isRequired: false,
    isAuthorised: true,
    htmlAttributes: {},
    metadata: { description: null },
    answer: null,
    ...partial,
  };
}

export function dataFieldSections(onboardingType: OnboardingType): DataFieldSection[] {
  const sections: DataFieldSection[] = [
    {
      sectionName: 'Your details',
      sectionReference: 'personal',
      sectionFields: [
        field({
          name: 'firstName',
          label: 'First name',
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'given-name', maxlength: '100' },
        }),
        field({
          name: 'lastName',
          label: 'Last name',
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'family-name', maxlength: '100' },
        }),
        field({
          name: 'dateOfBirth',
          label: 'Date of birth',
          type: 'date',
          isRequired: true,
          metadata: { description: 'For example, 27 3 1990' },
        }),
        field({
          name: 'email',
          label: 'Email address',
          type: 'email',
          isRequired: true,
          htmlAttributes: { autocomplete: 'email', maxlength: '254' },
        }),
        field({
          name: 'phone',
          label: 'Phone number',
          type: 'tel',
          htmlAttributes: { autocomplete: 'tel', maxlength: '20' },
        }),
      ],
    },
    {
      sectionName: 'Your address',
      sectionReference: 'address',
      sectionFields: [
        field({
          name: 'addressLineOne',
          label: 'Address line 1',
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'address-line1', maxlength: '100' },
        }),
        field({
          name: 'addressLineTwo',
          label: 'Address line 2 (optional)',
          type: 'text',
          htmlAttributes: { autocomplete: 'address-line2', maxlength: '100' },
        }),
        field({
          name: 'town',
          label: 'Town or city',
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'address-level2', maxlength: '100' },
        }),
        field({
          name: 'postcode',
          label: 'Postcode',
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'postal-code', maxlength: '8' },
        }),
      ],
    },
  ];
  if (onboardingType === 'customer_account_online') {
    sections.push({
      sectionName: 'Your password',
      sectionReference: 'password',
      sectionFields: [
        field({
          name: 'password',
          label: 'Password',
          type: 'password',
          isRequired: true,
          htmlAttributes: { autocomplete: 'new-password' },
          metadata: {
            description:
              'At least 8 characters, with 1 lowercase letter, 1 uppercase letter, 1 number and 1 special character.',
          },
        }),
        field({
          name: 'passwordConfirmation',
          label: 'Repeat password',
          type: 'password',
          isRequired: true,
          htmlAttributes: { autocomplete: 'new-password' },
        }),
      ],
    });
  }
  return sections;
}

export function dataFieldsChecksum(sections: DataFieldSection[]): string {
  const shape = sections.map((section) => [
    section.sectionReference,
    section.sectionFields.map((f) => [f.name, f.type, f.isRequired]),
  ]);
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
}
