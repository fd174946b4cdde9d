import { Field, Float, ObjectType, registerEnumType } from '@nestjs/graphql';
import { DEAD_LETTER_OUTCOMES, SERVICE_NAMES, type DeadLetterOutcome, type ServiceName } from '@popote/contracts';

/** The services as a GraphQL enum (each value its own name, as graphql-enums.ts makes them). */
export const ServiceNameEnum = Object.fromEntries(SERVICE_NAMES.map((s) => [s, s])) as Record<ServiceName, ServiceName>;
registerEnumType(ServiceNameEnum, { name: 'ServiceName', description: 'A service of the marketplace (its consumers, its dead letters)' });

export const DeadLetterOutcomeEnum = Object.fromEntries(DEAD_LETTER_OUTCOMES.map((o) => [o, o])) as Record<
  DeadLetterOutcome,
  DeadLetterOutcome
>;
registerEnumType(DeadLetterOutcomeEnum, {
  name: 'DeadLetterOutcome',
  description: 'replayed: handled again and removed from the queue; refused: left in the queue (why says why)',
});

@ObjectType('DeadLetter', { description: 'An event a consumer gave up on, waiting in the dead-letter queue (operators)' })
export class DeadLetterModel {
  @Field(() => Float, { description: 'Its sequence in DEAD_LETTERS (what replayDeadLetter names)' }) seq!: number;
  @Field({ description: 'The consumer that gave up' }) durable!: string;
  @Field(() => String, { nullable: true, description: "The original event's subject, as the letter names it" }) subject!: string | null;
  @Field(() => Float, { nullable: true, description: "The original's sequence in EVENTS, as the letter names it" })
  original_seq!: number | null;
  @Field(() => String, { nullable: true, description: "The event's type (null: not an event's envelope)" }) type!: string | null;
  @Field(() => String, { nullable: true }) event_id!: string | null;
  @Field({ description: 'Why the consumer gave up' }) reason!: string;
  @Field({ description: 'When it was dead-lettered' }) at!: string;
}

@ObjectType('ServiceDeadLetters', { description: "A service's dead letters, oldest first (operators)" })
export class ServiceDeadLettersModel {
  @Field(() => ServiceNameEnum) service!: ServiceName;
  @Field({ description: 'false: the service did not answer (its letters are unknown, not absent)' }) available!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it did not answer, in French' }) error!: string | null;
  @Field(() => [DeadLetterModel]) letters!: DeadLetterModel[];
  @Field({ description: 'More letters wait after these (the oldest are listed)' }) more!: boolean;
}

@ObjectType('DeadLetterReplay', { description: 'What replaying a dead letter came to' })
export class DeadLetterReplayModel {
  @Field(() => DeadLetterOutcomeEnum) outcome!: DeadLetterOutcome;
  @Field(() => String, { nullable: true, description: 'Refused: why, in French' }) why!: string | null;
}
