import { test } from '@playwright/test';
import { TESTS } from './server.mjs';

// Playwright's own cost of a test, without any fixture.
for (let i = 0; i < TESTS; i++) test(`empty ${i}`, async () => {});
