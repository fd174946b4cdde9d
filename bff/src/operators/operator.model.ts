import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('Operator', { description: 'Someone who runs the marketplace (console only)' })
export class OperatorModel {
  @Field() operator_id!: string;
  @Field() email!: string;
  @Field() name!: string;
}

@ObjectType('OperatorSignIn', {
  description:
    "A step of an operator's sign-in: signed_in (the session cookie is set), code_required (ask for the code), enrol (first sign-in: show the secret, then confirmOperatorEnrolment)",
})
export class OperatorSignInModel {
  @Field() step!: string;
  @Field(() => OperatorModel, { nullable: true }) operator?: OperatorModel | null;
  @Field({ nullable: true }) recovery_code_used?: boolean;
  @Field({ nullable: true }) enrolment_token?: string;
  @Field({ nullable: true }) secret?: string;
  @Field({ nullable: true }) otpauth_url?: string;
}

@ObjectType('OperatorEnrolment', { description: 'The second factor set: the session is open, the recovery codes are shown once' })
export class OperatorEnrolmentModel {
  @Field(() => OperatorModel) operator!: OperatorModel;
  @Field(() => [String]) recovery_codes!: string[];
}

@ObjectType('AuditEntry', { description: "One line of the operators' audit log" })
export class AuditEntryModel {
  @Field() entry_id!: string;
  @Field() at!: string;
  @Field(() => String, { nullable: true }) operator_id!: string | null;
  @Field(() => String, { nullable: true }) operator_email!: string | null;
  @Field() action!: string;
  @Field(() => String, { nullable: true }) target!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType('AuditPage')
export class AuditPageModel {
  @Field(() => [AuditEntryModel]) entries!: AuditEntryModel[];
  @Field(() => String, { nullable: true }) next_before!: string | null;
}
