import { errorsOf } from "../shared/errors.ts";

export type ArticleErrorCode = "articles.not_found" | "articles.slug_taken" | "articles.published";

export class ArticleError extends errorsOf<ArticleErrorCode>({
  "articles.not_found": 404,
  "articles.slug_taken": 409,
  "articles.published": 409,
}) {}

export const ARTICLE_MESSAGES = {
  notFound: "This story is not available.",
  slugTaken: "Another story already uses this address.",
  deletePublished: "Unpublish the story before deleting it: shoppers can still read it.",
} as const;

export const articleNotFound = () => new ArticleError("articles.not_found", ARTICLE_MESSAGES.notFound);
