import { Field, Float, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '@popote/contracts';

export const DataExportStatusEnum = Object.fromEntries(DATA_EXPORT_STATUSES.map((v) => [v, v])) as Record<
  DataExportStatus,
  DataExportStatus
>;
registerEnumType(DataExportStatusEnum, {
  name: 'DataExportStatus',
  description: "Where a data archive is: en préparation, prête (downloadable until expires_at), expirée (deleted), échec ('Réessayer')",
});

@ObjectType('DataExport')
export class DataExportModel {
  @Field(() => ID) export_id!: string;
  @Field(() => DataExportStatusEnum) status!: DataExportStatus;
  @Field() requested_at!: string;
  @Field(() => String, { nullable: true }) ready_at!: string | null;
  @Field(() => String, { nullable: true, description: 'After this date the archive is deleted (ready: when it will be)' })
  expires_at!: string | null;
  @Field(() => Float, { nullable: true, description: 'Size of the ZIP in bytes (ready only)' }) size_bytes!: number | null;
  @Field(() => String, { nullable: true, description: "Where the owner downloads it (ready only; the owner's session is required)" })
  download_url!: string | null;
}
