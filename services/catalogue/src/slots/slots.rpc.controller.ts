import { Controller } from '@nestjs/common';
import { PickupRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { ReservationsService } from '../reservations/reservations.service';
import { SlotsService } from './slots.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class SlotsRpcController {
  constructor(
    private readonly slots: SlotsService,
    private readonly reservations: ReservationsService,
  ) {}

  @RpcHandler(PickupRpc.pickupSettings)
  async settings(req: RpcRequest<typeof PickupRpc.pickupSettings>) {
    return { settings: await this.slots.settingsOf(req.actor) };
  }

  @RpcHandler(PickupRpc.updatePickupSettings)
  async update(req: RpcRequest<typeof PickupRpc.updatePickupSettings>) {
    return { settings: await this.slots.update(req.actor, req.input) };
  }

  @RpcHandler(PickupRpc.pickupSlots)
  slotsOf(req: RpcRequest<typeof PickupRpc.pickupSlots>) {
    return this.slots.slotsOf(req.cook_id, req.meal_ids, req.portions, req.limit, req.mode, req.commune_code);
  }

  @RpcHandler(PickupRpc.reserveCheckout)
  reserve(req: RpcRequest<typeof PickupRpc.reserveCheckout>) {
    return this.reservations.reserve(req.checkout_id, req.consumer_id, req.lines, req.slots, new Date(), req.delivery_to);
  }

  @RpcHandler(PickupRpc.releaseReservation)
  async release(req: RpcRequest<typeof PickupRpc.releaseReservation>) {
    return { released: await this.reservations.release(req.checkout_id, req.cook_ids, req.expires_at) };
  }

  @RpcHandler(PickupRpc.changeHeldSlot)
  change(req: RpcRequest<typeof PickupRpc.changeHeldSlot>) {
    return this.reservations.changeSlot(req.checkout_id, req.cook_id, req.start);
  }

  @RpcHandler(PickupRpc.movePickupSlot)
  move(req: RpcRequest<typeof PickupRpc.movePickupSlot>) {
    return this.reservations.move(req.order_id, req.cook_id, req.start);
  }

  @RpcHandler(PickupRpc.pickupAddresses)
  async addresses(req: RpcRequest<typeof PickupRpc.pickupAddresses>) {
    return { items: await this.slots.addresses(req.cook_ids) };
  }
}
