// State lists for the countries whose address profile has one (spec 1 §3: US, CA, AU, AE, MY; and
// IN, chosen: orders are fulfilled from India, and its couriers and tax invoices need the state).
// Codes are the postal abbreviations couriers print (ISO 3166-2 suffixes, except Malaysia, whose
// ISO codes are numbers; there the common three-letter postal abbreviations are used).

export interface StateOption {
  code: string;
  name: string;
  /** Former names and codes still found in addresses (accepted, stored as `code`). */
  aliases?: readonly string[];
}

const list = (entries: Record<string, string>): readonly StateOption[] =>
  Object.entries(entries).map(([code, name]) => ({ code, name }));

/** 50 states, DC and the inhabited territories; no APO/FPO codes (our couriers cannot deliver there). */
export const US_STATES = list({
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
});

export const CA_PROVINCES = list({
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
});

export const AU_STATES = list({
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
});

export const AE_EMIRATES = list({
  AZ: 'Abu Dhabi',
  AJ: 'Ajman',
  DU: 'Dubai',
  FU: 'Fujairah',
  RK: 'Ras Al Khaimah',
  SH: 'Sharjah',
  UQ: 'Umm Al Quwain',
});

/** 13 states and 3 federal territories. */
export const MY_STATES = list({
  JHR: 'Johor',
  KDH: 'Kedah',
  KTN: 'Kelantan',
  MLK: 'Melaka',
  NSN: 'Negeri Sembilan',
  PHG: 'Pahang',
  PNG: 'Penang',
  PRK: 'Perak',
  PLS: 'Perlis',
  SBH: 'Sabah',
  SWK: 'Sarawak',
  SGR: 'Selangor',
  TRG: 'Terengganu',
  KUL: 'Kuala Lumpur',
  LBN: 'Labuan',
  PJY: 'Putrajaya',
});

/**
 * 28 states and 8 union territories, with the ISO 3166-2 codes of 2023 (CG, OD, TS, UK: the vehicle
 * codes couriers know); the former names and codes are accepted.
 */
export const IN_STATES: readonly StateOption[] = [
  ...list({
    AN: 'Andaman and Nicobar Islands',
    AP: 'Andhra Pradesh',
    AR: 'Arunachal Pradesh',
    AS: 'Assam',
    BR: 'Bihar',
    CH: 'Chandigarh',
  }),
  { code: 'CG', name: 'Chhattisgarh', aliases: ['CT'] },
  ...list({
    DH: 'Dadra and Nagar Haveli and Daman and Diu',
  }),
  { code: 'DL', name: 'Delhi', aliases: ['New Delhi', 'NCT of Delhi'] },
  ...list({
    GA: 'Goa',
    GJ: 'Gujarat',
    HR: 'Haryana',
    HP: 'Himachal Pradesh',
    JK: 'Jammu and Kashmir',
    JH: 'Jharkhand',
    KA: 'Karnataka',
    KL: 'Kerala',
    LA: 'Ladakh',
    LD: 'Lakshadweep',
    MP: 'Madhya Pradesh',
    MH: 'Maharashtra',
    MN: 'Manipur',
    ML: 'Meghalaya',
    MZ: 'Mizoram',
    NL: 'Nagaland',
  }),
  { code: 'OD', name: 'Odisha', aliases: ['OR', 'Orissa'] },
  { code: 'PY', name: 'Puducherry', aliases: ['Pondicherry'] },
  ...list({
    PB: 'Punjab',
    RJ: 'Rajasthan',
    SK: 'Sikkim',
    TN: 'Tamil Nadu',
  }),
  { code: 'TS', name: 'Telangana', aliases: ['TG'] },
  { code: 'TR', name: 'Tripura' },
  { code: 'UP', name: 'Uttar Pradesh' },
  { code: 'UK', name: 'Uttarakhand', aliases: ['UT', 'Uttaranchal'] },
  { code: 'WB', name: 'West Bengal' },
];
