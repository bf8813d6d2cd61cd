/**
 * The bars at the foot of every page: "You are offline" while the device has no
 * connection, and "New version available — Reload" when a new service worker is installed and
 * waiting. The new version takes over only when the user reloads, so a running page never mixes its
 * chunks with another version's.
 *
 * Plain DOM, no React or MUI, loaded after the first page: the login page's budget
 * (test/web-budget.test.ts) has no room, and these bars must work whatever the page does.
 */

const BAR_STYLE =
  'display:flex;align-items:center;gap:16px;padding:8px 16px;font:400 0.875rem/1.43 Roboto,Helvetica,Arial,sans-serif;';

/** vite-plugin-pwa's registration module (`virtual:pwa-register`), loaded by the caller. */
type Registration = Promise<{
  registerSW: (options: { onNeedRefresh: () => void }) => (reloadPage?: boolean) => Promise<void>;
}>;

/** Starts the bars; `loadRegistration` (production builds only) also registers the service worker. */
export function startAppStatus(loadRegistration?: () => Registration): () => void {
  const region = document.createElement('div');
  region.id = 'app-status';
  region.setAttribute('style', 'position:fixed;left:0;right:0;bottom:0;z-index:1390;');
  document.body.append(region);

  const offline = document.createElement('div');
  offline.setAttribute('role', 'status');
  offline.setAttribute('style', `${BAR_STYLE}background:#212121;color:#fff;`);
  region.append(offline);
  const showConnection = () => {
    offline.textContent = navigator.onLine
      ? ''
      : 'You are offline. Expenses you add are kept on this device and sent when the connection returns.';
    offline.style.display = navigator.onLine ? 'none' : 'flex';
    makeRoom();
  };
  // The page can scroll its last button clear of the bars.
  const makeRoom = () => {
    document.body.style.paddingBottom = region.offsetHeight ? `${region.offsetHeight}px` : '';
  };
  showConnection();
  window.addEventListener('online', showConnection);
  window.addEventListener('offline', showConnection);

  if (loadRegistration && 'serviceWorker' in navigator) {
    loadRegistration().then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh: () => {
          region.append(newVersionBar(() => update(true)));
          makeRoom();
        },
      });
    });
  }
  return () => {
    window.removeEventListener('online', showConnection);
    window.removeEventListener('offline', showConnection);
    region.remove();
    makeRoom();
  };
}

export function newVersionBar(reload: () => void): HTMLElement {
  const bar = document.createElement('div');
  bar.setAttribute('role', 'alert');
  bar.setAttribute('style', `${BAR_STYLE}background:#2f5d50;color:#fff;`);
  const text = document.createElement('span');
  text.textContent = 'New version available.';
  text.style.flexGrow = '1';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload';
  button.setAttribute(
    'style',
    'color:inherit;background:transparent;border:1px solid currentColor;border-radius:4px;padding:4px 12px;font:inherit;cursor:pointer;',
  );
  button.addEventListener('click', () => {
    button.disabled = true;
    reload();
  });
  bar.append(text, button);
  return bar;
}
