import { CHINESE_ELEMENTS, ChineseCounts, ELEMENT_METHOD, MemberElements, summarise, WESTERN_ELEMENTS, WesternCounts } from './elements';
import { contentFor, joinList, CiLocale } from './content';
import { fill } from '@astro/text';

export type CiAudience = 'employee' | 'manager';
export const REFLECTION_ENGINE = 'astro-ci-reflection/1';
/** Fewer members than this would let a reader work back to one person's chart. */
export const MIN_TEAM_SIZE = 3;

export interface ReflectionInput {
  teamName: string;
  members: { label: string; elements: MemberElements }[];
  shareLabels: boolean;
  locale: CiLocale;
  audience: CiAudience;
}

/**
 * The team chemistry reflection: element balance of the team (Western and Chinese), and a short
 * reading written for the audience. It speaks about the team's working styles only, never about a
 * person, and never about health, private life or pay (the content files are checked for that).
 */
export function teamReflection(input: ReflectionInput) {
  const content = contentFor(input.locale);
  const western = summarise(
    WESTERN_ELEMENTS,
    input.members.map((m) => m.elements.western),
  );
  const chinese = summarise(
    CHINESE_ELEMENTS,
    input.members.map((m) => m.elements.chinese),
  );
  const members = input.members.map((m, i) => ({
    member: input.shareLabels ? m.label : `member_${i + 1}`,
    birth_time_known: m.elements.birthTimeKnown,
    western: m.elements.western as WesternCounts,
    chinese: m.elements.chinese as ChineseCounts,
  }));

  const westernNames = western.dominant.map((e) => content.western_names[e]);
  const chineseNames = chinese.dominant.map((e) => content.chinese_names[e]);
  const summaryTemplate =
    western.dominant.length === 0
      ? content.summary.balanced
      : chinese.dominant.length === 0
        ? content.summary.dominant_western_only
        : content.summary.dominant;
  const summary = fill(summaryTemplate, {
    team: input.teamName,
    elements: joinList(westernNames, input.locale),
    chinese: joinList(chineseNames, input.locale),
  });

  const strengths = [
    ...western.dominant.map((e) => content.western_dominant[e].strength),
    ...chinese.dominant.map((e) => content.chinese_dominant[e]),
  ];
  const friction = [
    ...western.dominant.map((e) => content.western_dominant[e].friction),
    ...western.lacking.map((e) => content.western_lacking[e]),
    ...chinese.lacking.map((e) => content.chinese_lacking[e]),
  ];
  const suggestionKeys = western.dominant.length > 0 ? western.dominant : (['balanced'] as const);
  const suggestions = suggestionKeys.map((k) => content.suggestions[input.audience][k]);
  const lead = western.dominant[0] ?? 'balanced';

  return {
    element_balance: { western, chinese, members, method: ELEMENT_METHOD },
    content: {
      locale: input.locale,
      audience: input.audience,
      summary,
      strengths: strengths.length > 0 ? strengths : [content.balanced_strength],
      friction_points: friction,
      collaboration_suggestions: suggestions,
      facilitation_prompt: content.prompts[input.audience][lead],
    },
    guardrails: guardrailsFor(input.locale),
  };
}

/** What the output may and may not be used for, in the reader's language. */
export function guardrailsFor(locale: CiLocale) {
  return { ...contentFor(locale).guardrails };
}
