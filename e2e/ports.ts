/** Ports of the servers the journeys start (playwright.config.ts) and talk to. */
export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 18420);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 18425);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 18426);
export const mailApiUrl = `http://127.0.0.1:${MAIL_API_PORT}`;
