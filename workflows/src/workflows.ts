// The workflow bundle's entry point: every workflow type the worker registers.
export { pipelineProbeWorkflow } from './pipeline-probe.workflow';
export { reportWorkflow } from './report.workflow';
export { webhookDeliveryWorkflow } from './webhook-delivery.workflow';
export { horoscopeDeliveryWorkflow } from './horoscope-delivery.workflow';
export { visualReadingWorkflow } from './visual-reading.workflow';
export { publishHoroscopesWorkflow } from './horoscope-publishing.workflow';
