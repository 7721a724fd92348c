/** A core function with its first parameter (the database, or the services it runs with) taken away: what a door calls. */
type Bound<F, D> = F extends (first: D, ...rest: infer A) => infer R ? (...rest: A) => R : never;

export type BoundTo<T, D> = { readonly [K in keyof T]: Bound<T[K], D> };

/**
 * Core's functions bound once to what they run with (core/use-cases): each keeps its name and its other
 * parameters, so a door calls `useCases.cart.addToCart(cartId, input)` and never holds the database.
 */
export function bindTo<D, T extends Record<string, (first: D, ...rest: never[]) => unknown>>(first: D, fns: T): BoundTo<T, D> {
  const bound: Record<string, (...rest: never[]) => unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = (...rest: never[]) => fn(first, ...rest);
  return bound as BoundTo<T, D>;
}
