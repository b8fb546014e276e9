import { Injectable } from '@nestjs/common';
import { FaceJobRequest, PalmJobRequest, ROUTES } from '@astro/contracts';
import { checkFaceReading, checkPalmReading, faceClaims, palmClaims } from './checks';
import { jobRequester } from '../jobs/job-requester';
import { VisualJobsService } from './visual-jobs.service';
import { Call, Route } from '../http/route';

/** Palm and face readings: queue (charge, claim the uploads, start the workflow), poll, delete. */
@Injectable()
export class VisualJobsRoutes {
  constructor(private readonly readings: VisualJobsService) {}

  @Route(ROUTES.queuePalmReading, checkPalmReading)
  async palm({ caller, request, body }: Call<typeof ROUTES.queuePalmReading>) {
    const input = body as PalmJobRequest;
    const hands = input.capture_handedness;
    return this.readings.queue(jobRequester(caller, request), {
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

  @Route(ROUTES.queueFaceReading, checkFaceReading)
  async face({ caller, request, body }: Call<typeof ROUTES.queueFaceReading>) {
    const input = body as FaceJobRequest;
    return this.readings.queue(jobRequester(caller, request), {
      family: 'face',
      input,
      images: [{ slot: 'face', uploadId: input.upload_id }],
      mirrored: false,
      claims: faceClaims(input),
    });
  }

  @Route(ROUTES.getVisualReadingJob)
  async get({ caller, params: { jobId } }: Call<typeof ROUTES.getVisualReadingJob>) {
    return this.readings.view(caller, jobId);
  }

  @Route(ROUTES.deleteVisualReadingJob)
  async remove({ caller, params: { jobId } }: Call<typeof ROUTES.deleteVisualReadingJob>): Promise<void> {
    await this.readings.erase(caller, jobId);
  }
}
