import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { TraderStatus } from '@popote/contracts';
import { TraderStatusEnum } from '../graphql-enums';

@ObjectType('TraderAddress', { description: "A trader's address (France)" })
export class TraderAddressModel {
  @Field() street!: string;
  @Field() postcode!: string;
  @Field() city!: string;
}

@ObjectType('TraderDocument', { description: 'A document a cook gave (private: the cook and the operators only)' })
export class TraderDocumentModel {
  @Field({ description: 'What saveTraderDetails takes back' }) key!: string;
  @Field({ description: 'Where the cook or an operator downloads it (/media/traders/…, their session)' }) url!: string;
  @Field({ description: 'The stored file name (ours, never the uploaded one)' }) file_name!: string;
}

@ObjectType('TraderDetails', { description: "A cook's trader details, as the cook and the operators see them" })
export class TraderDetailsModel {
  @Field({ description: 'Name and surname, or company name' }) legal_name!: string;
  @Field({ description: '14 digits' }) siret!: string;
  @Field(() => TraderAddressModel) address!: TraderAddressModel;
  @Field({ description: 'French national form, 10 digits' }) phone!: string;
  @Field() email!: string;
  @Field({ description: 'Committed to offer only products that comply with the applicable rules of Union law' }) self_certified!: boolean;
  @Field(() => TraderDocumentModel, { nullable: true, description: 'Receipt of the food-business declaration to the DDPP' })
  ddpp_receipt!: TraderDocumentModel | null;
  @Field(() => TraderDocumentModel, { nullable: true, description: 'Hygiene training certificate' })
  hygiene_certificate!: TraderDocumentModel | null;
}

@ObjectType('TraderFile', { description: "A cook's trader details and where their verification stands" })
export class TraderFileModel {
  @Field(() => ID) cook_id!: string;
  @Field(() => TraderStatusEnum) status!: TraderStatus;
  @Field(() => Int, { description: 'The submission an operator decides on (decideTraderVerification takes it back)' }) revision!: number;
  @Field(() => TraderDetailsModel, { nullable: true }) details!: TraderDetailsModel | null;
  @Field(() => String, { nullable: true }) submitted_at!: string | null;
  @Field(() => String, { nullable: true }) decided_at!: string | null;
  @Field(() => String, { nullable: true }) verified_at!: string | null;
  @Field(() => String, { nullable: true, description: "The operator's last request for more (to complete while more_info_requested)" })
  message!: string | null;
}

@ObjectType('TraderVerification', { description: "A cook's file in the operators' queue" })
export class TraderVerificationModel {
  @Field(() => ID) cook_id!: string;
  @Field() cook_name!: string;
  @Field() cook_username!: string;
  @Field(() => TraderFileModel) file!: TraderFileModel;
}

@ObjectType('TraderVerificationPage')
export class TraderVerificationPageModel {
  @Field(() => [TraderVerificationModel]) items!: TraderVerificationModel[];
  @Field(() => String, { nullable: true, description: 'Give it as `after` for the next page; null: last page' }) next_cursor!:
    string | null;
}

@ObjectType('TraderDecisionResult')
export class TraderDecisionResultModel {
  @Field({ description: 'False: the same decision was already made on this revision (nothing changed)' }) applied!: boolean;
  @Field(() => TraderFileModel) file!: TraderFileModel;
}

@ObjectType('Seller', { description: 'What the law asks to show of a verified seller: who sells and how to reach them' })
export class SellerModel {
  @Field({ description: 'Name and surname, or company name' }) legal_name!: string;
  @Field({ description: 'Registration number (SIRET, 14 digits)' }) siret!: string;
  @Field(() => TraderAddressModel) address!: TraderAddressModel;
  @Field() phone!: string;
  @Field() email!: string;
}

@InputType()
export class TraderAddressInput {
  @Field() street!: string;
  @Field() postcode!: string;
  @Field() city!: string;
}

@InputType({ description: "A cook's trader details; the documents' keys come from POST /media/traders/documents" })
export class TraderDetailsInput {
  @Field() legal_name!: string;
  @Field({ description: 'Spaces allowed' }) siret!: string;
  @Field(() => TraderAddressInput) address!: TraderAddressInput;
  @Field({ description: 'Spaces, dots and +33 allowed' }) phone!: string;
  @Field() email!: string;
  @Field() ddpp_receipt_key!: string;
  @Field() hygiene_certificate_key!: string;
  @Field() self_certified!: boolean;
}
