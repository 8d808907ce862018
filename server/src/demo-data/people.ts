import { DemoRandom, demoId } from './random.js';

/** A demo account: customers place projects, staff price and run them. */
export interface DemoPerson {
  key: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  isDesigner: boolean;
  isStaff: boolean;
}

export interface DemoOrganization {
  key: string;
  organizationId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Indexes into the customers. */
  members: number[];
}

const FIRST = ['Wendy', 'Marcus', 'Aisha', 'Daniel', 'Sofia', 'Kenji', 'Olivia', 'Rafael', 'Hannah', 'Tomas', 'Grace', 'Omar', 'Leah', 'Victor', 'Nadia', 'Elliot', 'Priya', 'Samuel', 'Chloe', 'Andre', 'Ingrid', 'Mateo', 'Ruth', 'Felix'];
const LAST = ['Walker', 'Chen', 'Okafor', 'Rossi', 'Nguyen', 'Levy', 'Garcia', 'Sato', 'Murphy', 'Haddad', 'Kowalski', 'Brennan', 'Silva', 'Park', 'Fischer', 'Adeyemi', 'Moreau', 'Quinn', 'Novak', 'Reyes'];
const STAFF = ['Maya Ortiz', 'Sam Okoro', 'Jo Lindqvist'];
const ORGANIZATIONS = ['Harbor Street Hotel', 'Greenpoint Dental Group', 'Atlantic Yacht Club', 'Fulton Design Studio', 'Bayview Senior Living', 'Canal Street Bistro', 'Hudson Loft Rentals', 'Prospect Pilates'];
const STREETS = ['Atlantic Ave', 'Bedford Ave', 'Court St', 'Greenwich St', 'Broadway', 'Smith St', 'Franklin Ave', 'Hudson St'];

/** Every demo address sits under this seed's own domain, so seeds never claim each other's e-mails. */
const emailOf = (seed: number, name: string, index: number) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${index}@demo${seed}.example.com`;
const phoneOf = (random: DemoRandom) => `(${random.pick(['212', '718', '347', '646', '917'])}) 555-${String(random.int(100, 9999)).padStart(4, '0')}`;

export function demoStaff(seed: number): DemoPerson[] {
  return STAFF.map((name, index) => {
    const key = `staff:${index}`;
    return { key, userId: demoId(seed, key), name, email: emailOf(seed, name, index), phone: '(718) 555-0100', isDesigner: false, isStaff: true };
  });
}

export function demoCustomers(seed: number, count: number): DemoPerson[] {
  return Array.from({ length: count }, (_, index) => {
    const key = `customer:${index}`;
    const random = new DemoRandom(seed, key);
    const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    return { key, userId: demoId(seed, key), name, email: emailOf(seed, name, index), phone: phoneOf(random), isDesigner: random.chance(0.15), isStaff: false };
  });
}

/** A few organizations, each with two to four members drawn from the first customers. */
export function demoOrganizations(seed: number, count: number, customers: number): DemoOrganization[] {
  return Array.from({ length: count }, (_, index) => {
    const key = `organization:${index}`;
    const random = new DemoRandom(seed, key);
    const name = ORGANIZATIONS[index % ORGANIZATIONS.length]! + (index >= ORGANIZATIONS.length ? ` ${Math.floor(index / ORGANIZATIONS.length) + 1}` : '');
    const size = Math.min(customers, random.int(2, 4));
    const members = Array.from({ length: size }, (_, m) => (index * 3 + m) % customers);
    const address = `${random.int(10, 400)} ${random.pick(STREETS)}, Brooklyn, NY`;
    return { key, organizationId: demoId(seed, key), name, email: emailOf(seed, name, index), phone: phoneOf(random), address, members: [...new Set(members)] };
  });
}
