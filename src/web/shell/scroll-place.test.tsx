import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { ScrollPlace } from './scroll-place';

let go: ReturnType<typeof useNavigate>;
function Navigator() {
  go = useNavigate();
  return <ScrollPlace />;
}

/** Scroll as a reader would: the page's offset changes and the browser says so. */
function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollPlace', () => {
  it('opens a new page at its top, keeps the place on the same page, and restores it on back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/admin/donations']}>
        <Navigator />
      </MemoryRouter>,
    );
    scrollBy(900);
    scrollTo.mockClear();

    // The same page's address changes (a search typed in its table): the reader stays at 900.
    await act(async () => go('/admin/donations?q=okafor', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();

    // Another page opens at its top.
    await act(async () => go('/admin/hold-accounts'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(40);

    // Back: the donations page where the reader left it.
    await act(async () => go(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
    scrollTo.mockRestore();
  });
});
