import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogueRpc, type MealPageDto } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { MealsService } from './meals.service';
import { communes } from '../geo/communes';
import { toCommuneDto } from '../geo/location';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class MealsRpcController {
  constructor(private readonly meals: MealsService) {}

  @MessagePattern(CatalogueRpc.listMeals.subject)
  list(@Payload() payload: unknown): Promise<MealPageDto> {
    const req = parseRequest(CatalogueRpc.listMeals, payload);
    return this.meals.list(req.first, req.after, req.filter);
  }

  @MessagePattern(CatalogueRpc.featuredMeals.subject)
  async featured(@Payload() payload: unknown) {
    const req = parseRequest(CatalogueRpc.featuredMeals, payload);
    return { items: await this.meals.featured(req.limit, req.near) };
  }

  @MessagePattern(CatalogueRpc.getMeal.subject)
  async get(@Payload() payload: unknown) {
    return { meal: await this.meals.get(parseRequest(CatalogueRpc.getMeal, payload).meal_id) };
  }

  @MessagePattern(CatalogueRpc.getMeals.subject)
  async getMany(@Payload() payload: unknown) {
    return { items: await this.meals.getMany(parseRequest(CatalogueRpc.getMeals, payload).meal_ids) };
  }

  @MessagePattern(CatalogueRpc.cookMeals.subject)
  async ofCook(@Payload() payload: unknown) {
    const req = parseRequest(CatalogueRpc.cookMeals, payload);
    return { items: await this.meals.ofCook(req.cook_id, req.near) };
  }

  @MessagePattern(CatalogueRpc.searchCommunes.subject)
  async searchCommunes(@Payload() payload: unknown) {
    const req = parseRequest(CatalogueRpc.searchCommunes, payload);
    return { items: (await communes()).search(req.query, req.limit).map(toCommuneDto) };
  }

  @MessagePattern(CatalogueRpc.getCommune.subject)
  async getCommune(@Payload() payload: unknown) {
    const found = (await communes()).byInsee(parseRequest(CatalogueRpc.getCommune, payload).code);
    return { commune: found ? toCommuneDto(found) : null };
  }

  @MessagePattern(CatalogueRpc.createMeal.subject)
  async create(@Payload() payload: unknown) {
    const req = parseRequest(CatalogueRpc.createMeal, payload);
    return { meal: await this.meals.create(req.actor, req.cook_name, req.input) };
  }

  @MessagePattern(CatalogueRpc.updateMeal.subject)
  async update(@Payload() payload: unknown) {
    const req = parseRequest(CatalogueRpc.updateMeal, payload);
    return { meal: await this.meals.update(req.actor, req.meal_id, req.input) };
  }

  @MessagePattern(CatalogueRpc.deleteMeal.subject)
  async delete(@Payload() payload: unknown) {
    const req = parseRequest(CatalogueRpc.deleteMeal, payload);
    await this.meals.delete(req.actor, req.meal_id);
    return { ok: true };
  }
}
