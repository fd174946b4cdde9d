/**
 * A picture's address that a page may show and the server store: `https:` only (no script, data or
 * plain-http URL), no credentials in it, no space. The profile form checks it as identity does.
 */
export function isSafeImageUrl(value: string): boolean {
  // Scheme, then a host (no user or password before an '@'), then a path, query or fragment.
  return /^https:\/\/[^/?#\s@]+(?:[/?#]\S*)?$/.test(value);
}

/** The French refusal of an avatar address that `isSafeImageUrl` refuses (form and server alike). */
export const AVATAR_URL_INVALID = "L'adresse de l'image doit être une adresse https:// valide";
