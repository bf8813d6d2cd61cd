import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { AppProviders, fakeApi } from '../../testing';
import { MileageDialog } from './MileageDialog';
import { fullReport } from './report-fixture';
import type { Mileage } from './types';

const formOf = (init: RequestInit | undefined) =>
  Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []);

function renderDialog(report: ReturnType<typeof fullReport>, onClose = vi.fn()) {
  render(
    <AppProviders>
      <MemoryRouter>
        <MileageDialog report={report} trip={null} onClose={onClose} />
      </MemoryRouter>
    </AppProviders>,
  );
  return onClose;
}

describe('the trip dialog holds the distance unit', () => {
  const draft = { submitted: 0 as const, status: 'unsubmitted' as const };

  it('asks for miles or kilometers inside the dialog, then saves the unit before the trip', async () => {
    const api = fakeApi();
    const sent: Array<[string, Record<string, FormDataEntryValue>]> = [];
    api.on('POST', '/save/expense-report/1', (init) => {
      sent.push(['report', formOf(init)]);
      return { status: 200, body: fullReport({ ...draft, distance_type: 'km' }) };
    });
    api.on('POST', '/mileage', (init) => {
      sent.push(['trip', formOf(init)]);
      return { status: 201, body: {} };
    });
    const user = userEvent.setup();
    const onClose = renderDialog(fullReport({ ...draft, distance_type: 'none' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Mileage' });

    // No unit yet: the trip is not added, and the reason is under the choice, in the dialog.
    await user.type(within(dialog).getByLabelText('Odometer start'), '12000');
    await user.type(within(dialog).getByLabelText('Odometer end'), '12042');
    await user.click(within(dialog).getByRole('button', { name: 'Add Mileage' }));
    const unit = within(dialog).getByRole('radiogroup').closest('fieldset')!;
    expect(await within(unit).findByText(MESSAGES.distanceTypeRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Kilometers' }));
    // 42 km × 0.621371 = 26.1 mi × $0.70 = $18.27 (the default rate)
    expect(within(dialog).getByRole('status')).toHaveTextContent('$18.27');
    await user.click(within(dialog).getByRole('button', { name: 'Add Mileage' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map(([what, fields]) => [what, fields.distance_type ?? null, fields.odometer_end ?? null])).toEqual([
      ['report', 'km', null],
      ['trip', null, '12042'],
    ]);
  }, 30_000);

  it('starts in the report’s unit, and says the other trips follow a change', async () => {
    fakeApi();
    const user = userEvent.setup();
    const other = { id: 9, date: '2026-03-01', total_distance: 10 } as Mileage;
    renderDialog(fullReport({ ...draft, distance_type: 'mi', mileage: [other] }));
    expect(screen.getByRole('radio', { name: 'Miles' })).toBeChecked();
    expect(screen.getByText('Every trip of this report uses the same unit.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Kilometers' }));
    expect(screen.getByText('The other trip of this report will be counted in kilometers too.')).toBeInTheDocument();
  }, 30_000);
});
