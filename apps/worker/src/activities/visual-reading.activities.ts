import { ApplicationFailure, Context } from '@temporalio/activity';
import { PlatformConfig } from '@astro/config';
import { ArtifactStore } from '@astro/jobs';
import { heartbeating } from './heartbeating';
import { logoSources } from './logo-sources';
import { loadLogo, PdfRenderer, withTestMark } from '@astro/rendering';
import {
  analyseFace,
  analysePalm,
  analysisImage,
  AnnotatedPhoto,
  annotatedPhoto,
  IMAGE_FILE,
  LandmarkModels,
  photoCaption,
  readingDocument,
  readingHtml,
  uploadKey,
  validateFacePhoto,
  validatePalmPhoto,
  VisualAnalysis,
  VisualRejection,
} from '@astro/visual';
import type { ArtifactRefs, ValidatedPhotos, VisualImageInput, VisualReadingActivities } from '@astro/workflows';

export const UPLOAD_MISSING = 'upload_missing';

/** The palm slot's label in messages: "left palm photo". */
const slotName = (image: VisualImageInput) => (image.slot === 'face' ? 'face photo' : `${image.slot} palm photo`);

/** The hand of a palm reading's photo; a face photo in a palm job is a queueing bug, never retried. */
function palmSlot(image: VisualImageInput): 'left' | 'right' {
  if (image.slot === 'face') throw ApplicationFailure.nonRetryable('a face photo in a palm reading', 'internal_error');
  return image.slot;
}

export function visualReadingActivities(deps: {
  config: PlatformConfig;
  artifacts: ArtifactStore;
  renderer: PdfRenderer;
  models: LandmarkModels;
}): VisualReadingActivities {
  const logos = logoSources(deps.config, deps.artifacts);

  async function photo(image: VisualImageInput, mirrored: boolean): Promise<Buffer> {
    const stored = await deps.artifacts.get(uploadKey(image.uploadId, IMAGE_FILE));
    // Deleted with its job while the job was queued: nothing to read, and nothing will come back.
    if (!stored) throw ApplicationFailure.nonRetryable(`${slotName(image)}: the upload ${image.uploadId} is gone`, UPLOAD_MISSING);
    return analysisImage(stored, mirrored && image.slot !== 'face');
  }

  /** A photo the job cannot read fails the job at once; retrying would read the same pixels. */
  async function rejecting<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof VisualRejection) throw ApplicationFailure.nonRetryable(err.message, err.code);
      throw err;
    }
  }

  return {
    async validateVisualImages(job) {
      return rejecting(async () => {
        const validated: ValidatedPhotos = {};
        for (const image of job.images) {
          const bytes = await photo(image, job.mirrored);
          if (image.slot === 'face')
            validated.face = await validateFacePhoto(deps.models, bytes, () => Context.current().heartbeat('face'));
          else validated[image.slot] = await validatePalmPhoto(deps.models, bytes, image.declaredHand ?? image.slot, slotName(image));
          Context.current().heartbeat(image.slot);
        }
        return validated;
      });
    },

    async analyseVisualImages(job) {
      const { validated } = job;
      if (job.family === 'face') return { family: 'face', face: analyseFace(validated.face!) } satisfies VisualAnalysis;
      const analysed: Partial<Record<'left' | 'right', Awaited<ReturnType<typeof analysePalm>>>> = {};
      for (const image of job.images) {
        const slot = palmSlot(image);
        analysed[slot] = await analysePalm(await photo(image, job.mirrored), validated[slot]!);
        Context.current().heartbeat(slot);
      }
      return { family: 'palm', left: analysed.left!, right: analysed.right! } satisfies VisualAnalysis;
    },

    async renderVisualReading(job) {
      const context = Context.current();
      const { analysis, sku, locale, branding } = job;
      const document = readingDocument(job.jobId, analysis, {
        sku,
        locale,
        subjectLabel: job.subjectLabel,
        safetyMode: branding.safety_mode,
      });
      const artifacts: ArtifactRefs = {};
      const warnings: string[] = [];
      artifacts.json = await deps.artifacts.put(
        job.jobId,
        'reading.json',
        Buffer.from(JSON.stringify(document, null, 2)),
        'application/json',
      );
      if (sku === 'json') return { artifacts, warnings };

      const logo = await loadLogo(branding, logos);
      const logoDataUrl = logo.dataUrl;
      if (logo.warning) warnings.push(logo.warning);
      const annotated: AnnotatedPhoto[] = [];
      if (sku === 'premium') {
        for (const image of job.images) {
          const drawn = await annotatedPhoto(await photo(image, job.mirrored), analysis, image.slot, branding.primary_color);
          annotated.push({ caption: photoCaption(image.slot, locale), dataUrl: `data:image/jpeg;base64,${drawn.toString('base64')}` });
        }
      }
      const reading = readingHtml(document, branding, logoDataUrl, annotated);
      // A test key's reading: the TEST mark on every page of the PDF and over the hosted page.
      const html = job.livemode === false ? withTestMark(reading, locale) : reading;
      context.heartbeat('html');
      artifacts.hosted = await deps.artifacts.put(job.jobId, 'reading.html', Buffer.from(html), 'text/html; charset=utf-8');
      let pdf: Buffer;
      try {
        pdf = await heartbeating('rendering', () => deps.renderer.render(html));
      } catch (err) {
        throw ApplicationFailure.retryable(`rendering the PDF failed: ${(err as Error).message}`, 'render_failed');
      }
      context.heartbeat('pdf');
      artifacts.pdf = await deps.artifacts.put(job.jobId, 'reading.pdf', pdf, 'application/pdf');
      return { artifacts, warnings };
    },
  };
}
