import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AlertPreferencesService } from './alert-preferences.service';
import { AudiencePersonalData } from './audience.personal-data';
import { FollowsRpcController, PushRpcController } from './audience.rpc.controller';
import { AUDIENCE_MODELS } from './audience.schema';
import { FollowsService } from './follows.service';
import { FavouritesOfDeletedMealHandler } from './meal-deleted.handler';
import { PushDevicesService } from './push-devices.service';
import { PushDevicesOfRevokedSessionsHandler } from './sessions-revoked.handler';

/**
 * Who hears from whom (docs/alerts.md): follows, favourites, the devices that accept pushes and the
 * preferences, with their RPCs. The alerts read them through the exported services and models.
 */
@Module({
  imports: [MongooseModule.forFeature(AUDIENCE_MODELS)],
  controllers: [FollowsRpcController, PushRpcController],
  providers: [
    FollowsService,
    PushDevicesService,
    AlertPreferencesService,
    AudiencePersonalData,
    FavouritesOfDeletedMealHandler,
    PushDevicesOfRevokedSessionsHandler,
  ],
  exports: [MongooseModule, FollowsService, PushDevicesService, AlertPreferencesService, AudiencePersonalData],
})
export class AudienceModule {}
