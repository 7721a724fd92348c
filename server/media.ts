import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { isMediaFileName, type MediaStore } from "../core/media/index.ts";

/** A stored file never changes under its name (names are random, one per upload): caches may keep it for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Serves uploaded photographs from the media store at /media/<name>. Only names the store writes are looked
 * up (core/media isMediaFileName: no "..", no ".", no encoded characters), so nothing outside the store can be
 * named; anything else, and any name with no file, is a 404.
 */
export function serveMedia(store: MediaStore, log: Logger) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Mounted at /media: req.path is the rest, as sent (not decoded, not resolved).
    const name = req.path.slice(1);
    const file = isMediaFileName(name) ? await store.open(name).catch(() => null) : null;
    if (!file) {
      res.status(404).setHeader("Cache-Control", "no-store");
      res.type("text/plain").send("Not found");
      return;
    }
    res.status(200);
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Content-Length", String(file.size));
    res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    try {
      await pipeline(file.stream(), res);
    } catch (error) {
      // A client that goes away mid-file is no error of ours; anything else is logged.
      if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") log.warn({ err: error, name }, "media file could not be sent");
      if (!res.headersSent) next(error);
      else res.destroy();
    }
  };
}
