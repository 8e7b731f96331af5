/** Every demo account's password, printed by `npm start` beside the accounts. */
export const DEMO_PASSWORD = 'Demo1234!';
