import { sql } from 'drizzle-orm';
import { categories } from '../../src/server/db/schema';
import type { DemoSeed } from './types';

interface DemoCategory {
  name: string;
  description: string;
  expense?: boolean;
  mileage?: boolean;
  advance?: boolean;
}

/** What a missionary-support office typically reimburses, drives and advances. */
export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Airfare',
    description: 'Flights to, from and within the field. Attach the e-ticket or the airline receipt.',
    expense: true,
    advance: true,
  },
  {
    name: 'Lodging',
    description: 'Hotels and guest houses while travelling for ministry; not your own rent.',
    expense: true,
    advance: true,
  },
  { name: 'Meals', description: 'Meals while travelling away from home; not daily groceries.', expense: true },
  {
    name: 'Ground Transport',
    description: 'Taxis, buses, trains, car hire and fuel for hired vehicles.',
    expense: true,
    advance: true,
  },
  {
    name: 'Ministry Supplies',
    description: 'Bibles, teaching materials and supplies used in ministry.',
    expense: true,
    advance: true,
  },
  {
    name: 'Visas & Permits',
    description: 'Visa, residence permit and work permit fees, with the official receipt.',
    expense: true,
    advance: true,
  },
  { name: 'Medical', description: 'Medical costs not covered by insurance, with the receipt.', expense: true },
  { name: 'Language Study', description: 'Tuition and books for language school.', expense: true },
  { name: 'Communications', description: 'Phone, internet and postage used for ministry.', expense: true },
  {
    name: 'Conference & Training',
    description: 'Registration fees for conferences, retreats and training courses.',
    expense: true,
    advance: true,
  },
  {
    name: 'Hospitality',
    description: 'Hosting ministry guests, church leaders and outreach events.',
    expense: true,
    advance: true,
  },
  {
    name: 'Mileage - Personal Vehicle',
    description: 'Ministry trips in your own vehicle, paid per mile at the mileage rate.',
    mileage: true,
  },
  {
    name: 'Mileage - Ministry Vehicle',
    description: 'Trips in a vehicle the ministry owns; fuel is not claimed separately.',
    mileage: true,
  },
  { name: 'Travel Advance', description: 'Cash ahead of an upcoming ministry trip.', advance: true },
  { name: 'Event Advance', description: 'Cash ahead of a conference, camp or outreach event.', advance: true },
];

/** Adds the categories whose name is not there yet (case-insensitive). */
export const categoriesSeed: DemoSeed = {
  name: 'categories',
  async run({ tx }) {
    const existing = new Set(
      (await tx.select({ name: sql<string>`lower(${categories.expenseCategory})` }).from(categories)).map(
        (r) => r.name,
      ),
    );
    const missing = DEMO_CATEGORIES.filter((category) => !existing.has(category.name.toLowerCase()));
    if (missing.length > 0) {
      await tx.insert(categories).values(
        missing.map((category) => ({
          expenseCategory: category.name,
          description: category.description,
          expense: category.expense ?? false,
          mileage: category.mileage ?? false,
          advance: category.advance ?? false,
        })),
      );
    }
    return missing.length;
  },
};
