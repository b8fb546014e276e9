import { CompositeResult, Element, elementOf, ELEMENTS, NatalChartResult, Synastry } from '@astro/western';
import { compose, fill } from '@astro/text';
import { aspectName, degree, heading, houseName, paragraph, planetName, RenderContext, signName } from './common';
import {
  aspectFamily,
  ContactAspect,
  CONTACT_ASPECTS,
  DepthText,
  depthText,
  isPlanet,
  joinNames,
  Planet,
  PLANET_ORDER,
  SynastryText,
  synastryText,
  VariantPicker,
  AspectFamily,
} from './depth-text';

type Person = { name: string; natal: NatalChartResult };
type SyText = DepthText['synastry'];
const houseKey = (h: number) => String(h) as keyof SyText['house_area'];

/**
 * The paragraph of one inter-aspect: A's planet `x.a` to B's planet `x.b` in aspect `x.type`,
 * written for that pair of planets and that aspect; null for a point that is not one of the ten
 * planets or an aspect without a text.
 */
export function contactText(ctx: RenderContext, a: string, b: string, x: { a: string; b: string; type: string }): string | null {
  if (!isPlanet(x.a) || !isPlanet(x.b) || !(CONTACT_ASPECTS as readonly string[]).includes(x.type)) return null;
  const pair = pairKey(x.a, x.b) as keyof SynastryText['contacts'];
  // {x} owns the pair key's first planet, {y} the second.
  const [first, second] = pair.startsWith(`${x.a}-`) ? [a, b] : [b, a];
  return compose(ctx.locale, synastryText(ctx).contacts[pair][x.type as ContactAspect], { x: first, y: second });
}

/** The paragraph of one house overlay: `from`'s planet in `to`'s house (null for a point that is not a planet). */
export function overlayText(ctx: RenderContext, from: string, to: string, o: { planet: string; house: number }): string | null {
  if (!isPlanet(o.planet)) return null;
  const texts = synastryText(ctx).overlays[o.planet];
  return compose(ctx.locale, texts[String(o.house) as keyof typeof texts], { from, to });
}

/**
 * The sentence that says a contact also runs the other way: A's `x.a` in aspect `x.type` with B's
 * `x.b` (`contact_echo`, or one of its variants `contact_echo_again` for a report's later doubles).
 */
export function echoText(
  ctx: RenderContext,
  a: string,
  b: string,
  x: { a: string; b: string; type: string },
  template: string = depthText(ctx).synastry.contact_echo,
): string {
  const d = depthText(ctx);
  return compose(ctx.locale, template, {
    a,
    pa: planetName(ctx, x.a),
    aspect: d.aspect_noun[x.type as keyof DepthText['aspect_noun']],
    b,
    pb: planetName(ctx, x.b),
  });
}

/** The two leading elements read together: one paragraph per pair of elements. */
export function elementsText(ctx: RenderContext, a: { name: string; element: Element }, b: { name: string; element: Element }): string {
  const [first, second] = ELEMENTS.indexOf(a.element) <= ELEMENTS.indexOf(b.element) ? [a, b] : [b, a];
  const key = `${first.element}-${second.element}` as keyof SynastryText['balance'];
  return compose(ctx.locale, synastryText(ctx).balance[key], { x: first.name, y: second.name });
}

/**
 * House overlays both ways: each person's planets grouped by the partner's house they fall in,
 * the house read once for the person who owns it, then every planet in it in its own paragraph.
 */
export function overlaysSection(ctx: RenderContext, a: Person, b: Person, result: Synastry): string {
  const d = depthText(ctx);
  const s = d.synastry;
  const parts: string[] = [heading(2, ctx.text.synastry.overlays, true), paragraph(s.overlay_intro)];
  // a report's mutual placements each in the next wording, so none repeats the sentence of another
  const mutuals = new VariantPicker();
  const directions = [
    [a, b, result.overlays_a_in_b, 0],
    [b, a, result.overlays_b_in_a, 1],
  ] as const;
  for (const [from, to, overlays, direction] of directions) {
    parts.push(heading(3, fill(ctx.text.synastry.overlay_heading, { a: from.name, b: to.name })));
    const houses = [...new Set(overlays.map((o) => o.house))].sort((x, y) => x - y);
    for (const house of houses) {
      const inHouse = overlays.filter((o) => o.house === house && isPlanet(o.planet)).map((o) => o.planet as Planet);
      if (inHouse.length === 0) continue;
      const lead = fill(s.overlay_lead, {
        from: from.name,
        to: to.name,
        planets: joinNames(
          ctx,
          inHouse.map((p) => planetName(ctx, p)),
        ),
        house: houseName(ctx, house),
      });
      const houseSentence = fill(s.receiver_house[houseKey(house)][direction], { from: from.name, to: to.name });
      parts.push(paragraph([lead, houseSentence].join(d.sentence_gap)));
      // A planet in the same house both ways is one placement, read once and named again as mutual.
      const mutual = (p: Planet) => direction === 1 && result.overlays_a_in_b.some((o) => o.planet === p && o.house === house);
      for (const p of inHouse)
        parts.push(
          paragraph(
            mutual(p)
              ? fill(mutuals.pick('mutual', [s.overlay_mutual, ...s.overlay_mutual_again]), {
                  from: from.name,
                  to: to.name,
                  planet: planetName(ctx, p),
                  house: houseName(ctx, house),
                })
              : overlayText(ctx, from.name, to.name, { planet: p, house })!,
          ),
        );
    }
  }
  return parts.join('\n');
}

