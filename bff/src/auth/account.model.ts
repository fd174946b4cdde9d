import type { UserType } from '@popote/contracts';
import { UserTypeEnum } from '../graphql-enums';
import { Field, Float, ID, InputType, Int, ObjectType, PickType } from '@nestjs/graphql';

@ObjectType('User')
export class UserModel {
  @Field(() => ID) user_id!: string;
  @Field() email!: string;
  @Field() name!: string;
  @Field() username!: string;
  @Field() location!: string;
  @Field() bio!: string;
  @Field(() => String, { nullable: true }) avatar_url!: string | null;
  @Field(() => UserTypeEnum) user_type!: UserType;
  @Field({ description: 'Address confirmed by the emailed link: needed to pay and to publish a dish' }) email_verified!: boolean;
  @Field() created_at!: string;
}

@ObjectType('CookProfile')
export class CookProfileModel {
  @Field(() => ID) cook_id!: string;
  @Field() bio!: string;
  @Field(() => [String]) specialties!: string[];
  @Field(() => [String]) availability_days!: string[];
  @Field(() => [String]) cooking_styles!: string[];
  @Field(() => Int) experience_years!: number;
  @Field(() => [String]) certifications!: string[];
  @Field(() => [String]) signature_dishes!: string[];
  @Field(() => [String]) cuisine_types!: string[];
  @Field(() => [String]) awards!: string[];
  @Field(() => Float) rating_average!: number;
  @Field(() => Int) total_reviews!: number;
  @Field(() => String, { nullable: true, description: 'SIRET (14 digits), printed on receipts' }) siret!: string | null;
  @Field({ description: "VAT status printed on receipts: '' (not given), franchise (art. 293 B du CGI), 5.5, 10 or 20 (%)" })
  vat_regime!: string;
}

@ObjectType('Me')
export class MeModel {
  @Field(() => UserModel) user!: UserModel;
  @Field(() => CookProfileModel, { nullable: true }) cook_profile!: CookProfileModel | null;
}

@InputType()
export class SignUpInput {
  @Field() email!: string;
  @Field() password!: string;
  @Field() name!: string;
  @Field() username!: string;
  @Field() location!: string;
  @Field(() => UserTypeEnum) user_type!: UserType;
}

@InputType()
export class ProfileInput {
  @Field() name!: string;
  @Field() username!: string;
  @Field() location!: string;
  @Field() bio!: string;
  @Field(() => String, { nullable: true }) avatar_url?: string | null;
}

@InputType()
export class ChangePasswordInput {
  @Field() current_password!: string;
  @Field() new_password!: string;
  @Field() confirm_password!: string;
}

/** The profile as its cook edits it: CookProfile's fields but its id and rating; SIRET and VAT status as typed. */
@InputType()
export class CookProfileInput extends PickType(
  CookProfileModel,
  [
    'bio',
    'specialties',
    'availability_days',
    'cooking_styles',
    'experience_years',
    'certifications',
    'signature_dishes',
    'cuisine_types',
    'awards',
  ] as const,
  InputType,
) {
  @Field(() => String, { nullable: true, description: 'SIRET, spaces allowed; empty or null: none' }) siret?: string | null;
  @Field({ nullable: true, description: "'' | franchise | 5.5 | 10 | 20" }) vat_regime?: string;
}

@InputType()
export class ResetPasswordInput {
  @Field({ description: 'The token of the emailed link' }) token!: string;
  @Field() new_password!: string;
  @Field() confirm_password!: string;
}

@InputType()
export class ChangeEmailInput {
  @Field() new_email!: string;
  @Field() current_password!: string;
}

@ObjectType('EmailVerification')
export class EmailVerificationModel {
  @Field({ description: 'The confirmed address' }) email!: string;
  @Field({ description: 'verify | email-change' }) purpose!: string;
}
