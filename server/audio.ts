import express, { type NextFunction, type Request, type Response } from "express";
import { isAudioFileKey, type AudioStore } from "../core/music/index.ts";

/** A stored audio file never changes under its key (random per upload, a content hash for seeded ones). */
export const AUDIO_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Serves the tracks at /audio/<key> from the audio store's folder. express.static (send) answers Range
 * requests: 206 with Content-Range for a satisfiable range, 416 for one past the end, and Accept-Ranges on
 * every answer, which is what lets a player seek without loading the whole file. Only keys of the store's
 * own pattern are looked up; anything else is a 404.
 */
export function serveAudio(store: AudioStore) {
  const files = express.static(store.root, {
    index: false,
    dotfiles: "deny",
    redirect: false,
    fallthrough: true,
    acceptRanges: true,
    etag: true,
    lastModified: true,
    setHeaders: (res) => res.setHeader("Cache-Control", AUDIO_CACHE_CONTROL),
  });
  const notFound = (res: Response) => {
    res.status(404).setHeader("Cache-Control", "no-store");
    res.type("text/plain").send("Not found");
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!isAudioFileKey(req.path.slice(1))) return notFound(res);
    files(req, res, (error?: unknown) => (error ? next(error) : notFound(res)));
  };
}
