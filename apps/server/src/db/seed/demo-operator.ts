/**
 * The demo operator: a fictional leisure trust with centres across Great Britain. Centre names are
 * invented; towns, postcodes districts and coordinates are real so the map and distances make sense.
 */

export const demoOperator = {
  slug: 'brightwater-leisure',
  name: 'Brightwater Leisure',
  customerServiceEmail: 'help@brightwater-leisure.example',
  directDebitServiceUserName: 'Brightwater Leisure Trust',
  availableBillingDates: [1, 15, 28],
  footerHtml: `<p><strong>Brightwater Leisure</strong> is a charitable leisure trust (a fictional operator for this demo).</p>
<ul>
  <li><a href="https://brightwater-leisure.example/contact">Contact us</a></li>
  <li><a href="https://brightwater-leisure.example/privacy">Privacy policy</a></li>
  <li><a href="https://brightwater-leisure.example/terms">Terms and conditions</a></li>
</ul>`,
};

export const demoOperatorTheme = {
  logoUrl: '/logos/brightwater.svg',
  primaryColour: '#5c2d91',
  secondaryColour1: '#f2a900',
  secondaryColour2: '#007a7a',
  darkBgColour: '#1b1b2f',
  headerBgColour: '#1b1b2f',
  headerTextColour: '#ffffff',
  bodyFont: 'roboto',
  headingFont: 'garage_gothic',
  secondaryButtonStyle: 'solid',
} as const;

interface DemoVenue {
  slug: string;
  name: string;
  address1: string;
  address2?: string;
  town: string;
  postcode: string;
  lat: number;
  lng: number;
  placeType: string;
  canDisplayIneligibleMemberships?: boolean;
  footerHtml?: string;
  theme?: Partial<Record<keyof typeof demoOperatorTheme, string>>;
}

