/** The page title of an order's pages; none when the page answered with an error (its boundary sets one). */
export function orderMeta(page: (number: string) => string) {
  return ({ data: d, error }: { data?: { order: { number: string } } | undefined; error?: unknown }) =>
    error || !d ? [{ name: "robots", content: "noindex" }] : [{ title: `${page(d.order.number)} | East Harlem` }, { name: "robots", content: "noindex" }];
}
