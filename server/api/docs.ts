import { createRequire } from "node:module";
import path from "node:path";
import express, { type Router } from "express";
import { compressAnswers } from "../compression.ts";

/**
 * The API's reference page at /api/v1/docs: Swagger UI from the swagger-ui-dist package, served from
 * node_modules by the store itself (no CDN), reading /api/v1/openapi.json. It runs under the store's
 * Content-Security-Policy as it is: its scripts are files of this origin (no inline script), its styles
 * inline (allowed), its images data: URLs (allowed), and it fetches the document from this origin.
 */
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const FILES = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]);

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference | East Harlem</title>
<link rel="icon" type="image/png" href="/api/v1/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/start.js"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#docs",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  tryItOutEnabled: false,
});
`;

export function mountDocs(router: Router, openApiJson: () => Promise<string>): void {
  router.get("/openapi.json", compressAnswers, async (_req, res) => {
    const json = await openApiJson();
    res.setHeader("Cache-Control", "no-cache");
    res.type("application/json").send(json);
  });
  router.get("/docs", compressAnswers, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(PAGE);
  });
  router.get("/docs/start.js", compressAnswers, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.type("text/javascript").send(START);
  });
  const assets = express.static(SWAGGER_DIR, { index: false, maxAge: "1d", fallthrough: true });
  router.get("/docs/assets/:file", compressAnswers, (req, res, next) => {
    const file = req.params.file;
    if (typeof file !== "string" || !FILES.has(file)) return next();
    req.url = `/${file}`;
    assets(req, res, next);
  });
}
