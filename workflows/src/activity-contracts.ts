/**
 * The activities workflows call: their names, inputs and results, one named type each, shared by
 * the workflows (which only call them) and apps/worker (which implements them and does all I/O).
 * The library types come in with `import type`: erased before bundling, so the workflow sandbox
 * never loads a library (or Node built-in) it could not run deterministically.
 */
import type { PlanetsResponse, VisualLocale, VisualSku } from '@astro/contracts';
import type { ReportData, ReportInput, ReportLocale, ResolvedBranding } from '@astro/rendering';
import type { ValidatedFace, ValidatedHand, VisualAnalysis } from '@astro/visual';
import type { DeliveryActivities } from './delivery-contracts';
import type { HoroscopePublishingActivities } from './horoscope-publishing-contracts';

export interface StoredArtifactRef {
  key: string;
  content_type: string;
  bytes: number;
  sha256: string;
}
export type ArtifactRefs = Record<string, StoredArtifactRef>;

export interface JobStageInput {
  jobId: string;
  stage: string;
}
export interface JobSucceededInput {
  jobId: string;
  artifacts: ArtifactRefs;
  warnings?: string[];
}
export interface JobFailedInput {
  jobId: string;
  errorCode: string;
  message: string;
}
export interface RefundJobInput {
  jobId: string;
  /** the error code the job failed with */
  reason: string;
}
export interface RefundResult {
  refunded: number;
  alreadyRefunded: boolean;
}

export interface JobLifecycleActivities {
  markJobRunning(input: JobStageInput): Promise<void>;
  setJobStage(input: JobStageInput): Promise<void>;
  markJobSucceeded(input: JobSucceededInput): Promise<void>;
  markJobFailed(input: JobFailedInput): Promise<void>;
  refundJob(input: RefundJobInput): Promise<RefundResult>;
}

export interface PlanetsSnapshotInput {
  jobId: string;
  /** the moment (ISO 8601) whose positions the probe computes */
  dt: string;
}
export interface StoreJsonInput {
  jobId: string;
  /** the artifact's file name */
  name: string;
  document: PlanetsResponse;
}

export interface PipelineProbeActivities {
  computePlanetsSnapshot(input: PlanetsSnapshotInput): Promise<PlanetsResponse>;
  storeJsonArtifact(input: StoreJsonInput): Promise<StoredArtifactRef>;
}

/** Error types (ApplicationFailure.type) that activities use; they become the job's error_code. */
export const JOB_NOT_RECORDED = 'job_not_recorded';

export interface ComputeReportInput {
  jobId: string;
  /** the validated request: { kind, input } */
  report: ReportInput;
}
export interface RenderReportInput {
  jobId: string;
  data: ReportData;
  locale: ReportLocale;
  branding: ResolvedBranding;
  /** Thai edition with Thai digits */
  thaiDigits?: boolean;
  /** false for a test-mode job: its documents carry the TEST mark (absent: live) */
  livemode?: boolean;
}
export interface RenderedReport {
  /** the PDF */
  artifact: StoredArtifactRef;
  /**
   * the report's other artifacts, stored beside the PDF: `hosted` (the same document as a page) and
   * `json` (its JSON document); absent from renders recorded before they were stored
   */
  more?: ArtifactRefs;
  warnings: string[];
}

/** Report steps: the astronomy (plain data), then the branded PDF, stored as the job's artifact. */
export interface ReportActivities {
  computeReport(input: ComputeReportInput): Promise<ReportData>;
  renderReportPdf(input: RenderReportInput): Promise<RenderedReport>;
}

/** One photo of a visual-reading job: which slot it fills and, for palms, the hand the client declared. */
export interface VisualImageInput {
  slot: 'face' | 'left' | 'right';
  uploadId: string;
  declaredHand?: 'left' | 'right';
}

export interface VisualJobInput {
  jobId: string;
  family: 'face' | 'palm';
  images: VisualImageInput[];
  /** the photos are mirror images (front-camera preview): flipped back before analysis */
  mirrored: boolean;
}

/** What validation found in each photo (plain numbers, no image data), keyed by slot. */
export interface ValidatedPhotos {
  face?: ValidatedFace;
  left?: ValidatedHand;
  right?: ValidatedHand;
}
export interface AnalyseVisualInput extends VisualJobInput {
  validated: ValidatedPhotos;
}
export interface RenderVisualInput extends VisualJobInput {
  sku: VisualSku;
  locale: VisualLocale;
  subjectLabel: string;
  branding: ResolvedBranding;
  analysis: VisualAnalysis;
  /** false for a test-mode job: its page and PDF carry the TEST mark (absent: live) */
  livemode?: boolean;
}
export interface RenderedReading {
  artifacts: ArtifactRefs;
  warnings: string[];
}

/**
 * Visual-reading steps. Validation returns the landmarks it found so analysis does not run the
 * models twice; the photos stay in the artifact store.
 */
export interface VisualReadingActivities {
  validateVisualImages(input: VisualJobInput): Promise<ValidatedPhotos>;
  analyseVisualImages(input: AnalyseVisualInput): Promise<VisualAnalysis>;
  renderVisualReading(input: RenderVisualInput): Promise<RenderedReading>;
}

/**
 * Every activity a workflow may call: what the worker registers (createActivities returns this
 * type, so an activity missing from the worker is a compile error, not a stuck workflow).
 */
export type WorkflowActivities = JobLifecycleActivities &
  PipelineProbeActivities &
  ReportActivities &
  VisualReadingActivities &
  DeliveryActivities &
  HoroscopePublishingActivities;
