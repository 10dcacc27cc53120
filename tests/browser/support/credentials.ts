/** Seeded accounts of the browser suite's stack (a temp data folder; never real credentials). */
export const E2E_ADMIN = { email: 'admin@e2e.local', password: 'Admin-E2e-Pass-1!' };
export const E2E_USER = { email: 'user@e2e.local', password: 'User-E2e-Pass-1!' };
