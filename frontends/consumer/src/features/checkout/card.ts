import { frOrders } from '@popote/ui/fr-orders';

/** Card numbers are 12 to 19 digits; shown in groups of four. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/AA" while typing: "1" → "1", "12" → "12/", "1228" → "12/28". */
export function formatExpiry(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace never sticks.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** Checks the form before anything is sent; `now` for tests. */
export function parseCard(fields: CardFields, now = new Date()): { card: ParsedCard } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = fields.number.replace(/\D/g, '');
  if (number.length < 12 || number.length > 19 || !luhnValid(number)) errors.number = frOrders.checkout.cardNumberInvalid;

  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(fields.expiry.trim());
  let exp_month = 0;
  let exp_year = 0;
  if (!match) errors.expiry = frOrders.checkout.cardExpiryInvalid;
  else {
    exp_month = Number(match[1]);
    exp_year = 2000 + Number(match[2]);
    if (exp_month < 1 || exp_month > 12) errors.expiry = frOrders.checkout.cardExpiryInvalid;
    else if (exp_year * 12 + exp_month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = frOrders.checkout.cardExpired;
  }

  const cvc = fields.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = frOrders.checkout.cardCvcInvalid;

  if (Object.keys(errors).length > 0) return { errors };
  return { card: { number, exp_month, exp_year, cvc } };
}
