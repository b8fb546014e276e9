import sharp from 'sharp';
import { outboundRequest, OutboundPolicy } from '@astro/delivery';

export const LOGO_MAX_WIDTH = 600;
const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Fetches a brand logo through the SSRF-safe client and normalises it to a PNG at most 600 px
 * wide, inline as a data: URL. A logo that cannot be had never fails a report: the caller gets a
 * warning to record on the job instead.
 */
export async function fetchLogo(url: string, policy: Omit<OutboundPolicy, 'maxBytes'>): Promise<{ dataUrl: string | null; warning: string | null }> {
  try {
    const response = await outboundRequest(url, { headers: { Accept: 'image/*' } }, { ...policy, maxBytes: LOGO_MAX_BYTES });
    if (response.status !== 200) throw new Error(`the server answered ${response.status}`);
    const png = await sharp(response.body, { limitInputPixels: 40_000_000 })
      .resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true })
      .png()
      .toBuffer();
    return { dataUrl: `data:image/png;base64,${png.toString('base64')}`, warning: null };
  } catch (err) {
    return { dataUrl: null, warning: `logo not shown: ${url} could not be used (${(err as Error).message})` };
  }
}
