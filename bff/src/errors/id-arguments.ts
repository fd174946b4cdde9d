import type { PipeTransform } from '@nestjs/common';
import { Args, ID } from '@nestjs/graphql';
import {
  AD_MESSAGES,
  CART_MESSAGES,
  DomainError,
  FOLLOW_MESSAGES,
  isId,
  MEAL_MESSAGES,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  PAYOUT_MESSAGES,
  PROMOTION_ERRORS,
  PROMOTION_MESSAGES,
  RECEIPT_MESSAGES,
} from '@popote/contracts';

/**
 * Id arguments, checked where they enter (contracts/src/shared/ids.ts): an id of no possible shape (10 KB
 * of text, `../../etc/passwd`, a NATS wildcard) names nothing, so it gets the answer an unknown id
 * gets, at once, without asking a service (where it used to become a lock key and a database filter).
 * Public reads answer null or nothing instead (./meals, ./pickup): that is their answer to an unknown id.
 */
export class IdArgument implements PipeTransform<unknown, string> {
  constructor(private readonly unknown: () => DomainError) {}

  transform(value: unknown): string {
    if (isId(value)) return value;
    throw this.unknown();
  }
}

/**
 * An `ID!` argument; `check`: refused as the service refuses an unknown id (a public read passes none
 * and answers null or nothing itself).
 */
export const IdArg = (name: string, check?: IdArgument): ParameterDecorator =>
  check ? Args(name, { type: () => ID }, check) : Args(name, { type: () => ID });

/** An order's id, as ordering answers an unknown one. */
export const ORDER_ID = new IdArgument(() => new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound));
/** A checkout's id, as payments answers an unknown one. */
export const CHECKOUT_ID = new IdArgument(() => new DomainError('NOT_FOUND', PAYMENT_MESSAGES.invalidData));
/** A meal's id in a cook's change, as the catalogue answers an unknown one. */
export const MEAL_ID = new IdArgument(() => new DomainError('MEAL_NOT_FOUND', MEAL_MESSAGES.notFound));
/** A cook to follow, as notifications answers an unknown one. */
export const COOK_TO_FOLLOW = new IdArgument(() => new DomainError('NOT_FOUND', FOLLOW_MESSAGES.cookNotFound));
/** A dish to favour, as notifications answers an unknown one. */
export const MEAL_TO_FAVOUR = new IdArgument(() => new DomainError('NOT_FOUND', FOLLOW_MESSAGES.mealNotFound));
/** An order's receipt, as payments answers an unknown one. */
export const RECEIPT_ORDER_ID = new IdArgument(() => new DomainError('NOT_FOUND', RECEIPT_MESSAGES.notFound));
/** A cook's campaign, as payments answers an unknown one. */
export const CAMPAIGN_ID = new IdArgument(() => new DomainError('NOT_FOUND', AD_MESSAGES.notFound));
/** A dish put in the cart, as the cart answers one that is gone. */
export const CART_MEAL_ID = new IdArgument(() => new DomainError('MEAL_NOT_FOUND', CART_MESSAGES.mealGone));
/** A cook's delivered order to refund, as payments answers an unknown one. */
export const REFUND_ORDER_ID = new IdArgument(() => new DomainError('NOT_FOUND', PAYOUT_MESSAGES.notYourOrder));
/** A cook's promotion, as payments answers an unknown one. */
export const PROMOTION_ID = new IdArgument(() => new DomainError('NOT_FOUND', PROMOTION_ERRORS.notFound));
/** The cook of a basket a code is typed for: an id of no shape has no code. */
export const PROMO_COOK_ID = new IdArgument(() => new DomainError('VALIDATION_FAILED', PROMOTION_MESSAGES.unknown));
