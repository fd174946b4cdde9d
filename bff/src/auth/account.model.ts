import type { UserType } from '@popote/contracts';
import { UserTypeEnum } from '../graphql-enums';
import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

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

@InputType()
export class CookProfileInput {
  @Field() bio!: string;
  @Field(() => [String]) specialties!: string[];
  @Field(() => [String]) availability_days!: string[];
  @Field(() => [String]) cooking_styles!: string[];
  @Field(() => Int) experience_years!: number;
  @Field(() => [String]) certifications!: string[];
  @Field(() => [String]) signature_dishes!: string[];
  @Field(() => [String]) cuisine_types!: string[];
  @Field(() => [String]) awards!: string[];
}
