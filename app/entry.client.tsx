import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLocale } from "../core/shared/locale.ts";
import { ensureMessages } from "./i18n/index.ts";

/**
 * The page's texts come first (the server preloads them: <link data-messages>), so the page comes alive
 * in the language it was drawn in. Should they fail to load, it comes alive anyway: links and forms work,
 * and texts React redraws show their ids until the next page load.
 */
async function hydrate() {
  const locale = document.documentElement.lang;
  const link = document.querySelector<HTMLLinkElement>("link[data-messages]");
  if (isLocale(locale) && link) await ensureMessages(locale, link.href).catch((error: unknown) => console.error(error));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
