import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEADER_ALIASES } from '../../../domain/donations/columns';
import { IMPORT_COLUMN_HELP } from '../../../domain/donations/import-help';
import { AppProviders } from '../../testing';
import { ImportHelp } from './ImportHelp';

configure({ asyncUtilTimeout: 10_000 });

describe('ImportHelp', () => {
  it('says what the file needs, offers both templates and lists every column with its headers', async () => {
    render(
      <AppProviders>
        <ImportHelp />
      </AppProviders>,
    );
    expect(
      screen.getByText(/^The file needs an Amount column and a Fund \/ designation, Account # or Missionary column/),
    ).toBeVisible();
    expect(screen.getByText(/^A row's Fund is matched to an active hold account's fund name/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV template' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Excel template' })).toBeEnabled();

    const toggle = screen.getByRole('button', { name: 'Columns the import reads' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Columns the import reads' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(IMPORT_COLUMN_HELP.length + 1);
    // Generated from the alias table: the amount entry names every amount header the import reads.
    const amount = items[IMPORT_COLUMN_HELP.findIndex((entry) => entry.role === 'amount')];
    expect(amount).toHaveTextContent('Amount (Required)');
    for (const alias of HEADER_ALIASES.amount) expect(amount.textContent?.toLowerCase()).toContain(alias);
  });
});
