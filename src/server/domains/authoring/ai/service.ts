import type { TAiStatus } from '../../../../shared/schemas/ai.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiMeter } from '../../../ai/metering.ts';
import type { AiProviders } from '../../../ai/providers.ts';

/** GET /api/ai/status: whether AI is set up; the details only for a company's admin. */
export class AiStatusService {
  constructor(
    private readonly providers: AiProviders,
    private readonly meter: AiMeter,
  ) {}

  async status(actor: TUser | null): Promise<TAiStatus> {
    const image = this.providers.image;
    const images = 'modelId' in image;
    if (actor?.role !== 'admin') return { configured: this.providers.configured, images, admin: null };
    return {
      configured: this.providers.configured,
      images,
      admin: {
        provider: this.providers.provider,
        defaultModel: this.providers.defaultModel,
        imageModel: 'modelId' in image ? image.modelId : null,
        taskModels: this.providers.modelIds(),
        usage: await this.meter.usage(actor.organisationId),
      },
    };
  }
}
