import { newVersionBar, startAppStatus } from './app-status';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the offline bar', () => {
  afterEach(() => setOnline(true));

  it('shows while the device is offline and hides when the connection returns', () => {
    setOnline(true);
    const stop = startAppStatus();
    const bar = document.querySelector('#app-status [role="status"]') as HTMLElement;
    expect(bar.style.display).toBe('none');
    setOnline(false);
    expect(bar.style.display).toBe('flex');
    expect(bar.textContent).toContain('You are offline');
    setOnline(true);
    expect(bar.style.display).toBe('none');
    stop();
    expect(document.getElementById('app-status')).toBeNull();
  });
});

describe('the new-version prompt', () => {
  it('reloads into the new version only when asked, once', () => {
    const reload = vi.fn();
    const bar = newVersionBar(reload);
    expect(bar.getAttribute('role')).toBe('alert');
    expect(bar.textContent).toContain('New version available.');
    expect(reload).not.toHaveBeenCalled();
    const button = bar.querySelector('button')!;
    button.click();
    button.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
