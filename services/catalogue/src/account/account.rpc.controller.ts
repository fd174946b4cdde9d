import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { exportPersonalDataRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { CataloguePersonalData } from './personal-data.service';

@Controller()
export class CatalogueAccountRpcController {
  constructor(private readonly personalData: CataloguePersonalData) {}

  @MessagePattern(exportPersonalDataRpc('catalogue').subject)
  exportPersonalData(@Payload() payload: unknown) {
    return this.personalData.export(parseRequest(exportPersonalDataRpc('catalogue'), payload).actor);
  }
}
