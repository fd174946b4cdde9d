import { Inject, UseGuards } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  DomainError,
  IdentityRpc,
  OperatorRpc,
  PaymentsSupportRpc,
  ORDER_MESSAGES,
  SupportRpc,
  type StoryEntry,
  type SupportOrderDto,
  type SupportRefundDto,
} from '@popote/contracts';
import { RpcClient, type OperatorActor } from '@popote/platform';
import type { BffConfig } from '../config';
import { IdArg, IdArgument } from '../errors/id-arguments';
import { CurrentOperator, OperatorGuard } from '../operators/operator.guard';
import { BFF_CONFIG } from '../tokens';
import {
  FailedPayoutModel,
  SupportOrderModel,
  SupportOrderSearchModel,
  SupportOrderStoryModel,
  SupportRefundInput,
  SupportRefundModel,
  SupportResentEmailModel,
} from './support.model';

const ORDER = new IdArgument(() => new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound));

export const toSupportOrder = (o: SupportOrderDto): SupportOrderModel => ({
  ...o,
  number: o.order_id.slice(-8),
  items: o.items.map((i) => ({ name: i.name, quantity: i.quantity, price_cents: i.price_cents })),
});

/** The story's parts merged by time (a stable sort: one service's steps keep their order at the same instant). */
export const mergeStory = (parts: StoryEntry[][]): StoryEntry[] => parts.flat().sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

/**
 * Support tools of the operator console (ADR 0043): find an order by number, buyer or cook; its
 * whole story told by every service that had a part in it, with its trace in Jaeger; refund a
 * picked-up order whole or in part (once: payments keys it by the order); send an email again; the
 * payouts that failed. Operators only (their cookie, checked on every call); whatever an operator
 * does is written to the audit log first — when the log cannot be written, nothing is done.
 */
@Resolver()
@UseGuards(OperatorGuard)
export class SupportResolver {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  @Query(() => SupportOrderSearchModel, {
    description: "Operators: orders by number (8 characters or the whole id) or by the buyer's or cook's email",
  })
  async supportOrders(@Args('query') query: string): Promise<SupportOrderSearchModel> {
    const q = query.trim();
    if (!q.includes('@')) {
      const found = await this.rpc.call(SupportRpc.findOrders, { order_number: q });
      return { items: found.items.map(toSupportOrder), truncated: found.truncated, matched_user: null };
    }
    const { user } = await this.rpc.call(SupportRpc.findUser, { email: q });
    if (!user) return { items: [], truncated: false, matched_user: null };
    // A cook also buys: their orders as buyer and as cook, newest first.
    const [bought, sold] = await Promise.all([
      this.rpc.call(SupportRpc.findOrders, { consumer_id: user.user_id }),
      user.role === 'cook'
        ? this.rpc.call(SupportRpc.findOrders, { cook_id: user.user_id })
        : Promise.resolve({ items: [], truncated: false }),
    ]);
    const items = [...bought.items, ...sold.items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    return {
      items: items.map(toSupportOrder),
      truncated: bought.truncated || sold.truncated,
      matched_user: `${user.username} <${user.email}>`,
    };
  }

  @Query(() => SupportOrderStoryModel, { description: 'Operators: an order and its whole story (checkout, payment, stock, slot, emails)' })
  async supportOrder(@IdArg('order_id', ORDER) orderId: string): Promise<SupportOrderStoryModel> {
    const { order, entries } = await this.rpc.call(SupportRpc.orderingStory, { order_id: orderId });
    if (!order) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
    const missing: string[] = [];
    const part = <T>(service: string, call: Promise<T>): Promise<T | null> =>
      call.catch(() => {
        missing.push(service);
        return null;
      });
    const [payments, catalogue, notifications] = await Promise.all([
      part('payments', this.rpc.call(PaymentsSupportRpc.orderStory, { order_id: orderId, checkout_id: order.checkout_id })),
      part('catalogue', this.rpc.call(SupportRpc.catalogueStory, { order_id: orderId, checkout_id: order.checkout_id })),
      part('notifications', this.rpc.call(SupportRpc.notificationsStory, { order_id: orderId })),
    ]);
    const jaeger = this.config.JAEGER_UI_URL?.replace(/\/+$/, '');
    return {
      order: toSupportOrder(order),
      entries: mergeStory([entries, payments?.entries ?? [], catalogue?.entries ?? [], notifications?.entries ?? []]),
      missing,
      refund: payments?.refund ?? null,
      receipt_number: payments?.receipt_number ?? null,
      trace_url: jaeger && order.trace_id ? `${jaeger}/trace/${order.trace_id}` : null,
    };
  }

  @Mutation(() => SupportRefundModel, { description: 'Operators: refund a picked-up order, whole or in part (one refund per order)' })
  async supportRefund(@CurrentOperator() operator: OperatorActor, @Args('input') input: SupportRefundInput): Promise<SupportRefundDto> {
    const order = new IdArgument(() => new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound)).transform(input.order_id);
    const reason = input.reason.trim();
    await this.rpc.call(OperatorRpc.recordAudit, {
      operator_id: operator.operator_id,
      action: 'support.refund',
      target: `order:${order}`,
      reason: `${(input.amount_cents / 100).toFixed(2).replace('.', ',')} € — ${reason}`,
    });
    const { refund } = await this.rpc.call(PaymentsSupportRpc.refund, {
      operator_id: operator.operator_id,
      request_id: input.request_id,
      order_id: order,
      amount_cents: input.amount_cents,
      reason,
    });
    return refund;
  }

  @Mutation(() => SupportResentEmailModel, { description: 'Operators: send an email of an order again (a copy, to its recipient)' })
  async supportResendEmail(
    @CurrentOperator() operator: OperatorActor,
    @Args('email_id') emailId: string,
    @Args('request_id') requestId: string,
    @Args('reason') reason: string,
  ): Promise<SupportResentEmailModel> {
    await this.rpc.call(OperatorRpc.recordAudit, {
      operator_id: operator.operator_id,
      action: 'support.resend_email',
      target: `email:${emailId}`,
      reason,
    });
    return this.rpc.call(SupportRpc.resendEmail, { email_id: emailId, operator_id: operator.operator_id, request_id: requestId });
  }

  @Query(() => [FailedPayoutModel], {
    description: 'Operators: payouts refused or reversed by the provider, or failed at the bank (newest first)',
  })
  async failedPayouts(): Promise<FailedPayoutModel[]> {
    const { items } = await this.rpc.call(PaymentsSupportRpc.failedPayouts, {});
    const cookIds = [...new Set(items.map((p) => p.cook_id))];
    const cooks = new Map(
      await Promise.all(
        cookIds.map(async (id) => [id, (await this.rpc.call(IdentityRpc.getCook, { cook_id: id })).cook?.username ?? ''] as const),
      ),
    );
    return items.map((p) => ({
      payout_id: p.payout_id,
      cook_id: p.cook_id,
      cook_name: cooks.get(p.cook_id) ?? '',
      amount_cents: p.amount_cents,
      failure: p.failure,
      reason: p.bank_failure_message ?? p.failure_reason,
      created_at: p.created_at,
      updated_at: p.updated_at,
    }));
  }
}
