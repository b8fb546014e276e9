import { routesWith } from '../shared/route-spec';
import { QUEUED_JOB, REPORT_NOTE } from './routes';
import { VedicKundliReportRequest, VedicMatchingReportRequest } from './vedic-schemas';

/** Routes of the `Reports` tag: the Vedic PDF reports. */
export const vedicReportRoutes = routesWith({ ...QUEUED_JOB, auth: 'api_key_or_session', description: REPORT_NOTE })({
  queueVedicKundliReport: {
    operationId: 'queueVedicKundliPdf',
    path: '/api/v3/reports/vedic-kundli/pdf',
    summary:
      'Queue a Vedic kundli PDF (panchang of the birth, Rasi, Navamsa and five vargas, grahas, Vimshottari dasha read at length, yogas, doshas, Sade Sati, remedies, Ashtakavarga, Shadbala)',
    operation: 'report_vedic_kundli',
    body: VedicKundliReportRequest,
  },
  queueVedicMatchingReport: {
    operationId: 'queueVedicMatchingPdf',
    path: '/api/v3/reports/vedic-matching/pdf',
    summary:
      'Queue a Vedic match PDF (Ashtakoot koota by koota, verdict, Nadi and Bhakoot with exceptions, Manglik on both sides, both Rasi charts, the periods ahead)',
    operation: 'report_vedic_matching',
    body: VedicMatchingReportRequest,
  },
});
