import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppProviders } from '../../testing';
import { amountColumnsOf, type Mapping, MappingFields } from './ColumnMapping';

configure({ asyncUtilTimeout: 10_000 });

const headers = ['Donation ID', 'Received On', 'Fund Name', 'Fund Amount', 'Fee', ''];
const sample = [
  ['8801', '2026-11-02', 'Okafor Vehicle Fund', '1,000.00', '29.30', ''],
  ['8802', '2026-11-03', '1003', '150.00', '', ''],
];

function Harness(props: { onMapping(mapping: Mapping): void }) {
  const [value, setValue] = useState<Mapping>({ 'Fund Name': 'fund' });
  return (
    <MappingFields
      headers={headers}
      sample={sample}
      value={value}
      unknown={['Received On', 'Fund Amount']}
      onChange={(next) => {
        setValue(next);
        props.onMapping(next);
      }}
    />
  );
}

describe('the column mapping step', () => {
  it('lists each column with its first values, marks unknown ones, and maps a column', async () => {
    let mapping: Mapping = {};
    render(
      <AppProviders>
        <Harness onMapping={(next) => (mapping = next)} />
      </AppProviders>,
    );
    const list = screen.getByRole('list', { name: 'Columns of the file' });
    // Blank headers are not columns to map.
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('1,000.00 · 150.00')).toBeInTheDocument();
    // An empty cell is left out of the examples.
    expect(within(list).getByText('29.30')).toBeInTheDocument();
    expect(within(list).getAllByText('(not recognised)')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: '“Fund Name” holds' })).toHaveTextContent('Fund / designation');
    expect(screen.getByRole('combobox', { name: '“Fee” holds' })).toHaveTextContent('Ignore');

    await userEvent.click(screen.getByRole('combobox', { name: '“Fund Amount” holds' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amount' }));
    expect(mapping).toEqual({ 'Fund Name': 'fund', 'Fund Amount': 'amount' });
  });

  it.each([
    [{ A: 'amount', B: 'amount', C: 'fund' } as Mapping, ['A', 'B']],
    [{ A: 'ignore', B: 'amount' } as Mapping, ['B']],
    [{} as Mapping, []],
  ])('amount columns of %j → %j', (mapping, columns) => {
    expect(amountColumnsOf(['A', 'B', 'C'], mapping)).toEqual(columns);
  });
});
