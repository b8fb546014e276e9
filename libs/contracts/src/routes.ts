import { z } from 'zod';
import { AccountResponse, LedgerQuery, LedgerResponse, SessionRequest, SessionResponse } from './account';
import { HealthResponse } from './health';
import { ArtifactParams, ArtifactQuery, JobHandle, JobPathParams, JobRecord, PipelineProbeRequest } from './jobs';
import { PlanetsQuery, PlanetsResponse } from './planets';
import { PricedOperation, PricingResponse } from './pricing';
import { Tier } from './tiers';
import {
  ManglikDoshaRequest, ManglikDoshaResponse, SadeSatiRequest, SadeSatiResponse, ShadbalaRequest, ShadbalaResponse,
  VedicRemediesRequest, VedicRemediesResponse,
} from './vedic';

export type AuthMode = 'none' | 'api_key' | 'session' | 'api_key_or_session' | 'signed_url';

/**
 * One route: the controllers take method, path, validation and policy from here, and the OpenAPI
 * document is generated from the same objects, so the two cannot drift apart.
 */
export interface RouteSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI form, e.g. /api/v3/jobs/{job_id} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: AuthMode;
  minTier?: Tier;
  operation?: PricedOperation;
  idempotencyKey?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  success: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  errors: number[];
}

const AUTH_ERRORS = [401, 429, 503];
const CHARGED_ERRORS = [400, ...AUTH_ERRORS, 402];

