import en from '../../content/pillars.en.json';
import th from '../../content/pillars.th.json';
import { LIFE_STAGES, STEM_PINYIN, TEN_GOD_ZH } from '@astro/chinese';
import { BRANCHES, Element, PillarName, STEMS, TEN_GOD_KOREAN, TenGodName } from '@astro/saju';
import { compose, fill, fixArticles, ForMode, modeCache, readerYear, TextValues } from '@astro/text';
import { RenderContext } from '../common';
import { VariantPicker } from '../depth-text';
import { PillarsTradition } from './chart';

/**
 * The words of the four-pillar reports (content/pillars.<locale>.json, in the variant of the
 * branding's safety mode) and the names of the characters in the edition's language: English
 * names an element and an animal, Thai the Teochew reading Thai almanacs print (甲 กะ, 子 จื้อ).
 * The Chinese characters stay in both; a Saju edition adds the Korean names, a BaZi edition the
 * Chinese ones.
 */
export type PillarsContent = ForMode<typeof en>;
const content = modeCache<typeof en>({ en, th });

/** The Korean names of the twelve life stages (12운성), in the order of LIFE_STAGES. */
const LIFE_STAGES_KOREAN = ['장생', '목욕', '관대', '건록', '제왕', '쇠', '병', '사', '묘', '절', '태', '양'];

export class Voice {
  readonly t: PillarsContent;
  /** hands out the variants of a text once each, so no sentence is printed twice */
  readonly picker = new VariantPicker();

  constructor(
    readonly ctx: RenderContext,
    readonly tradition: PillarsTradition,
  ) {
    this.t = content(ctx.locale, ctx.branding.safety_mode);
  }

  get thai(): boolean {
    return this.ctx.locale === 'th';
  }

  /** A whole sentence from a template: English gets its articles and first capital. */
  say(template: string, values: TextValues = {}): string {
    return compose(this.ctx.locale, template, values);
  }

  /** A fragment filled into another sentence (no capital); English articles still agree. */
  part(template: string, values: TextValues = {}): string {
    const filled = fill(template, values);
    return this.thai ? filled : fixArticles(filled);
  }

  list(items: string[]): string {
    const { separator, last } = this.t.list;
    return items.length <= 1 ? items.join('') : items.slice(0, -1).join(separator) + last + items[items.length - 1];
  }

  element(e: Element): string {
    return this.t.elements[e];
  }

  /** An element as a noun in running text: "Metal", "ธาตุทอง". */
  elementWord(e: Element): string {
    return this.thai ? `ธาตุ${this.t.elements[e]}` : this.t.elements[e];
  }

  /** A stem's reading: the Thai reading in Thai; in English the Hangul (Saju) or the pinyin (BaZi). */
  stemReading(char: string): string {
    const s = STEMS.find((x) => x.hanja === char)!;
    if (this.thai) return th.stem_names[char as keyof typeof th.stem_names];
    return this.tradition === 'saju' ? s.hangul : STEM_PINYIN[s.index];
  }

  /** The characters of a stem: "庚 (Yang Metal)", "庚 (แก)". */
  stem(char: string): string {
    const s = STEMS.find((x) => x.hanja === char)!;
    return `${char} (${this.thai ? this.stemReading(char) : `${this.t.polarity[s.polarity]} ${this.t.elements[s.element]}`})`;
  }

  /** A branch: "辰 (Dragon)", "辰 (ซี้)". */
  branch(char: string): string {
    const b = BRANCHES.find((x) => x.hanja === char)!;
    return this.thai ? `${char} (${th.branch_names[char as keyof typeof th.branch_names]})` : `${char} (${this.t.animals[b.index]})`;
  }

  /** A pillar: "庚辰 (Metal Dragon)", "庚辰 (แกซี้)". */
  pillar(ganZhi: string): string {
    const [s, b] = [STEMS.find((x) => x.hanja === ganZhi[0])!, BRANCHES.find((x) => x.hanja === ganZhi[1])!];
    if (this.thai) return `${ganZhi} (${this.stemReading(s.hanja)}${th.branch_names[b.hanja as keyof typeof th.branch_names]})`;
    return `${ganZhi} (${this.t.elements[s.element]} ${this.t.animals[b.index]})`;
  }

  god(name: TenGodName): string {
    return this.t.ten_god_names[name];
  }

  /** A ten god with its name in the tradition's own script: "Direct Officer 정관", "ขุนนางตรง 正官". */
  godNative(name: TenGodName): string {
    return `${this.god(name)} ${this.tradition === 'saju' ? TEN_GOD_KOREAN[name] : TEN_GOD_ZH[name]}`;
  }

  pillarName(name: PillarName): string {
    return this.t.pillar_names[name];
  }

  /** A life stage by its name in the edition's language and in the tradition's script. */
  stage(index: number): string {
    return `${this.t.life_stage_names[index]} ${this.stageNative(index)}`;
  }

  /** A life stage in the tradition's script only: "장생", "长生". */
  stageNative(index: number): string {
    return this.tradition === 'saju' ? LIFE_STAGES_KOREAN[index] : LIFE_STAGES[index].zh;
  }

  /** A Na Yin's name in the edition's language. */
  naYinName(index: number, english: string): string {
    return this.thai ? th.nayin_names[index] : english;
  }

  date(iso: string, style: 'long' | 'short' = 'long'): string {
    return this.ctx.date(iso, style);
  }

  /** A civil year as the edition counts it (Buddhist Era in Thai). */
  year(y: number): number {
    return readerYear(this.ctx.locale, y);
  }
}
