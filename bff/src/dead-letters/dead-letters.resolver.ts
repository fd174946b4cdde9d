import { UseGuards } from '@nestjs/common';
import { Args, Float, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  DomainError,
  deadLettersRpc,
  OPERATOR_MESSAGES,
  OperatorRpc,
  replayDeadLetterRpc,
  SERVICE_NAMES,
  type ServiceName,
} from '@popote/contracts';
import { RpcClient, type OperatorActor } from '@popote/platform';
import { CurrentOperator, OperatorGuard } from '../operators/operator.guard';
import { DeadLetterReplayModel, ServiceDeadLettersModel, ServiceNameEnum } from './dead-letters.model';

/** What the console says of a service that did not give its letters (the rest of the page is shown). */
export const DEAD_LETTERS_TEXTS = {
  unavailable: (service: string) => `Le service ${service} n’a pas répondu : ses lettres mortes ne sont pas connues.`,
  failed: (service: string) => `Le service ${service} n’a pas pu lire ses lettres mortes.`,
} as const;

/** The audit log's code of a replay asked from the console, and its target (`dead-letter:<service>#<seq>`). */
export const REPLAY_AUDIT_ACTION = 'dead-letter.replay';
export const replayAuditTarget = (service: ServiceName, seq: number) => `dead-letter:${service}#${seq}`;

/** A replay runs the consumer's handler: longer than a read (a handler's own calls, its database). */
const REPLAY_TIMEOUT_MS = 30_000;

/**
 * The dead letters in the operators' console: each service lists and replays its own
 * (contracts' shared/dead-letters.ts, @popote/platform DeadLetterReplays) with the checks of
 * `./popote dlq`; the BFF only asks — it may publish no event, so nothing is published again here
 * (the service's own consumer handles the original). A replay is written to the operators' audit
 * log first, with the reason the operator gave: a replay the log cannot record is not asked.
 */
@Resolver()
export class DeadLettersResolver {
  constructor(private readonly rpc: RpcClient) {}

  /** One service's letters; a service that does not answer is said so, the others are still shown. */
  private async lettersOf(service: ServiceName): Promise<ServiceDeadLettersModel> {
    try {
      const { letters, more } = await this.rpc.call(deadLettersRpc(service), {});
      return { service, available: true, error: null, letters, more };
    } catch (err) {
      const unavailable = err instanceof DomainError && err.code === 'UNAVAILABLE';
      return {
        service,
        available: false,
        error: unavailable ? DEAD_LETTERS_TEXTS.unavailable(service) : DEAD_LETTERS_TEXTS.failed(service),
        letters: [],
        more: false,
      };
    }
  }

  @Query(() => [ServiceDeadLettersModel], {
    description: "Every service's dead letters, oldest first (operators); a service that does not answer is reported as such",
  })
  @UseGuards(OperatorGuard)
  async deadLetters(@CurrentOperator() operator: OperatorActor): Promise<ServiceDeadLettersModel[]> {
    // Identity refuses a disabled operator's session, as on every console read (its RPCs take the
    // operator's id): the six services are asked meanwhile, their answers given only after it.
    const [stillOperator, services] = await Promise.allSettled([
      this.rpc.call(OperatorRpc.audit, { operator_id: operator.operator_id, limit: 1 }),
      Promise.all(SERVICE_NAMES.map((service) => this.lettersOf(service))),
    ]);
    if (stillOperator.status === 'rejected') throw stillOperator.reason;
    return (services as PromiseFulfilledResult<ServiceDeadLettersModel[]>).value;
  }

  @Mutation(() => DeadLetterReplayModel, {
    description:
      "Has a service's own consumer handle a dead letter's original again (the checks of ./popote dlq); the reason goes to the audit log first",
  })
  @UseGuards(OperatorGuard)
  async replayDeadLetter(
    @CurrentOperator() operator: OperatorActor,
    @Args('service', { type: () => ServiceNameEnum }) service: ServiceName,
    @Args('seq', { type: () => Float }) seq: number,
    @Args('reason') reason: string,
  ): Promise<DeadLetterReplayModel> {
    const contract = replayDeadLetterRpc(service);
    // Refused before anything is written: a sequence that is none, a reason left empty.
    const request = contract.request.parse({ seq });
    if (!reason.trim()) throw new DomainError('VALIDATION_FAILED', 'Données invalides', { reason: OPERATOR_MESSAGES.reasonRequired });
    await this.rpc.call(OperatorRpc.recordAudit, {
      operator_id: operator.operator_id,
      action: REPLAY_AUDIT_ACTION,
      target: replayAuditTarget(service, request.seq),
      reason,
    });
    return this.rpc.call(contract, request, { timeoutMs: REPLAY_TIMEOUT_MS });
  }
}
