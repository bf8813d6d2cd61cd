import type { Category } from '../../api/types';
import { categoryOptions, holdAccountOptions } from './options';

const category = (id: number, name: string, flags: Partial<Pick<Category, 'advance' | 'expense' | 'mileage'>>) =>
  ({ id, expense_category: name, description: '', advance: 0, expense: 0, mileage: 0, ...flags }) as Category;

const categories = [
  category(1, 'Lodging', { expense: 1 }),
  category(2, 'Supplies', { advance: 1, expense: 1 }),
  category(3, 'Own car', { mileage: 1 }),
];

describe('categoryOptions', () => {
  it.each([
    // kind        offered (a category with two flags shows under both)
    ['expense', ['Lodging', 'Supplies']],
    ['advance', ['Supplies']],
    ['mileage', ['Own car']],
  ] as const)('offers %s lines only the categories flagged for them', (kind, labels) => {
    expect(categoryOptions(categories, kind).map((option) => option.label)).toEqual(labels);
  });

  it('uses the id as the value and offers nothing while the categories load', () => {
    expect(categoryOptions(categories, 'mileage')).toEqual([{ value: '3', label: 'Own car' }]);
    expect(categoryOptions(undefined, 'expense')).toEqual([]);
  });
});

describe('holdAccountOptions', () => {
  it('puts "None" first, since charging a hold account is optional', () => {
    expect(holdAccountOptions([{ id: 7, fund_name: 'Vehicle Fund' }])).toEqual([
      { value: '', label: 'None' },
      { value: '7', label: 'Vehicle Fund' },
    ]);
    expect(holdAccountOptions(undefined)).toEqual([{ value: '', label: 'None' }]);
  });
});
