import { AUDIENCES, SAFETY_MODES, TONES } from '@astro/contracts';
import { consolePath, html, SafeHtml } from '../html';
import { csrfField, Frame, Notice, page } from '../layout';
import { formatInstant } from '../text';
import { fill } from '@astro/text';

export interface BrandRow {
  id: string;
  name: string;
  branding: Partial<Record<string, string>>;
  updated_at: string;
}

export function brandsPage(frame: Frame, profiles: BrandRow[], notice?: Notice): string {
  const t = frame.text.brands;
  const c = t.columns;
  return page(
    frame,
    t.title,
    'brands',
    html`<p>${t.intro}</p>
      <p><a class="button primary" href="${consolePath('/brands/new')}">${t.new}</a></p>
      ${
        profiles.length
          ? html`<table>
              <thead>
                <tr>
                  <th scope="col">${c.name}</th>
                  <th scope="col">${c.brand_name}</th>
                  <th scope="col">${c.colour}</th>
                  <th scope="col">${c.id}</th>
                  <th scope="col">${c.updated}</th>
                </tr>
              </thead>
              <tbody>
                ${profiles.map(
                  (p) =>
                    html`<tr>
                      <td><a href="${consolePath(`/brands/${encodeURIComponent(p.id)}`)}">${p.name}</a></td>
                      <td>${p.branding.brand_name ?? ''}</td>
                      <td>${colourSwatch(p.branding.primary_color)}</td>
                      <td><code>${p.id}</code></td>
                      <td>${formatInstant(frame.locale, p.updated_at)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p>${t.none}</p>`
      }`,
    notice,
  );
}

/** A colour as its hex text beside a swatch; the swatch is an SVG attribute, only for a strict #rrggbb. */
function colourSwatch(colour: string | undefined): SafeHtml | null {
  if (!colour) return null;
  const safe = /^#[0-9a-fA-F]{6}$/.test(colour);
  return html`${safe ? html`<svg class="swatch" width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="${colour}" /></svg> ` : null}<code
      >${colour}</code
    >`;
}

function select(
  id: string,
  label: string,
  values: readonly string[],
  words: Record<string, string>,
  current: string | undefined,
): SafeHtml {
  return html`<label for="${id}">${label}</label>
    <select id="${id}" name="${id}">
      ${values.map((v) => html`<option value="${v}" ${v === current ? html` selected` : null}>${words[v] ?? v}</option>`)}
    </select>`;
}

/**
 * The form of a new profile or of an existing one, and, for an existing one, the cover preview: the
 * report's first page drawn by the renderer, in a sandboxed frame, reloaded by the console's script
 * after each save or change of edition.
 */
export function brandFormPage(
  frame: Frame,
  profile: BrandRow | null,
  previewLocale: 'en' | 'th',
  notice?: Notice,
  entered?: Partial<Record<string, string>>,
): string {
  const t = frame.text.brands;
  const b = { ...(profile?.branding ?? {}), ...(entered ?? {}) };
  const field = (id: string, label: string, type: string, extra: SafeHtml | null = null) =>
    html`<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${b[id] ?? ''}" ${extra} />`;
  const title = profile ? fill(t.edit_title, { name: profile.name }) : t.new;
  const action = profile ? `/console/brands/${encodeURIComponent(profile.id)}` : '/console/brands';
  const voice = frame.text.voice;
  const form = html`<form method="post" action="${action}" enctype="multipart/form-data" class="stack">
    ${csrfField(frame)}
    <label for="name">${t.name}</label>
    <input id="name" name="name" required maxlength="120" value="${entered?.name ?? profile?.name ?? ''}" aria-describedby="name-help" />
    <p id="name-help" class="help">${t.name_help}</p>
    ${field('brand_name', t.brand_name, 'text', html` required maxlength="60"`)} ${field('primary_color', t.primary_color, 'color')}
    ${field('contact_email', t.contact_email, 'email', html` maxlength="254"`)}
    ${field('contact_phone', t.contact_phone, 'tel', html` maxlength="40"`)}
    ${field('contact_url', t.contact_url, 'url', html` maxlength="2048"`)}
    <label for="logo">${t.logo}</label>
    <input id="logo" name="logo" type="file" accept="image/png,image/jpeg,image/svg+xml" aria-describedby="logo-help" />
    <p id="logo-help" class="help">${t.logo_help}${b.logo_upload_id || b.logo_url ? html` ${t.has_logo}` : null}</p>
    ${select('tone', t.tone, TONES, voice.tone, b.tone)} ${select('audience', t.audience, AUDIENCES, voice.audience, b.audience)}
    ${select('safety_mode', t.safety_mode, SAFETY_MODES, voice.safety_mode, b.safety_mode)}
    <button type="submit" class="primary">${profile ? t.save : t.create}</button>
  </form>`;
  const preview = profile
    ? html`<section aria-labelledby="preview-title" class="preview">
        <h2 id="preview-title">${t.preview_title}</h2>
        <p>${t.preview_intro}</p>
        <form method="get" action="${consolePath(`/brands/${encodeURIComponent(profile.id)}`)}" class="inline preview-locale">
          <label for="preview-locale">${t.preview_locale}</label>
          <select id="preview-locale" name="preview" data-preview-frame="cover-preview">
            <option value="en" ${previewLocale === 'en' ? html` selected` : null}>${t.locale_en}</option>
            <option value="th" ${previewLocale === 'th' ? html` selected` : null}>${t.locale_th}</option>
          </select>
          <button type="submit" class="secondary">${frame.text.jobs.apply}</button>
        </form>
        <div class="cover-frame">
          <iframe
            id="cover-preview"
            title="${fill(t.preview_frame, { name: profile.name })}"
            sandbox
            src="${consolePath(`/brands/${encodeURIComponent(profile.id)}/cover`, { locale: previewLocale })}"
          ></iframe>
        </div>
      </section>`
    : null;
  return page(frame, title, 'brands', html`<div class="columns">${form}${preview}</div>`, notice);
}
