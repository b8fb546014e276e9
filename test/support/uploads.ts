import { HttpResponse, TestApi } from './harness';

/** The three calls of an upload (create, PUT the bytes, complete), each answer kept. */
export interface UploadCalls {
  created: HttpResponse;
  stored: HttpResponse;
  completed: HttpResponse;
  uploadId: string;
}

/** Creates an upload and PUTs its bytes: what `complete` then validates. */
export async function createAndPut(api: TestApi, apiKey: string, bytes: Buffer, kind = 'face', contentType = 'image/jpeg') {
  const created = await api.http.post(
    '/api/v3/visual-readings/uploads',
    { kind, content_type: contentType, byte_size: bytes.length },
    { key: apiKey },
  );
  if (created.status !== 201) throw new Error(`the upload could not be created: ${created.status} ${created.text}`);
  const stored = await api.http.request('PUT', created.body.upload_url, { raw: bytes, contentType });
  return { created, stored, uploadId: created.body.upload_id as string };
}

/** The upload's `complete` call. */
export function complete(api: TestApi, apiKey: string, uploadId: string): Promise<HttpResponse> {
  return api.http.post(`/api/v3/visual-readings/uploads/${uploadId}/complete`, undefined, { key: apiKey });
}

/** Creates an upload, PUTs the bytes and completes it; returns every answer on the way. */
export async function uploadImage(
  api: TestApi,
  apiKey: string,
  bytes: Buffer,
  kind = 'face',
  contentType = 'image/jpeg',
): Promise<UploadCalls> {
  const { created, stored, uploadId } = await createAndPut(api, apiKey, bytes, kind, contentType);
  return { created, stored, completed: await complete(api, apiKey, uploadId), uploadId };
}
