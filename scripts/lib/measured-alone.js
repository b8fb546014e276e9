'use strict';
/**
 * Test files that measure how long one tenant's requests take while another tenant floods the
 * service. On two cores, another test file running beside them (Chromium, the renderer, the
 * Temporal worker) would be in the measurement, so `npm test` runs them by themselves after
 * everything else (scripts/test.js), and the parallel run leaves them out (jest.config.js).
 */
module.exports = { MEASURED_ALONE: ['test/security-free-work.test.ts'] };
