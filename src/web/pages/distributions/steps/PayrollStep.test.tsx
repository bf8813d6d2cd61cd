import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { useReducer } from 'react';
import { MemoryRouter } from 'react-router';
import type { DistributionContext } from '../../../../domain/distributions/context';
import type { YearToDate } from '../../../../domain/distributions/payroll-year';
import { MESSAGES } from '../../../../domain/messages';
import { AppProviders } from '../../../testing';
import { EMPTY_FORM, type FormState, formReducer, payloadOf } from '../form-state';
import { computePreview } from '../preview';
import { ruthContext, usdCents } from '../test-fixtures';
import { PayrollStep } from './PayrollStep';

const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

const RUTH = ruthContext();
const START: FormState = {
  ...EMPTY_FORM,
  fieldWorker: { id: 5, name: 'Ruth Moabite', missionary_number: 'M-7' },
  startDate: '2024-05-01',
  endDate: '2024-05-31',
  uploadNames: ['May 2024'],
};

/** Step 2 with the form's reducer and the engine's preview, as the Distribution Form wires them. */
function Harness({
  onPayload,
  readOnly = false,
  context = RUTH,
}: {
  onPayload(payload: unknown): void;
  readOnly?: boolean;
  context?: DistributionContext;
}) {
  const [state, dispatch] = useReducer(formReducer, START);
  const payload = payloadOf(state);
  onPayload(payload);
  const preview = computePreview(context, payload);
  const errors: Record<string, string | undefined> = {};
  if (preview.kind === 'invalid' || preview.kind === 'refused') {
    for (const [field, list] of Object.entries(preview.errors)) errors[field] = list[0];
  }
  return (
    <PayrollStep
      context={context}
      result={preview.kind === 'ok' ? preview.result : null}
      state={state}
      dispatch={dispatch}
      readOnly={readOnly}
      canEditProfile
      errors={errors}
    />
  );
}

