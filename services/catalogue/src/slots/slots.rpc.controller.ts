import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PickupRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { ReservationsService } from '../reservations/reservations.service';
import { SlotsService } from './slots.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class SlotsRpcController {
  constructor(
    private readonly slots: SlotsService,
    private readonly reservations: ReservationsService,
  ) {}

  @MessagePattern(PickupRpc.pickupSettings.subject)
  async settings(@Payload() payload: unknown) {
    return { settings: await this.slots.settingsOf(parseRequest(PickupRpc.pickupSettings, payload).actor) };
  }

  @MessagePattern(PickupRpc.updatePickupSettings.subject)
  async update(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.updatePickupSettings, payload);
    return { settings: await this.slots.update(req.actor, req.input) };
  }

  @MessagePattern(PickupRpc.pickupSlots.subject)
  slotsOf(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.pickupSlots, payload);
    return this.slots.slotsOf(req.cook_id, req.meal_ids, req.portions, req.limit);
  }

  @MessagePattern(PickupRpc.reserveCheckout.subject)
  reserve(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.reserveCheckout, payload);
    return this.reservations.reserve(req.checkout_id, req.parts);
  }

  @MessagePattern(PickupRpc.releaseReservation.subject)
  async release(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.releaseReservation, payload);
    return { released: await this.reservations.release(req.checkout_id, req.cook_ids, req.expires_at) };
  }

  @MessagePattern(PickupRpc.changeHeldSlot.subject)
  change(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.changeHeldSlot, payload);
    return this.reservations.changeSlot(req.checkout_id, req.cook_id, req.start);
  }

  @MessagePattern(PickupRpc.movePickupSlot.subject)
  move(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.movePickupSlot, payload);
    return this.reservations.move(req.order_id, req.cook_id, req.start);
  }

  @MessagePattern(PickupRpc.pickupAddresses.subject)
  async addresses(@Payload() payload: unknown) {
    return { items: await this.slots.addresses(parseRequest(PickupRpc.pickupAddresses, payload).cook_ids) };
  }
}
