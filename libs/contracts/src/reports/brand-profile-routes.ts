import { z } from 'zod';
import {
  BrandProfile,
  BrandProfileList,
  BrandProfileParams,
  CoverPreviewQuery,
  CreateBrandProfileRequest,
  PageQuery,
  UpdateBrandProfileRequest,
} from './schemas';
import { created, noContent, ok, routesWith } from '../shared/route-spec';

/** Routes of the `Customer reports` tag: brand profiles, managed with an API key or a customer session. */
export const brandProfileRoutes = routesWith({ tag: 'Customer reports', auth: 'api_key_or_session' })({
  listBrandProfiles: {
    operationId: 'listReportBrandProfiles',
    method: 'GET',
    path: '/v1/report-brand-profiles',
    summary: "List the account's reusable report brand profiles, oldest first",
    query: PageQuery,
    success: ok('a page of profiles', BrandProfileList),
  },
  createBrandProfile: {
    operationId: 'createReportBrandProfile',
    method: 'POST',
    path: '/v1/report-brand-profiles',
    summary: 'Create a brand profile (branding and voice for reports)',
    body: CreateBrandProfileRequest,
    success: created('the profile', BrandProfile),
  },
  getBrandProfile: {
    operationId: 'getReportBrandProfile',
    method: 'GET',
    path: '/v1/report-brand-profiles/{id}',
    summary: 'One brand profile',
    params: BrandProfileParams,
    success: ok('the profile', BrandProfile),
    errors: [404],
  },
  updateBrandProfile: {
    operationId: 'updateReportBrandProfile',
    method: 'PATCH',
    path: '/v1/report-brand-profiles/{id}',
    summary: 'Change a brand profile: a new name and/or branding fields (merged into the stored ones)',
    params: BrandProfileParams,
    body: UpdateBrandProfileRequest,
    success: ok('the profile', BrandProfile),
    errors: [404],
  },
  deleteBrandProfile: {
    operationId: 'deleteReportBrandProfile',
    method: 'DELETE',
    path: '/v1/report-brand-profiles/{id}',
    summary: 'Delete a brand profile (queued jobs keep the branding they were queued with)',
    params: BrandProfileParams,
    success: noContent('deleted'),
    errors: [404],
  },
  previewBrandProfileCover: {
    operationId: 'previewReportBrandProfileCover',
    method: 'GET',
    path: '/v1/report-brand-profiles/{id}/cover-preview',
    summary: 'The cover page of a report as the renderer draws it with this profile (logo, colour, contacts), for a sample client',
    description:
      'An HTML page (A4, the report shell, no script; sandboxed by its Content-Security-Policy), to show a designer the cover before a report is ordered. ' +
      'A logo that cannot be used is left out, as in a report.',
    params: BrandProfileParams,
    query: CoverPreviewQuery,
    success: { status: 200, description: 'the cover page', schema: z.string(), contentType: 'text/html' },
    errors: [404],
  },
});
