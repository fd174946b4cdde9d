/**
 * A SIRET, as identity checks it and the cook's form checks it first: 14 digits whose Luhn sum is a
 * multiple of 10 (La Poste's establishments, SIREN 356000000: digit sum multiple of 5).
 */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) return [...value].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  const sum = [...value].reduce((s, ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return s + d;
  }, 0);
  return sum % 10 === 0;
}
