// The public entry of the workflows layer for code outside it (API, worker activities): the
// activity contracts the workflows call and the inputs they take. The workflow bundle's own entry
// point, which the worker registers, is `workflows.ts`.
export * from './activity-contracts';
export * from './delivery-contracts';
export type { VisualReadingWorkflowInput } from './visual-reading.workflow';
export * from './horoscope-publishing-contracts';
