export { checkAccentColour, contrastWithWhite, darkenToContrast, DEFAULT_ACCENT, formatRatio, isHexColour, MIN_CONTRAST, type AccentCheck } from "./accent-colour";
export { checkLogo, MAX_LOGO_BYTES, MAX_LOGO_SIDE, type LogoCheck, type LogoRefusal, type LogoType } from "./logo-image";
export { BRANDING_COLUMNS, logoPath, presentBranding, type Branding, type SupportContact } from "./present-branding";
export { findLogo } from "./find-logo";
export { logoResponse } from "./logo-response";
