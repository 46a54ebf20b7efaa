import { createHash } from 'node:crypto';
import type { DataField, DataFieldSection, OnboardingType } from '@lido/contracts/data-fields';
import type { Language } from '@lido/messages/languages';
import { serverNamespace } from '@lido/messages/server-words';

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

export function dataFieldSections(
  onboardingType: OnboardingType,
  /** the request's language (decision 0110): the form's labels are the customer's to read */
  language: Language = 'en',
): DataFieldSection[] {
  const words = serverNamespace(language, 'dataFields');
  const sections: DataFieldSection[] = [
    {
      sectionName: words('sectionPersonal'),
      sectionReference: 'personal',
      sectionFields: [
        field({
          name: 'firstName',
          label: words('firstName'),
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'given-name', maxlength: '100' },
        }),
        field({
          name: 'lastName',
          label: words('lastName'),
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'family-name', maxlength: '100' },
        }),
        field({
          name: 'dateOfBirth',
          label: words('dateOfBirth'),
          type: 'date',
          isRequired: true,
          metadata: { description: words('dateOfBirthHint') },
        }),
        field({
          name: 'email',
          label: words('email'),
          type: 'email',
          isRequired: true,
          htmlAttributes: { autocomplete: 'email', maxlength: '254' },
        }),
        field({
          name: 'phone',
          label: words('phone'),
          type: 'tel',
          htmlAttributes: { autocomplete: 'tel', maxlength: '20' },
        }),
      ],
    },
    {
      sectionName: words('sectionAddress'),
      sectionReference: 'address',
      sectionFields: [
        field({
          name: 'addressLineOne',
          label: words('addressLineOne'),
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'address-line1', maxlength: '100' },
        }),
        field({
          name: 'addressLineTwo',
          label: words('addressLineTwo'),
          type: 'text',
          htmlAttributes: { autocomplete: 'address-line2', maxlength: '100' },
        }),
        field({
          name: 'town',
          label: words('town'),
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'address-level2', maxlength: '100' },
        }),
        field({
          name: 'postcode',
          label: words('postcode'),
          type: 'text',
          isRequired: true,
          htmlAttributes: { autocomplete: 'postal-code', maxlength: '8' },
        }),
      ],
    },
  ];
  if (onboardingType === 'customer_account_online') {
    sections.push({
      sectionName: words('sectionPassword'),
      sectionReference: 'password',
      sectionFields: [
        field({
          name: 'password',
          label: words('password'),
          type: 'password',
          isRequired: true,
          htmlAttributes: { autocomplete: 'new-password' },
          metadata: {
            description: words('passwordHint'),
          },
        }),
        field({
          name: 'passwordConfirmation',
          label: words('passwordConfirmation'),
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
