/** What an exported email shows instead of a secret its link carried. */
export const REDACTED = '[retiré]';

/** Parameter names that carry a secret, whatever their value looks like. */
const SECRET_NAME = /token|secret|password|passwd|code|key|sig|signature|auth|otp|nonce|session|jwt|hash|reset|verify/i;
/** A value that looks like a random secret: 16 characters or more of a base64/hex/url-safe alphabet. */
const SECRET_VALUE = /^[A-Za-z0-9_\-.~+/=%]{16,}$/;
/** A web address in plain text, up to the first space or closing punctuation around it. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'()[\]{}]+/gi;
/** `?name=value`, `&name=value`, `#name=value` (a token may ride in the fragment too). */
const PARAM = /([?&#;])([^=&#;\s]+)=([^&#;\s]*)/g;

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
};

/**
 * An email's text as a data export shows it: every link kept, but the value of any parameter that
 * carries a secret (a verification, reset or email-change token, anything token-like) replaced — a
 * link copied from an archive must never open someone's account, even when it has expired.
 */
export function redactSecrets(text: string): string {
  return text.replace(URL_IN_TEXT, (url) =>
    url.replace(PARAM, (whole, sep: string, name: string, value: string) =>
      value && (SECRET_NAME.test(decoded(name)) || SECRET_VALUE.test(decoded(value))) ? `${sep}${name}=${REDACTED}` : whole,
    ),
  );
}
