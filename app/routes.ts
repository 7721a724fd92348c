import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("history", "routes/history.tsx"),
  route("music", "routes/music.tsx"),
  route("culture", "routes/culture.tsx"),
  route("collections", "routes/collections.tsx"),
  route("shop", "routes/shop.tsx"),
  route("shop/:slug", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("wishlist/toggle", "routes/wishlist-toggle.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("profile", "routes/profile.tsx"),
  route("orders", "routes/orders.tsx"),
  route("admin", "routes/admin.tsx"),
  route("analytics", "routes/analytics.tsx"),
  route("art/:kind/:file", "routes/art.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
