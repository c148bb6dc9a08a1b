import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerAccountRoutes } from './accounts/accounts.routes';
import { registerAdminRoutes } from './admin/admin.routes';
import { registerApiKeyRoutes } from './api-keys/api-keys.routes';
import { registerBusinessRoutes } from './businesses/businesses.routes';
import { registerCorrectionRoutes } from './businesses/corrections.routes';
import { registerCrmRoutes } from './crm/crm.routes';
import { registerDiscoveryRoutes } from './discovery/discovery.routes';
import { registerEnrichmentRoutes } from './enrichment/enrichment.routes';
import { registerGetStartedRoutes } from './get-started/get-started.routes';
import { registerHealthRoutes } from './health/health.routes';
import { registerIcpRoutes } from './icp/icp.routes';
import { registerInvitationRoutes } from './invitations/invitations.routes';
import { registerLookalikeRoutes } from './lookalikes/lookalikes.routes';
import { registerPeopleRoutes } from './people/people.routes';
import { registerPrivacyRoutes } from './privacy/privacy.routes';
import { registerSessionRoutes } from './sessions/sessions.routes';
import { registerSharingRoutes } from './sharing/sharing.routes';
import { registerSignalsRoutes } from './signals/signals.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerVentureRoutes } from './ventures/ventures.routes';
import { registerWebhookRoutes } from './webhooks/webhooks.routes';

/** Every feature module of the API. A module's routes are thin: they call its service, which calls its repository. */
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  registerHealthRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerVentureRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerDiscoveryRoutes(app, deps);
  registerEnrichmentRoutes(app, deps);
  registerBusinessRoutes(app, deps);
  registerCorrectionRoutes(app, deps);
  registerSharingRoutes(app, deps);
  registerSignalsRoutes(app, deps);
  registerGetStartedRoutes(app, deps);
  registerIcpRoutes(app, deps);
  registerPrivacyRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerCrmRoutes(app, deps);
  registerLookalikeRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerWebhookRoutes(app, deps);
}
