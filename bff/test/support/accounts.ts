let accounts = 0;

/**
 * A new account's sign-up input: an address and a username no other test takes
 * (`<prefix><n>-<ms>@popote.test`, `<prefix><n>_<ms % 100000>`), the password `secret1`, in Lyon.
 */
export function newAccount(prefix: string, user_type: 'consumer' | 'cook' = 'consumer', name = 'Test') {
  const n = ++accounts;
  const now = Date.now();
  return {
    email: `${prefix}${n}-${now}@popote.test`,
    password: 'secret1',
    name,
    username: `${prefix}${n}_${now % 100000}`,
    location: 'Lyon',
    user_type,
  };
}
