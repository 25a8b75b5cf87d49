// Every business constant and limit, named once and imported by client and server.

export const FREE_PROMPTS_PER_DAY = 3;
export const REFERRAL_BONUS_PROMPTS = 3;
export const PREMIUM_PRICE_USD = 9.99;
export const PREMIUM_PRICE_LABEL = "$9.99";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 15;
export const PROFILE_USERNAME_MIN = 3;
export const PROFILE_USERNAME_MAX = 10;
export const PROFILE_USERNAME_INPUT_MAX = 15;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 255;
export const DESCRIPTION_MAX = 240;
export const PROFILE_DESCRIPTION_MAX = 280;
export const PROFILE_DESCRIPTION_INPUT_MAX = 240;

export const STORY_TITLE_MIN = 1;
export const STORY_TITLE_MAX = 50;
export const STORY_TEXT_MAX = 560;
export const STORY_DESCRIPTION_MAX = 1000;
export const STORY_CONTENT_MAX_BYTES = 2 * 1024 * 1024;
export const TAGS_PER_STORY = 5;
export const MAX_LEAD_ARCHETYPES = 3;
export const MAX_SUPPORTING_ARCHETYPES = 3;
export const MAX_FANDOMS = 3;

export const COVER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_CROP_TARGET_BYTES = 1024 * 1024;
export const COVER_QUALITY_START = 0.9;
export const COVER_QUALITY_STEP = 0.1;
export const COVER_QUALITY_MIN = 0.1;
export const CROP_ASPECT_PUBLISH = 1.5;
export const CROP_ASPECT_DETAILS = 1;
export const CROP_DEFAULT_WIDTH_PERCENT = 90;
export const CROP_NUDGE = { base: 1, shift: 10, ctrl: 100 } as const;
export const RECOMMENDED_COVER = { width: 1200, height: 800 } as const;

export const MOOD_MIN = 0;
export const MOOD_MAX = 100;
export const MOOD_STEP = 1;

export const STRENGTH_WEAK_BELOW = 0.4;
export const STRENGTH_MEDIUM_BELOW = 0.8;

export const SIDEBAR_EXPANDED_PX = 240;
export const SIDEBAR_COLLAPSED_PX = 64;
export const SIDEBAR_ANIMATION_S = 0.2;
export const SIDEBAR_FORCE_COLLAPSE_BELOW_PX = 768;
export const SIDEBAR_STORAGE_KEY = "sidebar-collapsed";
export const SIDEBAR_LIST_HEIGHT_PX = 220;
export const COLLAPSED_STORY_ICONS = 5;
export const COLLAPSED_SAVED_ICONS = 3;

export const DISCOVER_LIMIT = 4;
export const DISCOVER_SKELETONS = 4;
export const MY_STORIES_SKELETONS = 2;
export const CAROUSEL_CARDS_PER_VIEW = [1, 2, 3] as const;

export const CHAT_WIDTH_PERCENT = 40;
export const CHAT_WIDTH_COLLAPSED_SIDEBAR_PERCENT = 35;
export const COPY_LINK_CONFIRM_MS = 2000;
export const AUTH_SYNC_WAIT_MS = 1000;
export const GENERATED_STORY_WINDOW_MS = 60_000;
export const EDITOR_TAB_SPACES = 4;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 3000;
export const TOAST_MAX_WIDTH_PX = 420;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The largest id a table's serial column holds (PostgreSQL integer): a larger one in a request is refused, not looked up. */
export const DB_ID_MAX = 2_147_483_647;
