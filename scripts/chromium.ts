/**
 * Debian's Chromium as the browser tests and the browser benches start it: never a browser a tool
 * downloads itself, and none of Chromium's own background traffic (updates, sync, QUIC probes) on a
 * machine that reaches only the package registries.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