export const ROUTES = {
  health: {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    tag: 'Platform',
    summary: 'Readiness: database and Temporal reachable',
    description: 'Answers 200 when both dependencies answer, else 503 with the error body and `checks` naming the one that is down.',
    auth: 'none',
    success: { status: 200, description: 'both dependencies are reachable', schema: HealthResponse },
    errors: [503],
  },
  pricing: {
    operationId: 'getPricing',
    method: 'GET',
    path: '/v1/pricing',
    tag: 'Platform',
    summary: 'Credit price of every chargeable operation',
    auth: 'none',
    success: { status: 200, description: 'the price table', schema: PricingResponse },
    errors: [],
  },
  createSession: {
    operationId: 'createSession',
    method: 'POST',
    path: '/v1/sessions',
    tag: 'Customer sessions',
    summary: 'Exchange a customer user e-mail and password for a session bearer token',
    auth: 'none',
    body: SessionRequest,
    success: { status: 201, description: 'the session token, shown once', schema: SessionResponse },
    errors: [400, 401, 503],
  },
  account: {
    operationId: 'getAccount',
    method: 'GET',
    path: '/v1/account',
    tag: 'Account',
    summary: 'The calling account: tier and credit balance',
    auth: 'api_key_or_session',
    success: { status: 200, description: 'the account', schema: AccountResponse },
    errors: AUTH_ERRORS,
  },
  accountLedger: {
    operationId: 'getAccountLedger',
    method: 'GET',
    path: '/v1/account/ledger',
    tag: 'Account',
    summary: 'Credit ledger of the calling account, newest first',
    description: 'Every grant, charge and refund with the request or job that caused it. Page with `before`.',
    auth: 'api_key_or_session',
    query: LedgerQuery,
    success: { status: 200, description: 'a page of ledger entries', schema: LedgerResponse },
    errors: [400, ...AUTH_ERRORS],
  },
  planets: {
    operationId: 'getPlanets',
    method: 'GET',
    path: '/v1/planets',
    tag: 'Western',
    summary: 'Geocentric positions of Sun to Pluto, the true node and Chiron at a UTC moment',
    description: 'Swiss Ephemeris (files for 1800–2399). Also the authentication smoke test of the spec.',
    auth: 'api_key',
    minTier: 'free',
    operation: 'planets',
    query: PlanetsQuery,
    success: { status: 200, description: 'positions', schema: PlanetsResponse },
    errors: CHARGED_ERRORS,
  },
  queuePipelineProbe: {
    operationId: 'queuePipelineProbe',
    method: 'POST',
    path: '/v1/pipeline-probes',
    tag: 'Reports',
    summary: 'Queue a pipeline probe job (positions at `dt`, stored as a JSON artifact)',
    description:
      'The smallest asynchronous job: it goes through the same queue, charge, workflow, artifact storage and refund path as the PDF reports, so integrators and operators can check the whole pipeline cheaply. Honours `Idempotency-Key`.',
    auth: 'api_key',
    minTier: 'pro',
    operation: 'pipeline_probe',
    idempotencyKey: true,
    body: PipelineProbeRequest,
    success: { status: 202, description: 'queued; poll the handle', schema: JobHandle },
    errors: [...CHARGED_ERRORS, 403, 409],
  },
  getJob: {
    operationId: 'getJob',
    method: 'GET',
    path: '/api/v3/jobs/{job_id}',
    tag: 'Reports',
    summary: 'Poll a report job',
    auth: 'api_key_or_session',
    params: JobPathParams,
    success: { status: 200, description: 'the job record', schema: JobRecord },
    errors: [...AUTH_ERRORS, 404],
  },
  downloadArtifact: {
    operationId: 'downloadArtifact',
    method: 'GET',
    path: '/v1/artifacts/{job_id}/{name}',
    tag: 'Reports',
    summary: 'Download a job artifact through its signed, expiring link',
    description: 'The link comes from the job record; an expired or altered link answers 403.',
    auth: 'signed_url',
    params: ArtifactParams,
    query: ArtifactQuery,
    success: { status: 200, description: 'the artifact bytes', contentType: 'application/octet-stream' },
    errors: [400, 403, 404],
  },
  vedicShadbala: {
    operationId: 'vedicShadbala',
    method: 'POST',
    path: '/api/v3/vedic/shadbala',
    tag: 'Vedic',
    summary: 'Complete six-family Shadbala of Sun to Saturn (sidereal, Lahiri)',
    description:
      'Sthana, dig, kala, cheshta, naisargika and drik bala with every component, V. P. Jain\'s method (see `result.aggregate.method` and docs/shadbala.md), and the derivation of the time factors (sunrise by swe_rise_trans, astrological date, day or night third, nata ghatis, equation of time).',
    auth: 'api_key',
    minTier: 'pro',
    operation: 'shadbala',
    body: ShadbalaRequest,
    success: { status: 200, description: 'the Shadbala of the seven planets', schema: ShadbalaResponse },
    errors: [...CHARGED_ERRORS, 403],
  },
  vedicSadeSati: {
    operationId: 'vedicSadeSati',
    method: 'POST',
    path: '/api/v3/vedic/sade-sati',
    tag: 'Vedic',
    summary: 'Sade Sati: Saturn over the 12th, 1st and 2nd signs from the natal Moon',
    description:
      'Dates are Saturn\'s real sidereal sign ingresses (retrograde re-entries included) as calendar dates at the birth offset; a period is one continuous stay of Saturn in the three signs.',
    auth: 'api_key',
    operation: 'sade_sati',
    body: SadeSatiRequest,
    success: { status: 200, description: 'the current or next Sade Sati period', schema: SadeSatiResponse },
    errors: CHARGED_ERRORS,
  },
  vedicManglikDosha: {
    operationId: 'vedicManglikDosha',
    method: 'POST',
    path: '/api/v3/vedic/manglik-dosha',
    tag: 'Vedic',
    summary: 'Manglik (Kuja) dosha from the Lagna, the Moon and Venus, with cancellations',
    auth: 'api_key',
    operation: 'manglik_dosha',
    body: ManglikDoshaRequest,
    success: { status: 200, description: 'presence, severity and remedies', schema: ManglikDoshaResponse },
    errors: CHARGED_ERRORS,
  },
  vedicRemedies: {
    operationId: 'vedicRemedies',
    method: 'POST',
    path: '/api/v3/vedic/remedies',
    tag: 'Vedic',
    summary: 'Traditional remedies for signals read from the chart (English and Thai)',
    description: 'Signals: planets below their Shadbala requirement, debilitated planets, active Sade Sati, Manglik dosha.',
    auth: 'api_key',
    operation: 'vedic_remedies',
    body: VedicRemediesRequest,
    success: { status: 200, description: 'signals and recommendations', schema: VedicRemediesResponse },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
