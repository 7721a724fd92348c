import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type ArticleErrorCode = "articles.not_found" | "articles.slug_taken" | "articles.published";

export class ArticleError extends errorsOf<ArticleErrorCode>({
  "articles.not_found": 404,
  "articles.slug_taken": 409,
  "articles.published": 409,
}) {}

/** What the stories' refusals say: texts of the catalogue (texts/messages/<locale>/admin.json). */
export const articleText = textsOf({
  "admin.domain.storyUnavailable": [],
  "admin.domain.storySlugTaken": [],
  "admin.domain.storyPublished": [],
});

export const articleNotFound = () => new ArticleError("articles.not_found", articleText("admin.domain.storyUnavailable"));
