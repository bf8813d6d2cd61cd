import { categoryKey, DEFAULT_CATEGORIES, missingDefaults } from './defaults';

describe('the default categories', () => {
  it('cover every use: expense codes, mileage types and advance types', () => {
    for (const use of ['expense', 'mileage', 'advance'] as const) {
      expect(DEFAULT_CATEGORIES.some((category) => category.uses.includes(use))).toBe(true);
    }
  });

  it('have unique names and both texts, as the category form requires', () => {
    const names = DEFAULT_CATEGORIES.map((category) => categoryKey(category.expense_category));
    expect(new Set(names).size).toBe(names.length);
    for (const category of DEFAULT_CATEGORIES) {
      expect(category.expense_category.trim()).not.toBe('');
      expect(category.description.trim()).not.toBe('');
    }
  });

  it.each<[string, string[], number]>([
    ['none taken', [], DEFAULT_CATEGORIES.length],
    ['one taken, in other case and spacing', ['  lodging ', 'GROUND   transport'], DEFAULT_CATEGORIES.length - 2],
    ['an office category of its own takes nothing', ['Rent'], DEFAULT_CATEGORIES.length],
    ['all taken', DEFAULT_CATEGORIES.map((category) => category.expense_category), 0],
  ])('adds only the missing ones: %s', (_name, existing, expected) => {
    expect(missingDefaults(existing)).toHaveLength(expected);
  });
});
