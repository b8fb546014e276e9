import { planetPositions } from '@astro/ephemeris';
import { ArtifactStore } from '@astro/jobs';
import type { PipelineProbeActivities } from '@astro/workflows';
import { rethrowActivityError } from './input-failure';
import { planetsDocument } from '@astro/contracts';

export function pipelineProbeActivities(deps: { ephemerisPath: string; artifacts: ArtifactStore }): PipelineProbeActivities {
  return {
    async computePlanetsSnapshot({ dt }) {
      try {
        const instant = new Date(dt);
        return planetsDocument(instant, planetPositions(instant, deps.ephemerisPath));
      } catch (err) {
        // A date outside the ephemeris will not get better with retries.
        rethrowActivityError(err);
      }
    },
    async storeJsonArtifact({ jobId, name, document }) {
      return deps.artifacts.put(jobId, name, Buffer.from(JSON.stringify(document, null, 2)), 'application/json');
    },
  };
}
