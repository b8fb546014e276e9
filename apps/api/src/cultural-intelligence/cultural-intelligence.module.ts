import { Module } from '@nestjs/common';
import { CulturalIntelligenceRoutes } from './cultural-intelligence.routes';
import { CulturalIntelligenceService } from './cultural-intelligence.service';
import { CiProfilesRoutes, CiTeamsRoutes } from './org-resource.routes';

/** Cultural intelligence: orgs, their member profiles and teams, campaigns. */
@Module({
  providers: [CulturalIntelligenceRoutes, CiProfilesRoutes, CiTeamsRoutes, CulturalIntelligenceService],
})
export class CulturalIntelligenceModule {}
