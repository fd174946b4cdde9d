import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogueRpc, type MealPageDto } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { MealsService } from './meals.service';

@Controller()
export class MealsRpcController {
  constructor(private readonly meals: MealsService) {}

  @MessagePattern(CatalogueRpc.listMeals.subject)
  list(@Payload() payload: unknown): Promise<MealPageDto> {
    const req = parseRequest(CatalogueRpc.listMeals, payload);
    return this.meals.list(req.first, req.after);
  }
}