function renderStep(readOnly = false, context = RUTH) {
  let last: Record<string, unknown> = {};
  render(
    <AppProviders>
      <MemoryRouter>
        <Harness
          readOnly={readOnly}
          context={context}
          onPayload={(payload) => (last = payload as Record<string, unknown>)}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return () => last;
}

/** The value beside a label in a figure list. */
function figure(label: string) {
  const term = screen.getAllByRole('term').find((element) => element.textContent?.trim() === label);
  if (!term) throw new Error(`no figure ${label}`);
  return term.nextElementSibling?.textContent;
}

describe('Step 2, Customize payroll (decision 13, docs/decisions.md)', () => {
  it('starts every input from the Payroll Info and sends none of them until one is changed', SLOW, async () => {
    const payload = renderStep();
    const section = screen.getByRole('region', { name: "This month's payroll" });
    expect(within(section).getByRole('textbox', { name: 'Net Salary' })).toHaveValue('2000.00');
    expect(within(section).getByRole('textbox', { name: 'Housing Allowance' })).toHaveValue('800.00');
    expect(within(section).getByRole('textbox', { name: 'Retirement 403(b)' })).toHaveValue('150.00');
    expect(within(section).getByRole('textbox', { name: 'Federal Income Tax' })).toHaveValue('120.00');
    expect(within(section).getByRole('textbox', { name: 'Insurance' })).toHaveValue('310.00');
    expect(within(section).getByRole('textbox', { name: 'Wire Fee' })).toHaveValue('25.00');
    expect(within(section).getByRole('combobox', { name: 'Tax Status' })).toHaveTextContent('W2');
    expect(within(section).getByRole('checkbox', { name: /FICA Tax/ })).toBeChecked();
    // 200000 × 620 / 9235 = 134.27; total 2000 + 120 + 2 × (134.27 + 31.40) = 2451.34
    expect(figure('Total Payroll')).toBe('$2,451.34');
    expect(payload()).not.toHaveProperty('insurance_payment');
    expect(payload()).not.toHaveProperty('tax_status');
  });

  it('recomputes with this month’s insurance and wire fee and sends them', SLOW, async () => {
    const payload = renderStep();
    const insurance = screen.getByRole('textbox', { name: 'Insurance' });
    await userEvent.clear(insurance);
    await userEvent.type(insurance, '400');
    const wire = screen.getByRole('textbox', { name: 'Wire Fee' });
    await userEvent.clear(wire);
    await waitFor(() => expect(figure('Wire Fee')).toBe('$0.00'));
    await waitFor(() => expect(figure('Insurance')).toBe('$400.00'));
    // 2451.34 + 800.00 + 400.00 + 0.00
    expect(figure('Payroll Cost')).toMatch(/^\$3,651\.34/);
    expect(payload()).toMatchObject({ insurance_payment: '400', wire_fee: '0' });
    expect(screen.getByText('Payroll Info: $310.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use Payroll Info' }));
    await waitFor(() => expect(figure('Insurance')).toBe('$310.00'));
    expect(payload()).not.toHaveProperty('insurance_payment');
  });

  it('unticks and disables FICA for W2 Exempt, and computes without it', SLOW, async () => {
    const payload = renderStep();
    await userEvent.click(screen.getByRole('combobox', { name: 'Tax Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'W2 Exempt' }));
    const fica = screen.getByRole('checkbox', { name: /FICA Tax/ });
    await waitFor(() => expect(fica).not.toBeChecked());
    expect(fica).toBeDisabled();
    expect(screen.getByText(MESSAGES.ficaOnlyW2)).toBeInTheDocument();
    // No FICA: gross = total = 2000.00 + 120.00
    await waitFor(() => expect(figure('Total Payroll')).toBe('$2,120.00'));
    expect(figure('Social Security (employer)')).toBe('$0.00');
    expect(payload()).toMatchObject({ tax_status: 'W2 Exempt', fica_tax: '0' });
  });

  it('shows the engine’s message under the 403(b) when it exceeds salary and housing', SLOW, async () => {
    renderStep();
    const retirement = screen.getByRole('textbox', { name: 'Retirement 403(b)' });
    await userEvent.clear(retirement);
    await userEvent.type(retirement, '2800.01');
    expect(await screen.findByText(MESSAGES.retirementTooLarge)).toBeInTheDocument();
  });

  it('is read-only when the distribution is', SLOW, async () => {
    renderStep(true);
    expect(screen.getByRole('textbox', { name: 'Insurance' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /FICA Tax/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Use Payroll Info' })).not.toBeInTheDocument();
  });
});

/** Ruth's 2024 so far, with a wage base of $184,500.00 (the year's other months hold `before`). */
function ruthYear(overrides: Partial<YearToDate> = {}): YearToDate {
  return {
    year: 2024,
    socialSecurityWageBase: usdCents('184500.00'),
    socialSecurityWagesBefore: 0,
    housingDesignation: null,
    housingExcludedBefore: 0,
    ...overrides,
  };
}

describe('Step 2 says what the year’s limits did to this month (docs/tax.md)', () => {
  it('says the wage base was reached this month, with the wages above it', SLOW, async () => {
    // 184500 − 183500 = 1,000.00 left: ss = 6.2 % × 1000 = 62.00; mc grossed up on 2,062.00:
    // 206200 × 145 / 9855 = 3033.88 → 30.34; gross 2000 + 62 + 30.34 + 120 = 2,212.34, 1,212.34 above
    renderStep(false, ruthContext({ yearToDate: ruthYear({ socialSecurityWagesBefore: usdCents('183500.00') }) }));
    expect(figure('Social Security (employee)')).toBe('$62.00');
    expect(figure('Gross Payroll')).toBe('$2,212.34');
    expect(screen.getByRole('status')).toHaveTextContent(
      "Social Security wage base of $184,500.00 reached this month: $1,212.34 of this month's wages are above it, so no Social Security tax is taken on them.",
    );
  });

  it('says the base was already reached, on a read-only distribution too', SLOW, async () => {
    renderStep(true, ruthContext({ yearToDate: ruthYear({ socialSecurityWagesBefore: usdCents('184500.00') }) }));
    expect(figure('Social Security (employee)')).toBe('$0.00');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Social Security wage base of $184,500.00 already reached this year: no Social Security tax this month.',
    );
  });

  it('says nothing while the month fits under the base', SLOW, async () => {
    // 184500 − 100000 = 84,500.00 left, more than the gross of 2,285.67
    renderStep(false, ruthContext({ yearToDate: ruthYear({ socialSecurityWagesBefore: usdCents('100000.00') }) }));
    expect(figure('Social Security (employee)')).toBe('$134.27');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it(
    'says a minister’s housing allowance without a designation is taxable, as this month’s amount changes',
    SLOW,
    async () => {
      const minister = ruthContext({ yearToDate: ruthYear() });
      minister.profile = { ...minister.profile, taxStatus: 'W2 Exempt', ficaTax: false, minister: true };
      renderStep(false, minister);
      const note = screen.getByRole('status');
      expect(note).toHaveTextContent(
        'No housing allowance was designated for 2024 before this payment, so $800.00 of housing allowance is taxable wages.',
      );
      const housing = screen.getByRole('textbox', { name: 'Housing Allowance' });
      await userEvent.clear(housing);
      await userEvent.type(housing, '950');
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('so $950.00 of housing allowance'));
    },
  );

  it('says nothing of a housing allowance excluded under the designation', SLOW, async () => {
    const designated = ruthYear({ housingDesignation: { amount: usdCents('12000.00'), approvedOn: '2023-12-10' } });
    const minister = ruthContext({ yearToDate: designated });
    minister.profile = { ...minister.profile, taxStatus: 'W2 Exempt', ficaTax: false, minister: true };
    renderStep(false, minister);
    expect(figure('Housing Allowance')).toBe('$800.00');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
