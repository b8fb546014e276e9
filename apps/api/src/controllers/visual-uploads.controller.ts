import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { VisualUploadsService } from '../visual/visual-uploads.service';

/** Private uploads (palm and face photos, brand logos): create, PUT the bytes once, complete (validate). */
@Controller()
export class VisualUploadsController {
  constructor(private readonly uploads: VisualUploadsService) {}

  @Endpoint(ROUTES.createVisualUpload)
  create(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.uploads.create(request.principal!, parseInput(ROUTES.createVisualUpload.body, body, 'body'));
  }

  @Endpoint(ROUTES.putVisualUpload)
  async put(@Req() request: FastifyRequest, @Param() params: unknown, @Query() query: unknown): Promise<void> {
    const { upload_id: uploadId } = parseInput(ROUTES.putVisualUpload.params, params, 'path');
    const { expires, signature } = parseInput(ROUTES.putVisualUpload.query, query, 'query');
    await this.uploads.put({ uploadId, expires, signature }, request.body);
  }

  @Endpoint(ROUTES.completeVisualUpload)
  async complete(@Req() request: FastifyRequest, @Param('upload_id') uploadId: string) {
    return this.uploads.complete(request.principal!.accountId, uploadId);
  }

  @Endpoint(ROUTES.getVisualUpload)
  async get(@Req() request: FastifyRequest, @Param('upload_id') uploadId: string) {
    return this.uploads.get(request.principal!.accountId, uploadId);
  }
}
