import { routesWith } from '../shared/route-spec';
import { QUEUED_JOB, REPORT_NOTE } from './routes';
import { QimenReportRequest, ThaiLifeReportRequest } from './thai-qimen';

/** Routes of the `Reports` tag: the Thai life and the Qi Men PDF reports. */
export const thaiQimenReportRoutes = routesWith({ ...QUEUED_JOB, auth: 'api_key_or_session', description: REPORT_NOTE })({
  queueThaiLifeReport: {
    operationId: 'queueThaiLifePdf',
    path: '/api/v3/reports/thai-life/pdf',
    summary:
      'Queue a Thai life PDF (birth weekday and Thai lunar date, the Maha Thaksa board read, the ruling planets of the whole life, the year’s ทักษาจร, lucky colours, days and letters, Wan Phra and the best days of each month)',
    operation: 'report_thai_life',
    body: ThaiLifeReportRequest,
  },
  queueQimenReport: {
    operationId: 'queueQimenPdf',
    path: '/api/v3/reports/qimen/pdf',
    summary:
      'Queue a Qi Men Dun Jia PDF (the hour board, the palace of the purpose with its door, star, deity and stems read, patterns, the favourable direction and hours, a plain verdict)',
    operation: 'report_qimen',
    body: QimenReportRequest,
  },
});
