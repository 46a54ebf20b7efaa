/** Demo accounts, listed in the README. All share one password so a person trying the demo can log in. */
export const demoPassword = 'Swim-Gym-2026!';

interface DemoCustomer {
  reference: string;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  homeVenueSlug: string | null;
  /** an invented street in a real postcode district, so the desk can find them by postcode */
  addressLineOne: string;
  town: string;
  postcode: string;
  hasDirectDebitInstruction?: boolean;
  billingDay?: number;
  creditBalancePence?: number;
}

export const demoCustomers: DemoCustomer[] = [
  // A new customer with no memberships.
  {
    reference: 'C100001',
    email: 'alex.newman@example.org',
    firstName: 'Alex',
    lastName: 'Newman',
    dateOfBirth: '1994-03-12',
    homeVenueSlug: null,
    addressLineOne: '14 Whitworth Street',
    town: 'Manchester',
    postcode: 'M1 3NR',
  },
  // A member with a Direct Debit instruction and a billing date.
  {
    reference: 'C100002',
    email: 'priya.shah@example.org',
    firstName: 'Priya',
    lastName: 'Shah',
    dateOfBirth: '1988-07-30',
    homeVenueSlug: 'castlefield-leisure-centre',
    addressLineOne: '8 Potato Wharf',
    town: 'Manchester',
    postcode: 'M15 4PS',
    hasDirectDebitInstruction: true,
    billingDay: 15,
    creditBalancePence: 1250,
  },
  // A member who pays by card (the saved card arrives with card payments).
  {
    reference: 'C100003',
    email: 'sam.carter@example.org',
    firstName: 'Sam',
    lastName: 'Carter',
    dateOfBirth: '1979-11-02',
    homeVenueSlug: 'clifton-lido-and-spa',
    addressLineOne: '21 Royal York Crescent',
    town: 'Bristol',
    postcode: 'BS8 4JX',
  },
  // Two accounts sharing one email: a parent and their child.
  {
    reference: 'C100004',
    email: 'lee.family@example.org',
    firstName: 'Jordan',
    lastName: 'Lee',
    dateOfBirth: '1982-05-19',
    homeVenueSlug: 'headingley-active',
    addressLineOne: '5 Cardigan Road',
    town: 'Leeds',
    postcode: 'LS6 3AE',
  },
  {
    reference: 'C100005',
    email: 'lee.family@example.org',
    firstName: 'Casey',
    lastName: 'Lee',
    dateOfBirth: '2012-09-04',
    homeVenueSlug: 'headingley-active',
    addressLineOne: '5 Cardigan Road',
    town: 'Leeds',
    postcode: 'LS6 3AE',
  },
];

/** Memberships the demo members already hold (customers without one show the empty states). */
export const demoMemberships = [
  {
    reference: 'C100002',
    typeSlug: 'gym-anytime',
    optionKey: 'monthly',
    venueSlug: 'castlefield-leisure-centre',
    status: 'active',
    startDate: '2026-03-01',
    endDate: null,
    billingDay: 15,
  },
  {
    reference: 'C100003',
    typeSlug: 'swim-unlimited',
    optionKey: 'three-months',
    venueSlug: 'clifton-lido-and-spa',
    status: 'active',
    startDate: '2026-10-01',
    endDate: '2026-12-31',
    billingDay: null,
  },
  {
    reference: 'C100005',
    typeSlug: 'junior-active',
    optionKey: 'monthly',
    venueSlug: 'headingley-active',
    status: 'active',
    startDate: '2026-09-01',
    endDate: null,
    billingDay: 1,
  },
] as const;
