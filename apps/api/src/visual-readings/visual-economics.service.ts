import { Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { visualEconomics } from '@astro/visual';

/** The account's visual-reading jobs, credits charged and refunded per family over a period. */
@Injectable()
export class VisualEconomicsService {
  constructor(private readonly db: Database) {}

  lines(accountId: string, from: Date, to: Date) {
    return visualEconomics(this.db, accountId, from, to);
  }
}
