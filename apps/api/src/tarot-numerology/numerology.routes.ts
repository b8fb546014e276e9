import { Injectable } from '@nestjs/common';
import { NumerologyCompatibility, NumerologyProfile, ROUTES } from '@astro/contracts';
import { lifePathCompatibility, NameNotLatinError, numerologyProfile } from '@astro/numerology';
import { badRequest } from '../http/api-error';
import { checkNumerologyName } from './checks';
import { Call, Route } from '../http/route';

const today = () => new Date().toISOString().slice(0, 10);

/** A name the letter table cannot read is a 400 naming the field. */
function profileOf(fullName: string, birthDate: string, date: string, field: string) {
  try {
    return numerologyProfile({ full_name: fullName, birth_date: birthDate, date });
  } catch (err) {
    if (err instanceof NameNotLatinError) throw badRequest(`invalid body: ${field}: ${err.message}`);
    throw err;
  }
}

@Injectable()
export class NumerologyRoutes {
  @Route(ROUTES.numerologyProfile, ({ body }) => checkNumerologyName(body.full_name, 'full_name'))
  profile({ body: input }: Call<typeof ROUTES.numerologyProfile>): NumerologyProfile {
    return profileOf(input.full_name, input.birth_date, input.date ?? today(), 'full_name');
  }

  @Route(ROUTES.numerologyCompatibility, ({ body }) => {
    checkNumerologyName(body.person_a.full_name, 'person_a.full_name');
    checkNumerologyName(body.person_b.full_name, 'person_b.full_name');
  })
  compatibility({ body: input }: Call<typeof ROUTES.numerologyCompatibility>): NumerologyCompatibility {
    const a = profileOf(input.person_a.full_name, input.person_a.birth_date, today(), 'person_a.full_name');
    const b = profileOf(input.person_b.full_name, input.person_b.birth_date, today(), 'person_b.full_name');
    const match = lifePathCompatibility(a.life_path.value, b.life_path.value);
    return {
      person_a: { full_name: a.full_name, life_path: a.life_path, expression: a.expression },
      person_b: { full_name: b.full_name, life_path: b.life_path, expression: b.expression },
      life_path_compatibility: { level: match.level, score: match.score, reasons: match.reasons },
    };
  }
}
