/**
 * The activity signatures workflows call. Types only: the implementations live in apps/worker and
 * do all I/O; workflows stay deterministic.
 */
export interface StoredArtifactRef {
  key: string;
  content_type: string;
  bytes: number;
  sha256: string;
}
export type ArtifactRefs = Record<string, StoredArtifactRef>;

export interface JobLifecycleActivities {
  markJobRunning(input: { jobId: string; stage: string }): Promise<void>;
  setJobStage(input: { jobId: string; stage: string }): Promise<void>;
  markJobSucceeded(input: { jobId: string; artifacts: ArtifactRefs; warnings?: string[] }): Promise<void>;
  markJobFailed(input: { jobId: string; errorCode: string; message: string }): Promise<void>;
  refundJob(input: { jobId: string; reason: string }): Promise<{ refunded: number; alreadyRefunded: boolean }>;
}

export interface PipelineProbeActivities {
  computePlanetsSnapshot(input: { jobId: string; dt: string }): Promise<Record<string, unknown>>;
  storeJsonArtifact(input: { jobId: string; name: string; document: Record<string, unknown> }): Promise<StoredArtifactRef>;
}

/** Error types (ApplicationFailure.type) that activities use; they become the job's error_code. */
export const JOB_NOT_RECORDED = 'job_not_recorded';

/** Report steps: the astronomy (plain data), then the branded PDF, stored as the job's artifact. */
export interface ReportActivities {
  computeReport(input: { jobId: string; report: unknown }): Promise<unknown>;
  renderReportPdf(input: {
    jobId: string;
    data: unknown;
    locale: string;
    branding: unknown;
    thaiDigits?: boolean;
  }): Promise<{ artifact: StoredArtifactRef; warnings: string[] }>;
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

/**
 * Visual-reading steps. Validation returns the landmarks it found (plain numbers, no image data)
 * so analysis does not run the models twice; the photos stay in the artifact store.
 */
export interface VisualReadingActivities {
  validateVisualImages(input: VisualJobInput): Promise<unknown>;
  analyseVisualImages(input: VisualJobInput & { validated: unknown }): Promise<unknown>;
  renderVisualReading(
    input: VisualJobInput & { sku: string; locale: string; subjectLabel: string; branding: unknown; analysis: unknown },
  ): Promise<{
    artifacts: ArtifactRefs;
    warnings: string[];
  }>;
}
