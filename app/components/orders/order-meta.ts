import { metaIntl, type MessageId } from "../../i18n/index.ts";

type MetaArgs = { data?: { order: { number: string } } | undefined; error?: unknown; matches: Parameters<typeof metaIntl>[0] };

/** The page title of an order's pages, in the page's language; none when the page answered with an error (its boundary sets one). */
export function orderMeta(title: MessageId) {
  return ({ data: d, error, matches }: MetaArgs) =>
    error || !d
      ? [{ name: "robots", content: "noindex" }]
      : [{ title: `${metaIntl(matches).formatMessage({ id: title }, { number: d.order.number })} | East Harlem` }, { name: "robots", content: "noindex" }];
}
