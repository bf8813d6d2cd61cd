import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '../api/client';
import { ErrorState } from './ErrorState';

const back = { to: '/admin/dashboard', label: 'Expense Reports' };

function show(error: unknown) {
  render(
    <MemoryRouter>
      <ErrorState error={error} onRetry={() => {}} back={back} />
    </MemoryRouter>,
  );
}

describe('ErrorState', () => {
  it('offers a way back, not "Try again", when the thing is not there', () => {
    show(new ApiError(404, { message: 'Expense report not found.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Expense report not found.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Expense Reports' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it.each([
    ['a server failure', new ApiError(500, { message: 'Something went wrong.' })],
    ['a throttled call', new ApiError(429, { message: 'Too many attempts.' })],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('offers "Try again" after %s', (_name, error) => {
    show(error);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
