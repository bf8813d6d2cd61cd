import type { CategoryUse } from './schemas';

export interface DefaultCategory {
  expense_category: string;
  description: string;
  uses: readonly CategoryUse[];
}

/**
 * The category set a new organisation can start from ("Add default categories" on the
 * setup checklist): what a missionary-support office typically reimburses, pays mileage for and
 * advances. Offices rename, extend or delete them on Settings like any other category.
 */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  {
    expense_category: 'Airfare',
    description: 'Flights to, from and within the field. Attach the e-ticket or the airline receipt.',
    uses: ['expense', 'advance'],
  },
  {
    expense_category: 'Lodging',
    description: 'Hotels and guest houses while travelling for ministry; not your own rent.',
    uses: ['expense', 'advance'],
  },
  {
    expense_category: 'Meals',
    description: 'Meals while travelling away from home; not daily groceries.',
    uses: ['expense'],
  },
  {
    expense_category: 'Ground Transport',
    description: 'Taxis, buses, trains, car hire and fuel for hired vehicles.',
    uses: ['expense', 'advance'],
  },
  {
    expense_category: 'Ministry Supplies',
    description: 'Bibles, teaching materials and supplies used in ministry.',
    uses: ['expense', 'advance'],
  },
  {
    expense_category: 'Visas & Permits',
    description: 'Visa, residence permit and work permit fees, with the official receipt.',
    uses: ['expense', 'advance'],
  },
  {
    expense_category: 'Medical',
    description: 'Medical costs not covered by insurance, with the receipt.',
    uses: ['expense'],
  },
  {
    expense_category: 'Communications',
    description: 'Phone, internet and postage used for ministry.',
    uses: ['expense'],
  },
  {
    expense_category: 'Conference & Training',
    description: 'Registration fees for conferences, retreats and training courses.',
    uses: ['expense', 'advance'],
  },
  {
    expense_category: 'Ministry Travel',
    description: 'Driving your own vehicle for ministry: enter the odometer readings or the distance.',
    uses: ['mileage'],
  },
];

/** Names compare without case or surrounding and repeated spaces, as the office would read them. */
export function categoryKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The defaults whose names are not taken yet: adding them twice adds nothing. */
export function missingDefaults(existingNames: readonly string[]): DefaultCategory[] {
  const taken = new Set(existingNames.map(categoryKey));
  return DEFAULT_CATEGORIES.filter((category) => !taken.has(categoryKey(category.expense_category)));
}
