import { useCallback, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { MessageId } from "../../i18n/index.ts";

type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * A text with elements in it, in the page's language: `rich("events.rsvpPage.cancelled", { event, b: (c) => <strong>{c}</strong> })`
 * puts `<b>...</b>` of the message in a <strong>, and a value may be an element (a <time>), wherever the
 * language puts it.
 */
export function useRichT(): (id: MessageId, values: RichValues) => ReactNode {
  const intl = useIntl();
  return useCallback((id: MessageId, values: RichValues) => intl.formatMessage({ id }, values as Parameters<typeof intl.formatMessage>[1]), [intl]);
}
