/**
 * Safety mode `workplace` (docs/content.md): a text for a team never speaks of romance or sex, of
 * health, or of hiring and firing. The themes as words, in English and Thai, for the tests that
 * read every text a workplace answer can use (reports, synastry, horoscopes).
 */
export const WORKPLACE_BANNED: Record<'en' | 'th', RegExp> = {
  en: new RegExp(
    '\\b(' +
      [
        // romance and sex
        '(un)?lov(e[sd]?|ers?|ing)',
        'romance|romantic|sex|sexual|sexuality|erotic|desires?|passion|passionate|attraction|attractive',
        'flirt\\w*|kiss\\w*|marriage|married|marry|wedding|spouse|husband|wife|bride|groom|couples?|dating',
        'sensual\\w*|intimacy|intimate|seduc\\w*|jealous\\w*|chemistry|affairs?|court|courting|courtship|soulmate',
        'affection\\w*|tender|tenderness',
        // health
        'health\\w*|illness|ill|disease|diet|sleep|medical|doctor|heal(s|ed|ing)?|body|bodies',
        // hiring decisions
        'hire[sd]?|hiring|recruit\\w*|candidates?|applicants?|dismissals?|layoffs?',
      ].join('|') +
      ')\\b',
    'i',
  ),
  th: new RegExp(
    [
      // romance and sex ("รักษา", to keep or to treat, is not love)
      'รัก(?!ษา)|โรแมนติก|เซ็กซ์|ทางเพศ|เพศสัมพันธ์|กามารมณ์|เสน่หา|ปรารถนา(?!ดี)|แรงดึงดูด|ดึงดูดใจ|จีบ|เกี้ยว|หยอกเย้า',
      'แต่งงาน|วิวาห์|สมรส|คู่ชีวิต|คู่ครอง|สามี|ภรรยา|เจ้าบ่าว|เจ้าสาว|ความใกล้ชิด|ทางกาย|เคมี|หึง|ชู้',
      // health
      'สุขภาพ|เจ็บป่วย|ป่วย|โรค|การนอน|ร่างกาย|เยียวยา',
      // hiring decisions
      'จ้างงาน|ว่าจ้าง|รับสมัคร|ผู้สมัคร|เลิกจ้าง|ไล่ออก|คัดเลือก|รับเข้าทำงาน',
    ].join('|'),
  ),
};

/** Every string of a content tree, with its path (`houses.5`, `contacts.Sun-Moon.trine`). */
export function textsOf(x: unknown, path = ''): { path: string; text: string }[] {
  if (typeof x === 'string') return [{ path, text: x }];
  if (Array.isArray(x)) return x.flatMap((v, i) => textsOf(v, `${path}.${i}`));
  if (x && typeof x === 'object') return Object.entries(x).flatMap(([k, v]) => textsOf(v, path ? `${path}.${k}` : k));
  return [];
}

/** The texts that speak of a theme workplace mode leaves out, as `path: text`. */
export const workplaceOffences = (texts: { path: string; text: string }[], locale: 'en' | 'th') =>
  texts.filter((t) => WORKPLACE_BANNED[locale].test(t.text)).map((t) => `${t.path}: ${t.text}`);
