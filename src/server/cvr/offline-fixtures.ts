/**
 * Real Danish companies as the CVR registry lists them (registered name and address), for the
 * offline provider: development, demos and tests without spending the live registry's quota.
 * Every number passes the modulus-11 check (a unit test keeps it so).
 */
export interface CvrFixture {
  cvr: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  phone: string | null;
  email: string | null;
  owners: { name: string }[] | null;
}

export const CVR_FIXTURES: readonly CvrFixture[] = [
  {
    cvr: '25052943',
    name: 'MAGENTA ApS',
    address: 'Pilestræde 43',
    zipcode: '1112',
    city: 'København K',
    phone: null,
    email: 'info@magenta.dk',
    owners: null,
  },
  {
    cvr: '24256790',
    name: 'NOVO NORDISK A/S',
    address: 'Novo Allé 1',
    zipcode: '2880',
    city: 'Bagsværd',
    phone: '44448888',
    email: null,
    owners: null,
  },
  {
    cvr: '22756214',
    name: 'A.P. MØLLER - MÆRSK A/S',
    address: 'Esplanaden 50',
    zipcode: '1263',
    city: 'København K',
    phone: '33633363',
    email: null,
    owners: null,
  },
  {
    cvr: '61056416',
    name: 'CARLSBERG A/S',
    address: 'J.C. Jacobsens Gade 1',
    zipcode: '1799',
    city: 'København V',
    phone: '33273300',
    email: null,
    owners: null,
  },
  {
    cvr: '61126228',
    name: 'DANSKE BANK A/S',
    address: 'Bernstorffsgade 40',
    zipcode: '1577',
    city: 'København V',
    phone: '33440000',
    email: null,
    owners: null,
  },
  {
    cvr: '54562519',
    name: 'LEGO A/S',
    address: 'Åstvej 1',
    zipcode: '7190',
    city: 'Billund',
    phone: '79506070',
    email: null,
    owners: null,
  },
  {
    cvr: '10403782',
    name: 'VESTAS WIND SYSTEMS A/S',
    address: 'Hedeager 42',
    zipcode: '8200',
    city: 'Aarhus N',
    phone: '97300000',
    email: null,
    owners: null,
  },
  {
    cvr: '36213728',
    name: 'ØRSTED A/S',
    address: 'Kraftværksvej 53',
    zipcode: '7000',
    city: 'Fredericia',
    phone: '99551111',
    email: null,
    owners: null,
  },
  {
    cvr: '58233528',
    name: 'DSV A/S',
    address: 'Hovedgaden 630',
    zipcode: '2640',
    city: 'Hedehusene',
    phone: '43203040',
    email: null,
    owners: null,
  },
];
