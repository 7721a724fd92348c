/** The addresses of both languages: the rule is pure and lives in core/shared, where the mails use it too. */
export { isLocalizedPath, localePath, splitLocale } from "../../core/shared/paths.ts";
