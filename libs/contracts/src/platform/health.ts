import { z } from 'zod';

export const DependencyStatus = z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() });

export const HealthResponse = z
  .object({
    status: z.literal('ok'),
    checks: z.object({ database: DependencyStatus, temporal: DependencyStatus }),
  })
  .meta({ id: 'Health' });
