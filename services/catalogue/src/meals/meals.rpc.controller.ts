import { Controller } from '@nestjs/common';
import { CatalogueRpc, type MealPageDto, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { MealsService } from './meals.service';
import { communes } from '../geo/communes';
import { toCommuneDto } from '../geo/location';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class MealsRpcController {
  constructor(private readonly meals: MealsService) {}

  @RpcHandler(CatalogueRpc.listMeals)
  list(req: RpcRequest<typeof CatalogueRpc.listMeals>): Promise<MealPageDto> {
    return this.meals.list(req.first, req.after, req.filter);
  }

  @RpcHandler(CatalogueRpc.featuredMeals)
  async featured(req: RpcRequest<typeof CatalogueRpc.featuredMeals>) {
    return { items: await this.meals.featured(req.limit, req.near) };
  }

  @RpcHandler(CatalogueRpc.getMeal)
  async get(req: RpcRequest<typeof CatalogueRpc.getMeal>) {
    return { meal: await this.meals.get(req.meal_id) };
  }

  @RpcHandler(CatalogueRpc.getMeals)
  async getMany(req: RpcRequest<typeof CatalogueRpc.getMeals>) {
    return { items: await this.meals.getMany(req.meal_ids) };
  }

  @RpcHandler(CatalogueRpc.cookMeals)
  async ofCook(req: RpcRequest<typeof CatalogueRpc.cookMeals>) {
    return { items: await this.meals.ofCook(req.cook_id, req.near) };
  }

  @RpcHandler(CatalogueRpc.searchCommunes)
  async searchCommunes(req: RpcRequest<typeof CatalogueRpc.searchCommunes>) {
    return { items: (await communes()).search(req.query, req.limit).map(toCommuneDto) };
  }

  @RpcHandler(CatalogueRpc.getCommune)
  async getCommune(req: RpcRequest<typeof CatalogueRpc.getCommune>) {
    const found = (await communes()).byInsee(req.code);
    return { commune: found ? toCommuneDto(found) : null };
  }

  @RpcHandler(CatalogueRpc.createMeal)
  async create(req: RpcRequest<typeof CatalogueRpc.createMeal>) {
    return { meal: await this.meals.create(req.actor, req.cook_name, req.input) };
  }

  @RpcHandler(CatalogueRpc.updateMeal)
  async update(req: RpcRequest<typeof CatalogueRpc.updateMeal>) {
    return { meal: await this.meals.update(req.actor, req.meal_id, req.input) };
  }

  @RpcHandler(CatalogueRpc.deleteMeal)
  async delete(req: RpcRequest<typeof CatalogueRpc.deleteMeal>) {
    await this.meals.delete(req.actor, req.meal_id);
    return { ok: true };
  }
}
