// The public entry of the workflows layer for code outside it: the workflow functions (the API,
// the worker's delivery publisher and the CLI start workflows by reference, so the compiler checks
// each input against the workflow's parameter type), their inputs, and the activity contracts the
// worker implements. The workflow bundle's own entry point, which the worker registers, is `workflows.ts`.
export * from './activity-contracts';
export * from './delivery-contracts';
export * from './horoscope-publishing-contracts';
export * from './workflows';
export type { JobOutcome } from './job-lifecycle';
export type { PipelineProbeInput } from './pipeline-probe.workflow';
export type { ReportWorkflowInput } from './report.workflow';
export type { VisualReadingWorkflowInput } from './visual-reading.workflow';
