import { routesWith } from '../shared/route-spec';
import { QUEUED_JOB, REPORT_NOTE } from './routes';
import { TarotReportRequest } from './tarot';

/** Routes of the `Reports` tag: the tarot reading PDF. Charged by spread, so the route names no single priced operation. */
export const tarotReportRoutes = routesWith({ ...QUEUED_JOB, auth: 'api_key_or_session', errors: [402] })({
  queueTarotReport: {
    operationId: 'queueTarotPdf',
    path: '/api/v3/reports/tarot/pdf',
    summary:
      'Queue a tarot reading PDF (the spread laid out with the card faces, each position read, the pattern of suits, Major Arcana and numbers, practical advice and a glossary of the cards drawn)',
    description:
      REPORT_NOTE +
      ' Priced by spread: single and three_card `report_tarot_short`, relationship and horseshoe `report_tarot_spread`, celtic_cross `report_tarot_celtic_cross` (GET /v1/pricing).',
    body: TarotReportRequest,
  },
});