/** The composite chart in words: its Sun, Moon and Ascendant by sign, the Sun's house and the leading element. */
export function compositeSummary(ctx: RenderContext, composite: CompositeResult['chart']): string {
  const d = depthText(ctx);
  const s = d.synastry;
  const at = (name: string) => composite.planets.find((p) => p.name === name)!;
  const sun = at('Sun');
  const moon = at('Moon');
  const asc = composite.houses[0].sign;
  const counts = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<(typeof ELEMENTS)[number], number>;
  for (const p of composite.planets) if (isPlanet(p.name)) counts[elementOf(p.sign)] += 1;
  const leading = ELEMENTS.reduce((best, e) => (counts[e] > counts[best] ? e : best), ELEMENTS[0]);
  type SignKey = keyof SyText['composite_sun'];
  return [
    paragraph([fill(s.composite_sun_lead, { sign: signName(ctx, sun.sign) }), s.composite_sun[sun.sign as SignKey]].join(d.sentence_gap)),
    paragraph(fill(s.composite_sun_house, { house: houseName(ctx, sun.house), area: s.house_area[houseKey(sun.house)] })),
    paragraph(
      [fill(s.composite_moon_lead, { sign: signName(ctx, moon.sign) }), s.composite_moon[moon.sign as SignKey]].join(d.sentence_gap),
    ),
    paragraph([fill(s.composite_asc_lead, { sign: signName(ctx, asc) }), s.composite_asc[asc as SignKey]].join(d.sentence_gap)),
    paragraph(fill(s.composite_element[leading], { count: counts[leading] })),
  ].join('\n');
}

type AngleName = 'Ascendant' | 'Midheaven';
const isAngle = (name: string): name is AngleName => name === 'Ascendant' || name === 'Midheaven';
type AngleKey = keyof SynastryText['angle_contacts'];
type AngleFamily = keyof SynastryText['angle_contacts'][AngleKey];

/** A contact the compatibility score counts: the factor, A's point to B's point, and its orb as the score measured it. */
export interface ScoredContact {
  a: string;
  b: string;
  type: string;
  orb: number | null;
}

/**
 * The paragraph of a planet of one person on an angle of the other (`angle_contacts`, keyed by
 * planet and angle; `{x}` owns the planet, `{y}` the angle). An opposition to the Ascendant is a
 * planet on the Descendant and one to the Midheaven a planet on the IC, each read as such; trine
 * and sextile share the flowing text.
 */
function angleContactText(ctx: RenderContext, a: string, b: string, x: ScoredContact): string | null {
  const [planet, angle, owner, other] = isAngle(x.b) ? [x.a, x.b, a, b] : [x.b, x.a, b, a];
  const texts = synastryText(ctx).angle_contacts[`${planet}-${angle}` as AngleKey];
  const family = (x.type === 'trine' || x.type === 'sextile' ? 'flowing' : x.type) as AngleFamily;
  if (!texts || !texts[family]) return null;
  return compose(ctx.locale, texts[family], { x: owner, y: other });
}

/** The paragraph of a contact the score counts: two planets, or a planet and an angle. */
export function scoredContactText(ctx: RenderContext, a: string, b: string, x: ScoredContact): string | null {
  return isAngle(x.a) || isAngle(x.b) ? angleContactText(ctx, a, b, x) : contactText(ctx, a, b, x);
}

/** How tight a contact is, by its orb: the band of the sentence that says so. */
type OrbBand = 'exact' | 'close' | 'moderate' | 'wide';
const orbBand = (orb: number): OrbBand => (orb < 1 ? 'exact' : orb < 3 ? 'close' : orb < 5 ? 'moderate' : 'wide');

/** Words of a text: English by its spaces, Thai (written without spaces between words) as letters / 5. */
const wordCount = (locale: string, text: string) => (locale === 'en' ? text.split(/\s+/).length : text.replace(/\s/g, '').length / 5);
/** A contact text written at full depth (the meeting, daily life and what to do) needs no daily-life paragraph after it. */
const FULL_DEPTH_WORDS = 70;

/**
 * The key of a contact's planet pair as the texts name it, whatever the direction: two planets in
 * traditional order (`Sun-Moon`), a planet and an angle planet first (`Venus-Ascendant`).
 */
function contactPairKey(x: { a: string; b: string }): string | null {
  if (isAngle(x.a) || isAngle(x.b)) {
    const [planet, angle] = isAngle(x.b) ? [x.a, x.b] : [x.b, x.a];
    return isPlanet(planet) ? `${planet}-${angle}` : null;
  }
  return isPlanet(x.a) && isPlanet(x.b) ? pairKey(x.a, x.b) : null;
}

