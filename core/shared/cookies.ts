/**
 * A cookie's name as the store sets it. Served over https, every cookie carries the __Host- prefix: the
 * browser then only accepts it with Secure, Path=/ and no Domain, so neither a plain-http page nor a
 * sibling subdomain can set or overwrite the store's session or cart cookie.
 */
export function storeCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}
