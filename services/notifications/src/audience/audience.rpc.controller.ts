import { Controller, Inject } from '@nestjs/common';
import { AlertsRpc, FollowsRpc, type RpcRequest } from '@popote/contracts';
import { PLATFORM_CONFIG, RpcHandler } from '@popote/platform';
import type { NotificationsConfig } from '../config';
import { AlertPreferencesService } from './alert-preferences.service';
import { FollowsService } from './follows.service';
import { PushDevicesService } from './push-devices.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class FollowsRpcController {
  constructor(private readonly follows: FollowsService) {}

  @RpcHandler(FollowsRpc.setFollow)
  setFollow(req: RpcRequest<typeof FollowsRpc.setFollow>) {
    return this.follows.setFollow(req.actor, req.cook_id, req.follow);
  }

  @RpcHandler(FollowsRpc.followState)
  followState(req: RpcRequest<typeof FollowsRpc.followState>) {
    return this.follows.state(req.actor, req.cook_id);
  }

  @RpcHandler(FollowsRpc.followedCooks)
  followedCooks(req: RpcRequest<typeof FollowsRpc.followedCooks>) {
    return this.follows.followedCooks(req.actor);
  }

  @RpcHandler(FollowsRpc.setFavourite)
  setFavourite(req: RpcRequest<typeof FollowsRpc.setFavourite>) {
    return this.follows.setFavourite(req.actor, req.meal_id, req.favourite);
  }

  @RpcHandler(FollowsRpc.favourites)
  favourites(req: RpcRequest<typeof FollowsRpc.favourites>) {
    return this.follows.favouriteMeals(req.actor);
  }
}

/** The devices and preferences of the alerts (the one-click unsubscribe is the alerts' own). */
@Controller()
export class PushRpcController {
  constructor(
    private readonly devices: PushDevicesService,
    private readonly preferences: AlertPreferencesService,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @RpcHandler(AlertsRpc.pushKey)
  pushKey() {
    return { public_key: this.config.VAPID_PUBLIC_KEY };
  }

  @RpcHandler(AlertsRpc.subscribePush)
  subscribePush(req: RpcRequest<typeof AlertsRpc.subscribePush>) {
    return this.devices.subscribe(req.actor, req.subscription, req.user_agent);
  }

  @RpcHandler(AlertsRpc.unsubscribePush)
  unsubscribePush(req: RpcRequest<typeof AlertsRpc.unsubscribePush>) {
    return this.devices.unsubscribe(req.actor, req.endpoint);
  }

  @RpcHandler(AlertsRpc.preferences)
  alertPreferences(req: RpcRequest<typeof AlertsRpc.preferences>) {
    return this.preferences.view(req.actor);
  }

  @RpcHandler(AlertsRpc.updatePreferences)
  updatePreferences(req: RpcRequest<typeof AlertsRpc.updatePreferences>) {
    return this.preferences.update(req.actor, req.preferences);
  }
}
