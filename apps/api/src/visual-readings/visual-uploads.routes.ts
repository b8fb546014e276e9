import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { VisualUploadsService } from './visual-uploads.service';
import { Call, Route } from '../http/route';

/** Private uploads (palm and face photos, brand logos): create, PUT the bytes once, complete (validate). */
@Injectable()
export class VisualUploadsRoutes {
  constructor(private readonly uploads: VisualUploadsService) {}

  @Route(ROUTES.createVisualUpload)
  create({ caller, body }: Call<typeof ROUTES.createVisualUpload>) {
    return this.uploads.create(caller, body);
  }

  @Route(ROUTES.putVisualUpload)
  async put({ request, params, query }: Call<typeof ROUTES.putVisualUpload>): Promise<void> {
    const { upload_id: uploadId } = params;
    const { expires, signature } = query;
    await this.uploads.put({ uploadId, expires, signature }, request.body);
  }

  @Route(ROUTES.completeVisualUpload)
  async complete({ caller, params: { upload_id: uploadId } }: Call<typeof ROUTES.completeVisualUpload>) {
    return this.uploads.complete(caller.accountId, uploadId);
  }

  @Route(ROUTES.getVisualUpload)
  async get({ caller, params: { upload_id: uploadId } }: Call<typeof ROUTES.getVisualUpload>) {
    return this.uploads.get(caller.accountId, uploadId);
  }
}
