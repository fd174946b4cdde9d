import { Controller } from '@nestjs/common';
import { AD_MESSAGES, AdsRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { cooksOnly } from '../cooks-only';
import { AdMeasurementService } from './ad-measurement.service';
import { CampaignsService } from './campaigns.service';

/** Campaigns are the cooks' (a consumer's actor is refused). */
const cook = cooksOnly(AD_MESSAGES.cooksOnly);

/** Thin: validate against the contract, call the rules. A cook acts on their own campaigns only. */
@Controller()
export class AdsRpcController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly measurement: AdMeasurementService,
  ) {}

  @RpcHandler(AdsRpc.startCampaign)
  async start(req: RpcRequest<typeof AdsRpc.startCampaign>) {
    return { campaign: await this.campaigns.start(cook(req).actor, req.input) };
  }

  @RpcHandler(AdsRpc.stopCampaign)
  async stop(req: RpcRequest<typeof AdsRpc.stopCampaign>) {
    return { campaign: await this.campaigns.stop(cook(req).actor, req.campaign_id) };
  }

  @RpcHandler(AdsRpc.campaigns)
  overview(req: RpcRequest<typeof AdsRpc.campaigns>) {
    return this.campaigns.overview(cook(req).actor);
  }

  @RpcHandler(AdsRpc.campaignsCsv)
  csv(req: RpcRequest<typeof AdsRpc.campaignsCsv>) {
    return this.campaigns.csv(cook(req).actor);
  }

  @RpcHandler(AdsRpc.activeCampaigns)
  async active() {
    return { items: await this.campaigns.active() };
  }

  @RpcHandler(AdsRpc.recordDisplay)
  async display(req: RpcRequest<typeof AdsRpc.recordDisplay>) {
    return { counted: await this.measurement.recordDisplay(req.campaign_id, req.viewer) };
  }

  @RpcHandler(AdsRpc.recordClick)
  async click(req: RpcRequest<typeof AdsRpc.recordClick>) {
    return { counted: await this.measurement.recordClick(req.campaign_id, req.viewer) };
  }
}
