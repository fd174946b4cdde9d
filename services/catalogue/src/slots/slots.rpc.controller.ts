import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PickupRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { SlotsService } from './slots.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class SlotsRpcController {
  constructor(private readonly slots: SlotsService) {}

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

  @MessagePattern(PickupRpc.holdPickupSlots.subject)
  hold(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.holdPickupSlots, payload);
    return this.slots.hold(req.checkout_id, req.parts);
  }

  @MessagePattern(PickupRpc.changeHeldSlot.subject)
  change(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.changeHeldSlot, payload);
    return this.slots.changeHold(req.checkout_id, req);
  }

  @MessagePattern(PickupRpc.movePickupSlot.subject)
  move(@Payload() payload: unknown) {
    const req = parseRequest(PickupRpc.movePickupSlot, payload);
    return this.slots.move(req.order_id, req.cook_id, req.start);
  }

  @MessagePattern(PickupRpc.pickupAddresses.subject)
  async addresses(@Payload() payload: unknown) {
    return { items: await this.slots.addresses(parseRequest(PickupRpc.pickupAddresses, payload).cook_ids) };
  }
}
