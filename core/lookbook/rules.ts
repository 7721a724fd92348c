/** Pure rules of collection pages and lookbooks. No database, no React. */
import { fieldTextsOf } from "../shared/text.ts";

/** The collection, look and hotspot forms' field messages (inputs.ts): ids of the catalogue (texts/messages/<locale>/admin.json). */
export const lookbookField = fieldTextsOf({
  "admin.domain.slugLettersDigitsDashes": [],
  "admin.domain.choosePicture": [],
  "api.domain.fieldWholeNumber": [],
  "admin.domain.enterName": [],
  "admin.domain.nameTooLong": ["max"],
  "admin.domain.enterDescription": [],
  "admin.domain.descriptionTooLong": ["max"],
  "admin.domain.enterTitle": [],
  "admin.domain.titleTooLong": ["max"],
  "admin.domain.enterCaption": [],
  "admin.domain.captionTooLong": ["max"],
  "admin.domain.enterPictureDescription": [],
  "admin.domain.pictureDescriptionTooLong": ["max"],
  "admin.domain.seasonTooLong": [],
  "admin.domain.tooManyProducts": ["max"],
  "admin.domain.descriptionEsAsText": [],
  "admin.domain.descriptionEsTooLong": ["max"],
  "admin.domain.seasonEsAsText": [],
  "admin.domain.seasonEsTooLong": ["max"],
  "admin.domain.titleEsAsText": [],
  "admin.domain.titleEsTooLong": ["max"],
  "admin.domain.captionEsAsText": [],
  "admin.domain.captionEsTooLong": ["max"],
  "admin.domain.pictureDescriptionEsAsText": [],
  "admin.domain.lookPictureDescriptionEsTooLong": ["max"],
  "admin.domain.seasonEsNeedsSeason": [],
  "admin.domain.descriptionEsNeedsSeason": [],
  "admin.domain.titleEsAllOrNone": [],
  "admin.domain.captionEsAllOrNone": [],
  "admin.domain.pictureDescriptionEsAllOrNone": [],
  "admin.domain.acrossPosition": [],
  "admin.domain.downPosition": [],
  "admin.domain.fromZeroToHundred": [],
});

/** A hotspot's position, kept inside the picture (percent of its width and height). */
export function clampPercent(n: number): number {
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** The product list an admin typed, one slug a line (commas allowed), each once, in the order written. */
export function parseSlugList(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[\n,]+/)) {
    const slug = raw.trim().toLowerCase();
    if (slug) seen.add(slug);
  }
  return [...seen];
}
