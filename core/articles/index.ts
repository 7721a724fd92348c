// The articles module's face: other code imports it from here only (rules.ts and inputs.ts, free of the
// database, may also be imported by browser-bound UI code).
export { countWords, CULTURE_IMAGES, cultureImage, embeddedSlugs, readTimeMinutes, slugFromTitle, splitBody, WORDS_PER_MINUTE, type BodyPart, type CultureImage, type RenderedPart } from "./rules.ts";
export { articleFormSchema, articleIdSchema, articleSlugSchema, articleStatusIntentSchema, type ArticleForm } from "./inputs.ts";
export { renderBody, renderMarkdown } from "./markdown.ts";
export { embeddedProducts, getAdminArticle, getPublishedArticle, listAdminArticles, listArticleSlugs, listPublishedArticles, type AdminArticleDetail, type ArticleDetail, type ArticleSpanish, type ArticleSummary } from "./queries.ts";
export { createArticle, deleteArticle, setArticleStatus, updateArticle } from "./commands.ts";
export { ArticleError, articleNotFound, type ArticleErrorCode } from "./errors.ts";
