import { Body, Controller, Headers, Param, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { FaceJobRequest, PalmJobRequest, ROUTES } from '@astro/contracts';
import { checkPalmUploads, faceClaims, palmClaims } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { jobRequester } from '../jobs/job-queue.service';
import { VisualJobsService } from '../jobs/visual-jobs.service';

/** Palm and face readings: queue (charge, claim the uploads, start the workflow), poll, delete. */
@Controller()
export class VisualJobsController {
  constructor(private readonly readings: VisualJobsService) {}

  @Endpoint(ROUTES.queuePalmReading)
  async palm(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queuePalmReading.body, body, 'body') as PalmJobRequest;
    checkPalmUploads(input);
    const hands = input.capture_handedness;
    return this.readings.queue(jobRequester(request, idempotencyKey), {
      family: 'palm',
      input,
      images: [
        { slot: 'left', uploadId: input.left_upload_id, declaredHand: hands.left_upload },
        { slot: 'right', uploadId: input.right_upload_id, declaredHand: hands.right_upload },
      ],
      mirrored: hands.mirrored_preview,
      claims: palmClaims(input),
    });
  }

  @Endpoint(ROUTES.queueFaceReading)
  async face(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueFaceReading.body, body, 'body') as FaceJobRequest;
    return this.readings.queue(jobRequester(request, idempotencyKey), {
      family: 'face',
      input,
      images: [{ slot: 'face', uploadId: input.upload_id }],
      mirrored: false,
      claims: faceClaims(input),
    });
  }

  @Endpoint(ROUTES.getVisualReadingJob)
  async get(@Req() request: FastifyRequest, @Param('jobId') jobId: string) {
    return this.readings.view(request.principal!.accountId, jobId);
  }

  @Endpoint(ROUTES.deleteVisualReadingJob)
  async remove(@Req() request: FastifyRequest, @Param('jobId') jobId: string): Promise<void> {
    await this.readings.erase(request.principal!, String(request.id), jobId);
  }
}