export const demoVenues: DemoVenue[] = [
  {
    slug: 'castlefield-leisure-centre',
    name: 'Castlefield Leisure Centre',
    address1: '12 Potato Wharf',
    address2: 'Castlefield',
    town: 'Manchester',
    postcode: 'M3 4NB',
    lat: 53.4751,
    lng: -2.2568,
    placeType: 'Leisure centre',
    canDisplayIneligibleMemberships: true,
  },
  {
    slug: 'salford-quays-aquatics',
    name: 'Salford Quays Aquatics',
    address1: '2 Ontario Basin',
    address2: 'Salford Quays',
    town: 'Salford',
    postcode: 'M50 3SQ',
    lat: 53.4713,
    lng: -2.2954,
    placeType: 'Swimming pool',
  },
  {
    slug: 'clifton-lido-and-spa',
    name: 'Clifton Lido & Spa',
    address1: '4 Oakfield Place',
    address2: 'Clifton',
    town: 'Bristol',
    postcode: 'BS8 2BJ',
    lat: 51.4628,
    lng: -2.6106,
    placeType: 'Lido',
    footerHtml: `<p><strong>Clifton Lido &amp; Spa</strong>, 4 Oakfield Place, Bristol BS8 2BJ. Open daily 7am to 9pm.</p>
<ul><li><a href="https://brightwater-leisure.example/clifton">About the lido</a></li></ul>`,
    theme: {
      logoUrl: '/logos/clifton-lido.svg',
      primaryColour: '#006d77',
      secondaryColour1: '#83c5be',
      secondaryColour2: '#e29578',
      darkBgColour: '#023047',
      headerBgColour: '#edf6f9',
      headerTextColour: '#023047',
      bodyFont: 'open_sans',
      headingFont: 'lato',
      secondaryButtonStyle: 'outline',
    },
  },
  {
    slug: 'meadowbank-sports-hub',
    name: 'Meadowbank Sports Hub',
    address1: '139 London Road',
    town: 'Edinburgh',
    postcode: 'EH7 6AE',
    lat: 55.9566,
    lng: -3.1587,
    placeType: 'Sports centre',
    theme: {
      logoUrl: '/logos/meadowbank.svg',
      primaryColour: '#b3261e',
      secondaryColour1: '#ffb4a9',
      darkBgColour: '#3a0a08',
      headerBgColour: '#ffffff',
      headerTextColour: '#1c1b1f',
      bodyFont: 'lato',
      headingFont: 'roboto',
    },
  },
  {
    slug: 'kelvin-way-swim-centre',
    name: 'Kelvin Way Swim Centre',
    address1: '28 Argyle Street',
    address2: 'Finnieston',
    town: 'Glasgow',
    postcode: 'G3 8AG',
    lat: 55.8652,
    lng: -4.2856,
    placeType: 'Swimming pool',
  },
  {
    slug: 'roath-park-fitness',
    name: 'Roath Park Fitness',
    address1: '2 Lake Road West',
    address2: 'Roath',
    town: 'Cardiff',
    postcode: 'CF23 5PG',
    lat: 51.5056,
    lng: -3.1753,
    placeType: 'Gym',
  },
  {
    slug: 'headingley-active',
    name: 'Headingley Active',
    address1: '61 St Michael’s Lane',
    address2: 'Headingley',
    town: 'Leeds',
    postcode: 'LS6 3BR',
    lat: 53.8178,
    lng: -1.5828,
    placeType: 'Leisure centre',
  },
  {
    slug: 'jesmond-vale-pool',
    name: 'Jesmond Vale Pool',
    address1: '5 Jesmond Vale Lane',
    address2: 'Heaton',
    town: 'Newcastle upon Tyne',
    postcode: 'NE6 5JS',
    lat: 54.9823,
    lng: -1.5905,
    placeType: 'Swimming pool',
  },
  {
    slug: 'brixton-riverside-gym',
    name: 'Brixton Riverside Gym',
    address1: '88 Brixton Water Lane',
    address2: 'Brixton',
    town: 'London',
    postcode: 'SW2 1QE',
    lat: 51.4545,
    lng: -0.113,
    placeType: 'Gym',
  },
  {
    slug: 'wensum-racquets-centre',
    name: 'Wensum Racquets Centre',
    address1: '17 Riverside Road',
    town: 'Norwich',
    postcode: 'NR1 1SR',
    lat: 52.6286,
    lng: 1.3084,
    placeType: 'Racquets centre',
  },
  {
    slug: 'exe-quay-outdoor-centre',
    name: 'Exe Quay Outdoor Centre',
    address1: '3 Haven Banks',
    town: 'Exeter',
    postcode: 'EX2 8DP',
    lat: 50.7171,
    lng: -3.5331,
    placeType: 'Outdoor centre',
  },
  {
    slug: 'links-road-sports-centre',
    name: 'Links Road Sports Centre',
    address1: '40 Links Road',
    town: 'Aberdeen',
    postcode: 'AB24 5NR',
    lat: 57.1583,
    lng: -2.0808,
    placeType: 'Sports centre',
  },
  {
    slug: 'ness-islands-leisure',
    name: 'Ness Islands Leisure',
    address1: '9 Bught Road',
    town: 'Inverness',
    postcode: 'IV3 5SS',
    lat: 57.4686,
    lng: -4.2379,
    placeType: 'Leisure centre',
  },
  {
    slug: 'digbeth-climbing-and-fitness',
    name: 'Digbeth Climbing & Fitness',
    address1: '150 Digbeth High Street',
    town: 'Birmingham',
    postcode: 'B5 6DR',
    lat: 52.4755,
    lng: -1.8867,
    placeType: 'Climbing centre',
  },
  {
    slug: 'hove-seafront-lido',
    name: 'Hove Seafront Lido',
    address1: 'Kingsway',
    address2: 'Hove',
    town: 'Brighton and Hove',
    postcode: 'BN3 2WF',
    lat: 50.8262,
    lng: -0.1677,
    placeType: 'Lido',
  },
  {
    slug: 'trent-embankment-pool-and-gym',
    name: 'Trent Embankment Pool & Gym',
    address1: '21 Victoria Embankment',
    address2: 'West Bridgford',
    town: 'Nottingham',
    postcode: 'NG2 2JY',
    lat: 52.9386,
    lng: -1.1378,
    placeType: 'Leisure centre',
  },
  {
    slug: 'hoe-park-fitness',
    name: 'Hoe Park Fitness',
    address1: '1 Hoe Road',
    town: 'Plymouth',
    postcode: 'PL1 2PA',
    lat: 50.3648,
    lng: -4.1421,
    placeType: 'Gym',
  },
];
