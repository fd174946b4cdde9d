import { UseGuards } from '@nestjs/common';
import { Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Actor } from '@popote/contracts';
import { AuthGuard } from '../../auth/auth.guard';
import { CurrentActor } from '../../auth/current-actor.decorator';
import { DataExportModel } from './data-export.model';
import { DataExportsService } from './data-exports.service';

/** 'Télécharger mes données' (GDPR art. 15 and 20) as a job: asked here, built in the background, downloaded from the profile (ADR 0026). */
@Resolver()
export class DataExportsResolver {
  constructor(private readonly exports: DataExportsService) {}

  @Query(() => DataExportModel, { nullable: true, description: "The signed-in person's latest data archive (null: never asked)" })
  @UseGuards(AuthGuard)
  dataExport(@CurrentActor() actor: Actor): Promise<DataExportModel | null> {
    return this.exports.latest(actor.user_id);
  }

  @Mutation(() => DataExportModel, {
    description:
      'Asks for an archive of everything Popote holds about the signed-in person; refused while one is in preparation, rate-limited',
  })
  @UseGuards(AuthGuard)
  requestDataExport(@CurrentActor() actor: Actor): Promise<DataExportModel> {
    return this.exports.request(actor);
  }
}