/**
 * Reads the contacts of one report in order, each in a paragraph composed as an astrologer reads a
 * contact: the pair in its aspect (`contacts` / `angle_contacts`), how tight the orb makes it, what
 * each point means between two people the first time that person's point comes up, what the aspect
 * does the first time it comes up, then daily life and what to do with it (`contact_depth.pairs`,
 * by pair and aspect family, `{x}` owning the pair key's first point). Every piece a report repeats
 * (the role of a point, the orb sentence) comes in variants each printed once, so no two
 * paragraphs of a report share a sentence.
 */
export class ContactReader {
  private readonly picker = new VariantPicker();
  private readonly introduced = new Set<string>();

  constructor(
    private readonly ctx: RenderContext,
    private readonly a: string,
    private readonly b: string,
  ) {}

  paragraph(x: ScoredContact): string {
    const { ctx, a, b } = this;
    const depth = synastryText(ctx).contact_depth;
    const lead = scoredContactText(ctx, a, b, x)!;
    const sentences = [lead];
    // the orb's sentence, each variant once a report; past the last one the heading's orb says it
    const orb = x.orb === null ? null : this.picker.once(`orb ${orbBand(x.orb)}`, depth.orb[orbBand(x.orb)]);
    if (orb) sentences.push(compose(ctx.locale, orb, { orb: degree(x.orb!) }));
    for (const [owner, point] of [
      [a, x.a],
      [b, x.b],
    ] as const) {
      const roles = depth.roles[point as keyof typeof depth.roles];
      if (!roles || this.introduced.has(`${owner} ${point}`)) continue;
      this.introduced.add(`${owner} ${point}`);
      sentences.push(compose(ctx.locale, this.picker.pick(`role ${point}`, roles), { n: owner }));
    }
    const aspect = depth.aspects[x.type as keyof typeof depth.aspects];
    if (aspect && this.picker.once(`aspect ${x.type}`, [aspect])) sentences.push(compose(ctx.locale, aspect, { x: a, y: b }));
    const key = contactPairKey(x);
    const family = aspectFamily(x.type);
    const daily = key && family ? (depth.pairs as Record<string, Record<AspectFamily, string>>)[key]?.[family] : undefined;
    if (daily && wordCount(ctx.locale, lead) < FULL_DEPTH_WORDS) {
      // {x} owns the key's first point: A when A's point comes first (planet pairs) or is the planet (angle pairs)
      const aFirst = x.a === key!.split('-')[0];
      sentences.push(compose(ctx.locale, daily, aFirst ? { x: a, y: b } : { x: b, y: a }));
    }
    return sentences.join(depthText(ctx).sentence_gap);
  }

  /** The sentence that names a double contact's other direction, in the report's next wording of it. */
  echo(x: ScoredContact): string {
    const s = depthText(this.ctx).synastry;
    return echoText(this.ctx, this.a, this.b, x, this.picker.pick('echo', [s.contact_echo, ...s.contact_echo_again]));
  }
}

/**
 * The contacts the compatibility score counts (its factors, largest points first), one heading
 * and one paragraph each (ContactReader), so every point of the score is explained in words and
 * nothing the score leaves out (Jupiter and the outer planets) is called decisive. A pair in the
 * same aspect family both ways (A's Sun trine B's Moon and A's Moon sextile B's Sun, or A's Venus
 * and B's Venus each on the other's Ascendant) is one contact, read once and named again as
 * doubling the theme, as astrologers read a double aspect. The orb in each heading is the one the
 * score table prints.
 */
export function contactsSection(ctx: RenderContext, a: Person, b: Person, contacts: ScoredContact[]): string {
  const d = depthText(ctx);
  const s = d.synastry;
  const parts: string[] = [heading(2, s.contacts_heading, true), paragraph(fill(s.contacts_intro, { a: a.name, b: b.name }))];
  if (contacts.length === 0) parts.push(paragraph(s.contacts_none));
  const reader = new ContactReader(ctx, a.name, b.name);
  const read = new Set<ScoredContact>();
  for (const main of contacts) {
    if (read.has(main)) continue;
    const key = contactPairKey(main);
    const echo = key
      ? contacts.find((c) => c !== main && !read.has(c) && contactPairKey(c) === key && aspectFamily(c.type) === aspectFamily(main.type))
      : undefined;
    read.add(main);
    if (echo) read.add(echo);
    const title = fill(s.contact_title, {
      a: a.name,
      pa: planetName(ctx, main.a),
      aspect: aspectName(ctx, main.type),
      b: b.name,
      pb: planetName(ctx, main.b),
      orb: main.orb === null ? '' : degree(main.orb),
    });
    parts.push(heading(3, title));
    const sentences = [reader.paragraph(main)];
    if (echo) sentences.push(reader.echo(echo));
    parts.push(paragraph(sentences.join(d.sentence_gap)));
  }
  return parts.join('\n');
}

export const pairKey = (p: Planet, q: Planet) => (PLANET_ORDER.indexOf(p) <= PLANET_ORDER.indexOf(q) ? `${p}-${q}` : `${q}-${p}`);
