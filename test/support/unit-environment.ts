/**
 * The unit project's environment (jest.config.js): no server is reachable from a unit test. The
 * integration project's global setup writes the database, Temporal and workflow-bundle addresses
 * into the environment of the whole Jest run; they are removed here, and Chromium is pointed at a
 * path that does not exist, so a test that needs any of them fails at once in either project
 * instead of passing only when the integration tests run beside it.
 */
const SERVER_ADDRESSES = ['TEMPORAL_CLI_PATH', 'TEMPORAL_ADDRESS', 'DATABASE_URL', 'DATABASE_ADMIN_URL', 'REDIS_URL'];

for (const name of Object.keys(process.env)) {
  if (name.startsWith('TEST_') || SERVER_ADDRESSES.includes(name)) delete process.env[name];
}
process.env.CHROMIUM_PATH = '/nonexistent/chromium-runs-only-in-integration-tests';
