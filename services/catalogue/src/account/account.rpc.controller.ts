import { Controller } from '@nestjs/common';
import { exportPersonalDataRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { CataloguePersonalData } from './personal-data.service';

@Controller()
export class CatalogueAccountRpcController {
  constructor(private readonly personalData: CataloguePersonalData) {}

  @RpcHandler(exportPersonalDataRpc('catalogue'))
  exportPersonalData(req: RpcRequest<ReturnType<typeof exportPersonalDataRpc>>) {
    return this.personalData.export(req.actor, req.cursor);
  }
}
