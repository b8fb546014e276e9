import { buildOpenApiDocument } from './openapi';

describe('birth subject in the OpenAPI document', () => {
  it('shows both input forms: timezoneOffsetMinutes or an IANA timezone, with fold', () => {
    const document = buildOpenApiDocument('test') as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    const subject = document.components.schemas.BirthSubject;
    expect(Object.keys(subject.properties)).toEqual(expect.arrayContaining(['timezoneOffsetMinutes', 'timezone', 'fold']));
    expect(subject.required ?? []).not.toContain('timezoneOffsetMinutes');
    expect(subject.required ?? []).not.toContain('timezone');
  });
});
