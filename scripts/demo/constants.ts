/** Every demo account is on this domain and shares one known password (printed by `npm run demo`). */
export const DEMO_DOMAIN = 'demo.example.org';
export const DEMO_PASSWORD = 'sheepfold-demo';

export const demoEmail = (localPart: string) => `${localPart}@${DEMO_DOMAIN}`;
