import type { TraderFileFieldsFragment } from './traders.generated';

export type TraderFileData = TraderFileFieldsFragment;
export type TraderDetailsData = NonNullable<TraderFileFieldsFragment['details']>;
