/** Longest `extensions.detail`: enough to name what was wrong, not to carry back a submitted document. */
export const MAX_DETAIL_LENGTH = 300;

/**
 * graphql-js's and Apollo's wording of a refused request, for `extensions.detail`, without the values
 * the caller submitted: graphql prints them into its messages (`Variable "$p" got invalid value
 * { secret: "…" }`, `String cannot represent a non string value: 1234`, `Value "x" does not exist in
 * "OrderStatus" enum.`, `Syntax Error: Expected Name, found String "…"`), and a password sent in the
 * wrong shape would come back in the answer, and in whatever logs or shows it. Names stay (a
 * variable's, a field's, a type's, an operation's): they are the query's, not someone's data.
 */
export function detailWithoutValues(message: string): string {
  let detail = message;
  // Everything from the first printed value on is cut: it runs to the end (or into a reason that
  // prints it again).
  const markers = [/ got invalid value\b/, /\bvalue: /, /, found /];
  // A token's text, quoted as it was typed: cut before its quote.
  if (/^Syntax Error: /.test(detail)) markers.push(/(?= ?")/);
  const enumValue = /^Value "[\s\S]*" does not exist in "(\w+)" enum\.?/.exec(detail);
  if (enumValue) detail = `Value … does not exist in "${enumValue[1]}" enum.`;
  else
    for (const marker of markers) {
      const at = marker.exec(detail);
      if (at) detail = `${detail.slice(0, at.index + at[0].length).trimEnd()} …`;
    }
  return detail.length <= MAX_DETAIL_LENGTH ? detail : `${detail.slice(0, MAX_DETAIL_LENGTH)}…`;
}
