/** The portal's business constants and limits. */

export const LANGUAGES = ['en', 'sp'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'preferredLanguage';
export const TOKEN_STORAGE_KEY = 'authorize';

export const MINIMUM_AGE = 18;
export const NAME_MIN_LETTERS = 2;
export const FALLBACK_PASSWORD_LENGTH = { min: 8, max: 15 } as const;
export const EMAIL_CODE_MAX_LENGTH = 8;
export const DATE_FORMAT = 'MM/DD/YYYY';
export const IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'svg', 'webp', 'heic', 'heif'] as const;
export const UPLOAD_ERROR_DISPLAY_MS = 5000;
export const SUCCESS_MESSAGE_DISPLAY_MS = 2000;
export const CONSENT_DIALOG_RELOAD_MS = 1000;

export const IDLE_TIMEOUT_MS = 1_800_000;
export const IDLE_PROMPT_MS = 60_000;
export const ACTIVITY_THROTTLE_MS = 500;
export const COUNTDOWN_TICK_MS = 500;
export const TOKEN_REFRESH_LEAD_MS = 60_000;

export const REMINDER_DAYS = { min: 1, max: 365 } as const;
export const SURVEY_PERIOD_DAYS = { min: 1, max: 365 } as const;
export const DOWNTIME_MESSAGE_MAX = 255;
export const DOWNTIME_REMINDER_DAYS = { min: 0, max: 365 } as const;

export const BLOB_URL_REVOKE_DELAY_MS = 10_000_000;

export const DEFAULT_PAGE = 0;
export const DEFAULT_PAGE_SIZE = 10;

export const ROLES = { patient: 'patient', admin: 'admin' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/** The API base path; every API call lives below it. */
export const API_BASE = '/common-server';
