import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

/** The address as logged: the one-time tokens of mailed links (verification, reset) are not kept in logs. */
export function withoutSecrets(url: string): string {
  return url.replace(/(\/reset-password\/)[^/?#]+/, "$1[token]").replace(/([?&]token=)[^&#]*/g, "$1[token]");
}

export function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Below the log's level (LOG_LEVEL=warn, say) a request costs no listener and no log entry.
    if (!log.isLevelEnabled("info")) return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info(
        {
          method: req.method,
          url: withoutSecrets(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        },
        "request",
      );
    });
    next();
  };
}
